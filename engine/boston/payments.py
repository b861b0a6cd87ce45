"""A Boston hand's result and its payments from a named payment table (rules.md §10.3–10.4).

Payments are counters paid between each adversary and each member of the declaring side
(solo: three adversaries pay or receive from the declarer; with a supporter: each of the two
adversaries pays or receives from each of the two). The pool takes stakes and pays out to
the winner; :func:`settle` returns the change for every seat and for the pool, which always
sums to zero. Foster's two failure tables (p.168) are complete presets; where no source
prints a number (Foster's success table, the Spanish page 3) a preset has no entry, and a
missing entry raises :class:`BostonError` naming it. ``foster_complete`` prices every
contract of every ladder (the default for a new table; how it is completed is said below).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from engine.boston.auction import Contract, Level
from engine.boston.variants import AllPass, BostonProfile
from engine.cards import Seat
from engine.errors import BostonError

_SEATS = tuple(Seat)


class PoolOnFailure(str, Enum):
    """What a failing declarer owes the pool (DISPUTED, rules.md §10.3)."""

    NONE = "none"
    DOUBLE = "double"  # Foster's Boston: the pool is doubled by the failing side
    PAY_SAME = "pay_same"  # Fontainebleau: pay the pool what he pays each other player


@dataclass(frozen=True)
class PaymentTable:
    """Counters per adversary. ``made[tricks]`` for a made trick contract, ``per_overtrick``
    for each trick over, ``failed[tricks][short-1]`` when short (``None``: no known price),
    ``misere[level name]``, and ``misere_partout_unit`` counters per trick of difference
    when all pass and misère partout is played."""

    name: str
    made: dict[int, int] = field(default_factory=dict)
    per_overtrick: int = 0
    failed: dict[int, tuple[int | None, ...]] = field(default_factory=dict)
    misere: dict[str, int] = field(default_factory=dict)
    pool_on_failure: PoolOnFailure = PoolOnFailure.DOUBLE
    misere_partout_unit: int = 1

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (keys as strings) a club can store."""
        return {
            "name": self.name,
            "made": {str(k): v for k, v in self.made.items()},
            "per_overtrick": self.per_overtrick,
            "failed": {str(k): list(v) for k, v in self.failed.items()},
            "misere": dict(self.misere),
            "pool_on_failure": self.pool_on_failure.value,
            "misere_partout_unit": self.misere_partout_unit,
        }

    @classmethod
    def from_dict(cls, data: object) -> PaymentTable:
        """A club's own table from its stored JSON, checked: every mistake is a
        :class:`BostonError` naming the field and what is wrong."""
        return _table_from_dict(data)

    @classmethod
    def from_json(cls, text: str) -> PaymentTable:
        """:meth:`from_dict` of a JSON text."""
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise BostonError(
                f"the payment table is not valid JSON: {exc}",
                code="boston_payments_payment_table_valid_json",
                params={"exc": str(exc)},
            ) from exc
        return _table_from_dict(data)


_FIELDS = ("name", "made", "per_overtrick", "failed", "misere", "pool_on_failure")
_OPTIONAL = ("misere_partout_unit",)
MISERE_NAMES = tuple(level.name for level in Level if level.is_misere)


