"""A Boston night's running totals: from the settled hands, each seat's and the pool's total.

Pure bookkeeping for the club-night pages: give :func:`night_totals` every
:class:`~engine.boston.payments.Settlement` of the night in order — the antes
(:func:`~engine.boston.payments.ante`) and the hands (:func:`~engine.boston.payments.settle`,
:func:`~engine.boston.payments.settle_all_pass`, :func:`~engine.boston.fish.settle_fish`) —
and it returns the totals after every one of them. Every settlement must balance (seats
plus pool sum to zero), so the totals always do too: what the seats are up, the pool and the
other seats are down. :func:`player_totals` adds up by player when players change seats.

>>> from engine.cards import Seat
>>> from engine.boston.auction import Contract, Level
>>> from engine.boston.payments import POKERWINER, ante, settle
>>> night = night_totals([ante(Seat.N), settle(Contract(Seat.E, Level.PIDO), 5, POKERWINER, 20)])
>>> night.seats[Seat.E], night.pool, night.hands
(22, 0, 2)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from engine.boston.payments import Settlement
from engine.cards import Seat
from engine.errors import BostonError

P = TypeVar("P", bound=Hashable)
_SEAT_SET = frozenset(Seat)


@dataclass(frozen=True)
class NightTotals:
    """Totals per seat and the pool after the last settlement; ``running`` holds the
    totals after each one, in order (``running[-1]`` is the total)."""

    seats: dict[Seat, int]
    pool: int
    running: tuple[Settlement, ...]

    @property
    def hands(self) -> int:
        return len(self.running)


def _check(number: int, settlement: Settlement) -> None:
    if settlement.seats.keys() != _SEAT_SET:
        raise BostonError(
            f"settlement {number} does not give all four seats",
            code="boston_night_settlement_does_all_four_seats",
            params={"number": str(number)},
        )
    if sum(settlement.seats.values()) + settlement.pool != 0:
        raise BostonError(
            f"settlement {number} does not balance: seats and pool must sum to 0",
            code="boston_night_settlement_does_balance_seats_pool",
            params={"number": str(number)},
        )


def night_totals(settlements: Iterable[Settlement], *, pool: int = 0) -> NightTotals:
    """Running totals of ``settlements``; ``pool`` is what the pool held before the first."""
    seats = dict.fromkeys(Seat, 0)
    running = []
    for number, settlement in enumerate(settlements, start=1):
        _check(number, settlement)
        for seat, change in settlement.seats.items():
            seats[seat] += change
        pool += settlement.pool
        if pool < 0:
            raise BostonError(
                f"settlement {number} takes more out of the pool than it holds",
                code="boston_night_settlement_takes_more_out_pool",
                params={"number": str(number)},
            )
        running.append(Settlement(dict(seats), pool))
    return NightTotals(dict(seats), pool, tuple(running))


def player_totals(rows: Iterable[tuple[Mapping[Seat, P], Settlement]]) -> dict[P, int]:
    """Totals by player: each row is (who sat where, that settlement)."""
    totals: dict[P, int] = {}
    for number, (seating, settlement) in enumerate(rows, start=1):
        _check(number, settlement)
        if set(seating) != set(Seat):
            raise BostonError(
                f"settlement {number}: say who sat in each of the four seats",
                code="boston_night_settlement_say_who_sat_each",
                params={"number": str(number)},
            )
        for seat, change in settlement.seats.items():
            player = seating[seat]
            totals[player] = totals.get(player, 0) + change
    return totals
