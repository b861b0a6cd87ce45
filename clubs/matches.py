"""The three-rubber match at a club-night table: who sits where in each rubber, the next
rubber's first dealer, and each player's total (all rules in :mod:`engine.rotation`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.errors import ClubError
from clubs.models import RubberRecord, RubberTable
from clubs.rubbers import rubber_state
from engine.cards import Seat
from engine.rotation import Seating, due_to_deal, match_seatings, match_totals

MATCH_RUBBERS = 3


@dataclass(frozen=True)
class MatchState:
    """Seatings (member ids) of the rubbers known so far, and each member's points total
    over the finished rubbers."""

    seatings: tuple[Seating, ...]
    totals: dict[int, int]


def first_seating(table: RubberTable) -> Seating:
    """Rubber 1's seating as cut: member ids in seats N, E, S, W."""
    seats = {Seat[s.seat]: s.member_id for s in table.seats.all()}
    if len(seats) != 4:
        raise ClubError(_("A three-rubber match needs four players seated at the table."))
    return Seating.of(seats)


def match_state(table: RubberTable) -> MatchState:
    """The seatings of rubbers 1–3 (as far as their first dealers are known) and the totals."""
    rubbers = list(table.rubbers.order_by("number").prefetch_related("hands"))
    first = first_seating(table)
    dealers = [Seat[r.first_dealer] for r in rubbers[1:MATCH_RUBBERS]]
    if len(dealers) == 2:
        seatings = match_seatings(first, dealers[0], dealers[1])
    else:
        seatings = match_seatings(first, dealers[0], dealers[0].left)[: 1 + len(dealers)]
    results = []
    for rubber in rubbers[:MATCH_RUBBERS]:
        state = rubber_state(rubber, list(rubber.hands.all()))
        if not state.is_over:
            break
        results.append(state.result())
    return MatchState(tuple(seatings), match_totals(seatings, results) if results else {})


@transaction.atomic
def rubber_start_next(*, table: RubberTable) -> RubberRecord:
    """Start the table's next rubber once the last is over: the player left of the last
    dealer deals first (and, in rubbers 2 and 3, the rotation follows from that seat)."""
    last = table.rubbers.select_for_update().order_by("number").last()
    if last is None:
        raise ClubError(_("Start the first rubber with its dealer as cut."))
    hands = list(last.hands.order_by("number"))
    if not rubber_state(last, hands).is_over:
        raise ClubError(_("Rubber %(n)d is not over yet.") % {"n": last.number})
    if last.number >= MATCH_RUBBERS:
        raise ClubError(_("The three-rubber match is over."))
    rubber = RubberRecord(
        table=table, number=last.number + 1, first_dealer=due_to_deal(Seat[hands[-1].dealer]).name
    )
    rubber.full_clean()
    rubber.save()
    return rubber
