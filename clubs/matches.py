"""The three-rubber match at a club-night table: who sits where in each rubber, the next
rubber's first dealer, and each player's total (all rules in :mod:`engine.rotation` and, at a
dummy table, :mod:`engine.dummy`)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.errors import ClubError
from clubs.models import HandRecord, RubberRecord, RubberTable
from clubs.rubbers import rubber_state
from engine.cards import Seat
from engine.dummy import DUMMY_HAND, dummy_rubber, dummy_totals
from engine.rotation import Seating, due_to_deal, match_seatings, match_totals
from engine.rubber import Rubber

MATCH_RUBBERS = 3
DUMMY_SEATS = ("S", "W", "E")  # rubber 1 of a dummy table: the cut order, as seated


@dataclass(frozen=True)
class MatchState:
    """Seatings (member ids; :data:`engine.dummy.DUMMY_HAND` in Dummy's seat) of the rubbers
    known so far, each player's points total over the finished rubbers, and the engine's
    state of every rubber started (in order)."""

    seatings: tuple[Seating, ...]
    totals: dict[Hashable, int]
    rubbers: tuple[tuple[RubberRecord, list[HandRecord], Rubber], ...] = ()


def first_seating(table: RubberTable) -> Seating:
    """Rubber 1's seating as cut: member ids in seats N, E, S, W."""
    seats = {Seat[s.seat]: s.member_id for s in table.seats.all()}
    if len(seats) != 4:
        raise ClubError(_("A three-rubber match needs four players seated at the table."))
    return Seating.of(seats)


def cut_order(table: RubberTable) -> tuple[int, int, int]:
    """The three members of a dummy table in the order they cut (South, West, East of
    rubber 1)."""
    seats = {s.seat: s.member_id for s in table.seats.all()}
    if set(seats) != set(DUMMY_SEATS):
        raise ClubError(_("A dummy table needs three players seated South, West and East."))
    return tuple(seats[s] for s in DUMMY_SEATS)  # type: ignore[return-value]


def table_rubbers(table: RubberTable) -> list[tuple[RubberRecord, list[HandRecord]]]:
    """The table's rubbers in order with their hands in order; uses prefetched
    ``rubbers__hands`` when the caller loaded them, else two queries."""
    if "rubbers" in getattr(table, "_prefetched_objects_cache", {}):
        rubbers = sorted(table.rubbers.all(), key=lambda r: r.number)
    else:
        rubbers = list(table.rubbers.order_by("number").prefetch_related("hands"))
    return [(r, sorted(r.hands.all(), key=lambda h: h.number)) for r in rubbers]


def match_state(table: RubberTable) -> MatchState:
    """The seatings of rubbers 1–3 (as far as their first dealers are known), the totals,
    and each rubber's running state."""
    played = table_rubbers(table)
    states = tuple((r, hands, rubber_state(r, hands)) for r, hands in played)
    results = []
    for _rubber, _hands, state in states[:MATCH_RUBBERS]:
        if not state.is_over:
            break
        results.append(state.result())
    if table.dummy:
        players = cut_order(table)
        rubbers = [dummy_rubber(players, n) for n in range(1, max(len(played), 1) + 1)]
        totals = dummy_totals(list(zip(rubbers, results, strict=False)))
        if not totals:
            totals = dict.fromkeys(players, 0)
        return MatchState(tuple(r.seating for r in rubbers), totals, states)
    first = first_seating(table)
    dealers = [Seat[r.first_dealer] for r, _hands in played[1:MATCH_RUBBERS]]
    if len(dealers) == 2:
        seatings = match_seatings(first, dealers[0], dealers[1])
    elif dealers:
        seatings = match_seatings(first, dealers[0], dealers[0].left)[:2]
    else:
        seatings = (first,)
    totals = match_totals(seatings, results) if results else dict.fromkeys(first.players, 0)
    return MatchState(tuple(seatings), totals, states)


def is_dummy_hand(player: Hashable) -> bool:
    """Whether ``player`` is Dummy's place rather than a member."""
    return player is DUMMY_HAND


@transaction.atomic
def rubber_start_next(*, table: RubberTable) -> RubberRecord:
    """Start the table's next rubber once the last is over: the player left of the last
    dealer deals first (and, in rubbers 2 and 3, the rotation follows from that seat). At a
    dummy table Dummy deals first in every rubber, and the next player in cut order holds it."""
    last = table.rubbers.select_for_update().order_by("number").last()
    if last is None:
        raise ClubError(_("Start the first rubber with its dealer as cut."))
    hands = list(last.hands.order_by("number"))
    if not rubber_state(last, hands).is_over:
        raise ClubError(_("Rubber %(n)d is not over yet.") % {"n": last.number})
    if last.number >= MATCH_RUBBERS:
        raise ClubError(_("The three-rubber match is over."))
    if table.dummy:
        first_dealer = dummy_rubber((1, 2, 3), last.number + 1).first_dealer
    else:
        first_dealer = due_to_deal(Seat[hands[-1].dealer])
    rubber = RubberRecord(table=table, number=last.number + 1, first_dealer=first_dealer.name)
    rubber.full_clean()
    rubber.save()
    return rubber
