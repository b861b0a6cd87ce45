"""The three-rubber match: each player partners each other once; totals per player."""

from __future__ import annotations

import datetime as dt

import pytest

from clubs.errors import ClubError
from clubs.matches import match_state, rubber_start_next
from clubs.models import Club, ClubNight, Member, RubberRecord, RubberTable, TableSeat
from clubs.rubbers import hand_enter, rubber_state
from engine.cards import Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    club = Club.objects.create(name="Casino", slug="casino")
    night = ClubNight.objects.create(club=club, date=dt.date(2026, 3, 5), rule_profile="short")
    table = RubberTable.objects.create(club_night=night, number=1)
    for seat in "NESW":
        TableSeat.objects.create(table=table, seat=seat, member=Member.objects.create(name=seat))
    RubberRecord.objects.create(table=table, number=1, first_dealer="N")
    return table


def _ns_wins_rubber(rubber: RubberRecord) -> None:
    for number in (1, 2):  # 13 tricks: 7 points, a game each hand in short whist
        hand_enter(rubber=rubber, expected_number=number, ns_tricks=13, by=None)


def test_rubber_start_next_before_rubber_over_is_refused(table):
    with pytest.raises(ClubError, match="not over"):
        rubber_start_next(table=table)


def test_match_three_rubbers_each_pair_partners_once_and_totals_add_up(table):
    _ns_wins_rubber(table.rubbers.get(number=1))
    second = rubber_start_next(table=table)
    assert second.first_dealer == "S"  # hands dealt by N then E: S is due
    _ns_wins_rubber(second)
    third = rubber_start_next(table=table)
    _ns_wins_rubber(third)
    with pytest.raises(ClubError):
        rubber_start_next(table=table)
    state = match_state(table)
    pairs = [frozenset((s[Seat.N], s[Seat.S])) for s in state.seatings]
    pairs += [frozenset((s[Seat.E], s[Seat.W])) for s in state.seatings]
    assert len(set(pairs)) == 6  # every player partnered every other exactly once
    # NS won every rubber by the same margin, so a player's total is that margin times
    # (rubbers sat North-South minus rubbers sat East-West).
    margin = rubber_state(third).result().points
    for player, total in state.totals.items():
        ns = sum(player in (s[Seat.N], s[Seat.S]) for s in state.seatings)
        assert total == margin * (ns - (3 - ns))
    assert sum(state.totals.values()) == 0
