"""Old English Boston's fish arithmetic (Hoyle's Games Improved, pp.334–337; rules.md §10.4).

Each adversary pays (or is paid) in fish:

* success: (tricks won + honours) × the table number ÷ 10;
* failure: (tricks short + tricks undertaken + honours) × the table number ÷ 10;

the product is rounded to the nearest ten first (15–19 → 20, 25–29 → 30; 10–14 → 10), and
nobody pays less than one fish. The table number depends on the tricks undertaken (by the
player, or by player and partner together: 8, 10 or 12) and on the trump: first preference
(the suit turned), second preference (the same colour) or common (the other two). Only the
numbers the worked examples use are known; a club fills in the rest with its own
:class:`FishTable`, and a missing number raises :class:`~engine.errors.BostonError`.

>>> fish(OLD_ENGLISH, undertaken=8, trump="common", tricks_won=9, honours=2)
1
>>> fish(OLD_ENGLISH, undertaken=10, trump="first", tricks_won=10, honours=0)
8
>>> fish(OLD_ENGLISH, undertaken=10, trump="common", short=2, honours=0)
2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.boston.auction import Contract
from engine.boston.payments import PoolOnFailure, Settlement, distribute
from engine.errors import BostonError

#: The trump's class in Old English Boston.
TRUMP_CLASSES = ("first", "second", "common")


@dataclass(frozen=True)
class FishTable:
    """Table numbers keyed by (tricks undertaken, trump class)."""

    name: str
    numbers: Mapping[tuple[int, str], int] = field(default_factory=dict)

    def number(self, undertaken: int, trump: str) -> int:
        if trump not in TRUMP_CLASSES:
            raise BostonError(
                f"the trump is first, second or common, not {trump!r}",
                code="boston_fish_trump_first_second_common",
                params={"trump": repr(trump)},
            )
        key = (undertaken, trump)
        if key not in self.numbers:
            raise BostonError(
                f"table {self.name!r} has no number for {undertaken} tricks "
                f"in a {trump} suit: the club must set it",
                code="boston_fish_table_number_tricks_suit_club",
                params={
                    "name": repr(self.name),
                    "undertaken": str(undertaken),
                    "trump": str(trump),
                },
            )
        return self.numbers[key]


#: The multipliers used in Hoyle's worked examples (pp.336–337), and no others.
OLD_ENGLISH = FishTable(
    name="old_english",
    numbers={(8, "common"): 1, (8, "second"): 2, (10, "common"): 2, (10, "first"): 8},
)


def round_to_ten(value: int) -> int:
    """To the nearest ten, halves up: 14 → 10, 15 → 20, 25 → 30."""
    return (value + 5) // 10 * 10


def fish(
    table: FishTable,
    *,
    undertaken: int,
    trump: str,
    honours: int = 0,
    tricks_won: int | None = None,
    short: int = 0,
) -> int:
    """Fish each adversary pays (success: give ``tricks_won``) or is paid (failure: give
    ``short``, the tricks short of ``undertaken``)."""
    if not 0 <= honours <= 4:
        raise BostonError(
            f"a side holds 0 to 4 honours, not {honours}",
            code="boston_fish_side_holds_honours",
            params={"honours": str(honours)},
        )
    if not 1 <= undertaken <= 13:
        raise BostonError(
            f"{undertaken} is not a number of tricks to undertake",
            code="boston_fish_number_tricks_undertake",
            params={"undertaken": str(undertaken)},
        )
    if tricks_won is not None:
        if not undertaken <= tricks_won <= 13:
            raise BostonError(
                f"{tricks_won} tricks do not make {undertaken}",
                code="boston_fish_tricks_do_make",
                params={"tricks_won": str(tricks_won), "undertaken": str(undertaken)},
            )
        count = tricks_won + honours
    else:
        if not 1 <= short <= undertaken:
            raise BostonError(
                f"{undertaken} undertaken cannot be {short} short",
                code="boston_fish_undertaken_short",
                params={"undertaken": str(undertaken), "short": str(short)},
            )
        count = short + undertaken + honours
    return max(1, round_to_ten(count * table.number(undertaken, trump)) // 10)


def settle_fish(
    contract: Contract,
    tricks_taken: int,
    table: FishTable,
    *,
    trump: str,
    honours: int = 0,
    pool: int = 0,
    pool_on_failure: PoolOnFailure = PoolOnFailure.NONE,
    undertaken: int | None = None,
) -> Settlement:
    """A hand paid in fish: each adversary pays each member of the declaring side (or is
    paid); the pool goes to the winners as in :func:`~engine.boston.payments.settle`.
    ``undertaken`` overrides the contract's tricks for an Old English partnership (the
    player 6 and the partner 4: 10; 7 and 5: 12)."""
    if undertaken is None:
        undertaken = contract.tricks
    elif contract.supporter is None or undertaken not in (8, 10, 12):
        raise BostonError(
            "only a player and partner together undertake 8, 10 or 12 tricks",
            code="boston_fish_player_partner_together_undertake_tricks",
        )
    if not 0 <= tricks_taken <= 13:
        raise BostonError(
            f"a side cannot take {tricks_taken} tricks",
            code="boston_fish_side_take_tricks",
            params={"tricks_taken": str(tricks_taken)},
        )
    made = tricks_taken >= undertaken
    if made:
        each = fish(
            table, undertaken=undertaken, trump=trump, honours=honours, tricks_won=tricks_taken
        )
    else:
        short = undertaken - tricks_taken
        each = fish(table, undertaken=undertaken, trump=trump, honours=honours, short=short)
    return distribute(contract, made, each, pool, pool_on_failure)