def _count(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BostonError(
            f"{where}: {value!r} is not a whole number of counters (0 or more)",
            code="boston_payments_whole_number_counters_more",
            params={"where": str(where), "value": repr(value)},
        )
    return value


def _tricks_key(key: object, where: str) -> int:
    try:
        tricks = int(str(key))
    except ValueError:
        tricks = -1
    if not 1 <= tricks <= 13:
        raise BostonError(
            f"{where}: {key!r} is not a number of tricks from 1 to 13",
            code="boston_payments_number_tricks",
            params={"where": str(where), "key": repr(key)},
        )
    return tricks


def _mapping(data: dict, key: str) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise BostonError(
            f"{key} must be an object keyed by tricks or contract",
            code="boston_payments_object_keyed_tricks_contract",
            params={"key": str(key)},
        )
    return value


def _failed_rows(data: dict) -> dict[int, tuple[int | None, ...]]:
    failed: dict[int, tuple[int | None, ...]] = {}
    for k, row in _mapping(data, "failed").items():
        tricks = _tricks_key(k, "failed")
        if not isinstance(row, list):
            raise BostonError(
                f"failed[{k}] must be a list: the price for 1 short, 2 short, …",
                code="boston_payments_failed_list_price_short_short",
                params={"key": str(k)},
            )
        if len(row) > tricks:
            raise BostonError(
                f"failed[{k}] has {len(row)} prices but {tricks} tricks bid "
                f"can be at most {tricks} short",
                code="boston_payments_failed_prices_tricks_bid_most",
                params={"key": str(k), "count": str(len(row)), "tricks": str(tricks)},
            )
        failed[tricks] = tuple(
            None if v is None else _count(v, f"failed[{k}][{i}]") for i, v in enumerate(row)
        )
    return failed


def _misere_prices(data: dict) -> dict[str, int]:
    misere = {}
    for k, v in _mapping(data, "misere").items():
        if k not in MISERE_NAMES:
            choices = ", ".join(MISERE_NAMES)
            raise BostonError(
                f"misere: {k!r} is not a misère (choose from {choices})",
                code="boston_payments_misere_mis_re_choose",
                params={"key": repr(k), "choices": str(choices)},
            )
        misere[k] = _count(v, f"misere[{k}]")
    return misere


def _table_from_dict(data: object) -> PaymentTable:
    if not isinstance(data, dict):
        raise BostonError(
            "a payment table is a JSON object with a name and its prices",
            code="boston_payments_payment_table_json_object_name",
        )
    unknown = sorted(set(data) - set(_FIELDS) - set(_OPTIONAL))
    if unknown:
        fields = ", ".join(_FIELDS + _OPTIONAL)
        raise BostonError(
            f"a payment table has no field {unknown[0]!r} (fields: {fields})",
            code="boston_payments_payment_table_field_fields",
            params={"unknown": repr(unknown[0]), "fields": str(fields)},
        )
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BostonError(
            "a payment table needs a name", code="boston_payments_payment_table_needs_name"
        )
    try:
        pool_rule = PoolOnFailure(data.get("pool_on_failure", "double"))
    except ValueError:
        choices = ", ".join(rule.value for rule in PoolOnFailure)
        raise BostonError(
            f"pool_on_failure must be one of {choices}",
            code="boston_payments_pool_failure_one",
            params={"choices": str(choices)},
        ) from None
    made = _mapping(data, "made").items()
    return PaymentTable(
        name=name.strip(),
        made={_tricks_key(k, "made"): _count(v, f"made[{k}]") for k, v in made},
        per_overtrick=_count(data.get("per_overtrick", 0), "per_overtrick"),
        failed=_failed_rows(data),
        misere=_misere_prices(data),
        pool_on_failure=pool_rule,
        misere_partout_unit=_count(data.get("misere_partout_unit", 1), "misere_partout_unit"),
    )


# R. F. Foster, *Foster's Complete Hoyle*, Boston, p.168 (bitlit.ru page 168 of the book):
# what a bidder who is "put in for" 1, 2, … tricks pays each adversary. Foster prints the
# original table and "the same table reduced to the American decimal system, in which form
# it is commonly found in the clubs". Row = tricks bid (5 … 13), column = tricks short.
FOSTER_ORIGINAL_FAILED: dict[int, tuple[int, ...]] = {
    5: (11, 21, 31, 41, 50),
    6: (15, 24, 35, 45, 55, 66),
    7: (19, 29, 40, 50, 60, 72, 82),
    8: (23, 34, 46, 56, 67, 78, 89, 110),
    9: (33, 44, 57, 68, 82, 92, 103, 115, 127),
    10: (44, 56, 70, 82, 94, 107, 119, 132, 145, 157),
    11: (67, 80, 95, 109, 123, 138, 151, 165, 180, 194, 208),
    12: (113, 130, 148, 165, 182, 200, 217, 234, 252, 270, 286, 304),
    13: (177, 198, 222, 241, 262, 284, 305, 326, 348, 369, 390, 412, 433),
}
FOSTER_DECIMAL_FAILED: dict[int, tuple[int, ...]] = {
    5: (10, 20, 30, 40, 50),
    6: (15, 25, 35, 45, 55, 65),
    7: (20, 30, 40, 50, 60, 70, 80),
    8: (25, 35, 45, 55, 70, 85, 100, 115),
    9: (35, 45, 55, 65, 80, 95, 110, 125, 140),
    10: (45, 55, 70, 80, 95, 110, 125, 140, 155, 170),
    11: (70, 80, 95, 110, 125, 140, 155, 170, 185, 200, 220),
    12: (120, 130, 145, 160, 180, 200, 220, 240, 260, 280, 300, 320),
    13: (180, 200, 220, 240, 260, 280, 300, 320, 340, 360, 390, 420, 450),
}
# Foster p.168: "If a misère is bid, the caller wins from, or loses to each adversary …
# there being no over-tricks": little misère 20, grand misère 40, little spread 80, grand
# spread 160 white counters, "each of these is twice the amount of the next lower". On the
# Spanish ladder: pequeña miseria = little misère (one discard), gran miseria = grand,
# miseria en la mesa = grand spread (open, no discard). Miseria de cuatro ases has no
# printed price; only FOSTER_COMPLETE gives it one (our reading, see there).
FOSTER_MISERES = {
    "PEQUENA_MISERIA": 20,
    "GRAN_MISERIA": 40,
    "MISERIA_EN_LA_MESA": 160,
    "LITTLE_MISERE": 20,
    "GRAND_MISERE": 40,
    "LITTLE_SPREAD": 80,
    "GRAND_SPREAD": 160,
}
FOSTER_DECIMAL = PaymentTable(
    name="foster_decimal", failed=dict(FOSTER_DECIMAL_FAILED), misere=dict(FOSTER_MISERES)
)
FOSTER_ORIGINAL = PaymentTable(
    name="foster_original", failed=dict(FOSTER_ORIGINAL_FAILED), misere=dict(FOSTER_MISERES)
)
#: Tables stored before the two Foster tables were complete were named "foster".
FOSTER = FOSTER_DECIMAL
# pokerwiner (Scarne-style) scale: made 5→2 … 13→34; failures given for bids 5 and 6 only.
POKERWINER = PaymentTable(
    name="pokerwiner",
    made={5: 2, 6: 3, 7: 4, 8: 5, 9: 7, 10: 9, 11: 13, 12: 21, 13: 34},
    failed={5: (2, 4, 6, 8, 10), 6: (3, 5, 7, 9, 11)},
    pool_on_failure=PoolOnFailure.NONE,
)
#: Every contract of every ladder priced, in Foster's decimal units: the default of a new
#: table. Failures and misères are Foster's decimal table (p.168). Foster's success table
#: was not found, so a made bid is paid pokerwiner's published made scale in Foster's units
#: (×5): pokerwiner's failure rows (5: 2,4,6,8,10; 6: 3,5,7,9,11) are exactly Foster's
#: decimal rows divided by 5. No over-tricks (pokerwiner: "just what he bid and made").
#: Miseria de cuatro ases (no printed price) is paid as the rung it stands on, between
#: gran miseria (grand misère 40) and miseria en la mesa (grand spread 160): little
#: spread's 80. Foster's pool rule: the failing side doubles the pool.
FOSTER_COMPLETE = PaymentTable(
    name="foster_complete",
    made={tricks: 5 * price for tricks, price in POKERWINER.made.items()},
    failed=dict(FOSTER_DECIMAL_FAILED),
    misere={**FOSTER_MISERES, "MISERIA_CUATRO_ASES": 80},
)
PAYMENT_TABLES = {t.name: t for t in (FOSTER_COMPLETE, FOSTER_DECIMAL, FOSTER_ORIGINAL, POKERWINER)}
PAYMENT_TABLES["foster"] = FOSTER_DECIMAL


@dataclass(frozen=True)
class HandResult:
    """Made or failed, with tricks over (made) or short (failed)."""

    made: bool
    over: int = 0
    short: int = 0


def hand_result(contract: Contract, tricks_taken: int) -> HandResult:
    """Judge the hand. ``tricks_taken``: by the declaring side (a misère: by the declarer,
    counting pequeña miseria's 12 tricks after the discard — any trick taken fails it)."""
    limit = contract.level.tricks_played
    if not 0 <= tricks_taken <= limit:
        after = " of the 12 played after the discard" if limit == 12 else ""
        raise BostonError(
            f"a side cannot take {tricks_taken} tricks{after}",
            code="boston_tricks_out_of_range",
            params={"tricks_taken": str(tricks_taken), "after": str(after)},
        )
    if contract.level.is_misere:
        return HandResult(made=tricks_taken == 0, short=0 if tricks_taken == 0 else tricks_taken)
    need = contract.tricks
    if tricks_taken >= need:
        return HandResult(True, over=tricks_taken - need)
    return HandResult(False, short=need - tricks_taken)


def amount(table: PaymentTable, contract: Contract, result: HandResult) -> int:
    """Counters per adversary for this hand under ``table``."""
    if contract.level.is_misere:
        key = contract.level.name
        if key not in table.misere:
            raise BostonError(
                f"table {table.name!r} has no price for {contract.level.label}",
                code="boston_no_price_misere",
                params={"name": repr(table.name), "label": str(contract.level.label)},
            )
        return table.misere[key]
    need = contract.tricks
    if result.made:
        if need not in table.made:
            raise BostonError(
                f"table {table.name!r} has no price for making {need} tricks",
                code="boston_no_price_made",
                params={"name": repr(table.name), "need": str(need)},
            )
        return table.made[need] + result.over * table.per_overtrick
    row = table.failed.get(need, ())
    price = row[result.short - 1] if result.short <= len(row) else None
    if price is None:
        raise BostonError(
            f"table {table.name!r} has no price for {need} tricks bid and {result.short} short",
            code="boston_no_price_failed",
            params={"name": repr(table.name), "need": str(need), "short": str(result.short)},
        )
    return price


@dataclass(frozen=True)
class Settlement:
    """Counters won (+) or lost (−) by each seat and by the pool; they sum to zero."""

    seats: dict[Seat, int]
    pool: int

    def __add__(self, other: Settlement) -> Settlement:
        """Both settlements of one hand together (e.g. the dealer's stakes and the payments).

        >>> a = Settlement({s: 1 for s in Seat}, -4)
        >>> (a + a).seats[Seat.N], (a + a).pool
        (2, -8)
        """
        return Settlement({s: self.seats[s] + other.seats[s] for s in Seat}, self.pool + other.pool)


def settle(contract: Contract, tricks_taken: int, table: PaymentTable, pool: int) -> Settlement:
    """Payments for the hand; the winning declarer (and supporter) take the pool ``pool``."""
    result = hand_result(contract, tricks_taken)
    each = amount(table, contract, result)
    return distribute(contract, result.made, each, pool, table.pool_on_failure)


def distribute(
    contract: Contract, made: bool, each: int, pool: int, pool_on_failure: PoolOnFailure
) -> Settlement:
    """``each`` counters between every adversary and every member of the declaring side
    (to the side when ``made``, from it otherwise); the pool to the winners, or fed by the
    losers per ``pool_on_failure``. Zero-sum with the pool."""
    side = [contract.declarer] + ([contract.supporter] if contract.supporter is not None else [])
    others = [s for s in _SEATS if s not in side]
    sign = 1 if made else -1
    seats = dict.fromkeys(_SEATS, 0)
    for winner in side:
        for loser in others:
            seats[winner] += sign * each
            seats[loser] -= sign * each
    pool_change = 0
    if made:
        share, rest = divmod(pool, len(side))
        for i, winner in enumerate(side):
            seats[winner] += share + (rest if i == 0 else 0)
        pool_change = -pool
    elif pool_on_failure is not PoolOnFailure.NONE:
        due = pool if pool_on_failure is PoolOnFailure.DOUBLE else each
        for loser in side:
            seats[loser] -= due
            pool_change += due
    return Settlement(seats, pool_change)


def settle_all_pass(
    profile: BostonProfile, tricks: Mapping[Seat, int], table: PaymentTable, pool: int = 0
) -> Settlement:
    """All four passed and the hand was played (the profile's ``all_pass``).

    Misère partout (Foster): whoever took the most tricks pays each other player the
    difference, ``table.misere_partout_unit`` counters a trick (a lone loser with t tricks
    pays 3t − (13 − t) units in all); players tied for the most pay alike and nothing to
    each other. Pool to the fewest (Fontainebleau): the fewest tricks takes the pool, tied
    players share it and an odd counter stays in. Redeal: nothing was played.
    """
    if profile.all_pass is AllPass.REDEAL:
        raise BostonError(
            "all passed and this Boston redeals: there is nothing to pay",
            code="boston_payments_all_passed_boston_redeals_there",
        )
    counts = _all_pass_tricks(tricks)
    seats = {s: 0 for s in Seat}
    if profile.all_pass is AllPass.POOL_TO_FEWEST:
        fewest = min(counts.values())
        takers = [s for s in Seat if counts[s] == fewest]
        share = pool // len(takers)
        for seat in takers:
            seats[seat] += share
        return Settlement(seats, -share * len(takers))
    most = max(counts.values())
    for loser in (s for s in Seat if counts[s] == most):
        for other in Seat:
            due = (most - counts[other]) * table.misere_partout_unit
            seats[loser] -= due
            seats[other] += due
    return Settlement(seats, 0)


def _all_pass_tricks(tricks: Mapping[Seat, int]) -> dict[Seat, int]:
    if set(tricks) != set(Seat):
        raise BostonError(
            "give the tricks of all four players", code="boston_payments_tricks_all_four_players"
        )
    counts = {s: tricks[s] for s in Seat}
    if any(not 0 <= t <= 13 for t in counts.values()) or sum(counts.values()) != 13:
        shown = ", ".join(f"{s.name} {t}" for s, t in counts.items())
        raise BostonError(
            f"the four players' tricks must add up to 13, not {shown}",
            code="boston_payments_four_players_tricks_add_up",
            params={"shown": str(shown)},
        )
    return counts


@dataclass(frozen=True)
class Stakes:
    """Pool stakes: es.knowpia's Spanish Boston — a plate of 20, dealer 8, others 4 each."""

    initial_plate: int = 20
    dealer: int = 8
    others: int = 4


SPANISH_STAKES = Stakes()
#: Old English Boston (Hoyle, p.334): 8 fish each, the dealer 4 more.
OLD_ENGLISH_STAKES = Stakes(initial_plate=36, dealer=12, others=8)
#: Fontainebleau: each dealer alone pays in — five counters (Foster p.170) or one short
#: counter of fifty (Wikipedia); DISPUTED, so both are here.
FONTAINEBLEAU_STAKES = Stakes(initial_plate=5, dealer=5, others=0)
FONTAINEBLEAU_STAKES_WIKIPEDIA = Stakes(initial_plate=50, dealer=50, others=0)


def ante(dealer: Seat, stakes: Stakes = SPANISH_STAKES) -> Settlement:
    """The stakes each seat puts in the pool before the deal (zero-sum with the pool)."""
    seats = {s: -(stakes.dealer if s == dealer else stakes.others) for s in Seat}
    return Settlement(seats, -sum(seats.values()))
