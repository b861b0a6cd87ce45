"""A Boston hand's result and its payments from a named payment table (rules.md §10.3–10.4).

Payments are counters paid between each adversary and each member of the declaring side
(solo: three adversaries pay or receive from the declarer; with a supporter: each of the two
adversaries pays or receives from each of the two). The pool takes stakes and pays out to
the winner; :func:`settle` returns the change for every seat and for the pool, which always
sums to zero. Where rules.md says a number is not known (Foster's success table, most of
Foster's failure table, the Spanish page 3), the preset has no entry: the club must set it in
its own table, and a missing entry raises :class:`BostonError` naming it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from engine.boston.auction import Contract
from engine.cards import Seat
from engine.errors import BostonError


class PoolOnFailure(str, Enum):
    """What a failing declarer owes the pool (DISPUTED, rules.md §10.3)."""

    NONE = "none"
    DOUBLE = "double"  # Foster's Boston: the pool is doubled by the failing side
    PAY_SAME = "pay_same"  # Fontainebleau: pay the pool what he pays each other player


@dataclass(frozen=True)
class PaymentTable:
    """Counters per adversary. ``made[tricks]`` for a made trick contract, ``per_overtrick``
    for each trick over, ``failed[tricks][short-1]`` when short, ``misere[level name]``."""

    name: str
    made: dict[int, int] = field(default_factory=dict)
    per_overtrick: int = 0
    failed: dict[int, tuple[int, ...]] = field(default_factory=dict)
    misere: dict[str, int] = field(default_factory=dict)
    pool_on_failure: PoolOnFailure = PoolOnFailure.DOUBLE

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (keys as strings) a club can store."""
        return {
            "name": self.name,
            "made": {str(k): v for k, v in self.made.items()},
            "per_overtrick": self.per_overtrick,
            "failed": {str(k): list(v) for k, v in self.failed.items()},
            "misere": dict(self.misere),
            "pool_on_failure": self.pool_on_failure.value,
        }

    @classmethod
    def from_dict(cls, data: dict) -> PaymentTable:
        """A club's own table from its stored JSON."""
        return cls(
            name=str(data["name"]),
            made={int(k): int(v) for k, v in data.get("made", {}).items()},
            per_overtrick=int(data.get("per_overtrick", 0)),
            failed={int(k): tuple(v) for k, v in data.get("failed", {}).items()},
            misere={str(k): int(v) for k, v in data.get("misere", {}).items()},
            pool_on_failure=PoolOnFailure(data.get("pool_on_failure", "double")),
        )


# Foster: misères 20/40/80/160 (little, grand, little spread, grand spread). Mapped to the
# Spanish ladder: pequeña miseria = little, gran miseria = grand, miseria en la mesa = grand
# spread (open, no discard). Miseria de cuatro ases has no published price: the club sets it.
# Foster's failure table is known only at "5 short 1 → 10" (and 13 short 13 → 450).
FOSTER = PaymentTable(
    name="foster",
    failed={5: (10,)},
    misere={"PEQUENA_MISERIA": 20, "GRAN_MISERIA": 40, "MISERIA_EN_LA_MESA": 160},
)
# pokerwiner (Scarne-style) scale: made 5→2 … 13→34; failures given for bids 5 and 6 only.
POKERWINER = PaymentTable(
    name="pokerwiner",
    made={5: 2, 6: 3, 7: 4, 8: 5, 9: 7, 10: 9, 11: 13, 12: 21, 13: 34},
    failed={5: (2, 4, 6, 8, 10), 6: (3, 5, 7, 9, 11)},
    pool_on_failure=PoolOnFailure.NONE,
)
PAYMENT_TABLES = {t.name: t for t in (FOSTER, POKERWINER)}


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
        raise BostonError(f"a side cannot take {tricks_taken} tricks{after}")
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
            raise BostonError(f"table {table.name!r} has no price for {contract.level.label}")
        return table.misere[key]
    need = contract.tricks
    if result.made:
        if need not in table.made:
            raise BostonError(f"table {table.name!r} has no price for making {need} tricks")
        return table.made[need] + result.over * table.per_overtrick
    row = table.failed.get(need, ())
    if result.short > len(row):
        raise BostonError(
            f"table {table.name!r} has no price for {need} tricks bid and {result.short} short"
        )
    return row[result.short - 1]


@dataclass(frozen=True)
class Settlement:
    """Counters won (+) or lost (−) by each seat and by the pool; they sum to zero."""

    seats: dict[Seat, int]
    pool: int


def settle(contract: Contract, tricks_taken: int, table: PaymentTable, pool: int) -> Settlement:
    """Payments for the hand; the winning declarer (and supporter) take the pool ``pool``."""
    result = hand_result(contract, tricks_taken)
    each = amount(table, contract, result)
    side = [contract.declarer] + ([contract.supporter] if contract.supporter is not None else [])
    others = [s for s in Seat if s not in side]
    sign = 1 if result.made else -1
    seats = {s: 0 for s in Seat}
    for winner in side:
        for loser in others:
            seats[winner] += sign * each
            seats[loser] -= sign * each
    pool_change = 0
    if result.made:
        share, rest = divmod(pool, len(side))
        for i, winner in enumerate(side):
            seats[winner] += share + (rest if i == 0 else 0)
        pool_change = -pool
    elif table.pool_on_failure is not PoolOnFailure.NONE:
        due = pool if table.pool_on_failure is PoolOnFailure.DOUBLE else each
        for loser in side:
            seats[loser] -= due
            pool_change += due
    return Settlement(seats, pool_change)


@dataclass(frozen=True)
class Stakes:
    """Pool stakes: es.knowpia's Spanish Boston — a plate of 20, dealer 8, others 4 each."""

    initial_plate: int = 20
    dealer: int = 8
    others: int = 4


SPANISH_STAKES = Stakes()


def ante(dealer: Seat, stakes: Stakes = SPANISH_STAKES) -> Settlement:
    """The stakes each seat puts in the pool before the deal (zero-sum with the pool)."""
    seats = {s: -(stakes.dealer if s == dealer else stakes.others) for s in Seat}
    return Settlement(seats, -sum(seats.values()))
