"""Dummy-whist tables: a match of three rubbers in which each player holds Dummy once; the
totals (holder ±2×, opponents ∓1×) sum to zero; corrections of a dealt hand keep its honours."""

from __future__ import annotations

import datetime as dt

import pytest

from clubs.errors import ClubError, HandRefused
from clubs.matches import match_state, rubber_start_next
from clubs.models import Club, Member, Membership, User
from clubs.nights import night_create, table_add
from clubs.rubbers import hand_correct, hand_enter, rubber_state
from engine.cards import Seat
from engine.dummy import DUMMY_HAND

pytestmark = pytest.mark.django_db
SUITED = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def _members(club: Club, count: int) -> list[Member]:
    members = []
    for k in range(count):
        member = Member.objects.create(name=f"M{k}")
        Membership.objects.create(club=club, member=member, valid_from=dt.date(2026, 1, 1))
        members.append(member)
    return members


def _finish(rubber, ns_tricks: int) -> None:
    for k in (1, 2):
        hand_enter(rubber=rubber, expected_number=k, ns_tricks=ns_tricks, by=None)


def test_dummy_match_each_player_holds_dummy_once_totals_sum_to_zero():
    club = Club.objects.create(name="Casino", slug="casino")
    players = _members(club, 3)
    table = table_add(night=night_create(club=club, date=dt.date(2026, 3, 5)), members=players)
    _finish(table.rubbers.get(number=1), 13)  # holder wins
    _finish(rubber_start_next(table=table), 0)  # holder loses
    _finish(rubber_start_next(table=table), 13)
    with pytest.raises(ClubError, match="match is over"):
        rubber_start_next(table=table)
    state = match_state(table)
    assert [s[Seat.S] for s in state.seatings] == [p.pk for p in players]
    assert all(s[Seat.N] is DUMMY_HAND for s in state.seatings)
    assert [r.first_dealer for r, _h, _s in state.rubbers] == ["N", "N", "N"]
    points = [state.result().points for _r, _h, state in state.rubbers]
    a, b, c = (p.pk for p in players)
    assert state.totals == {
        a: 2 * points[0] + points[1] - points[2],
        b: -points[0] - 2 * points[1] - points[2],
        c: -points[0] + points[1] + 2 * points[2],
    }
    assert sum(state.totals.values()) == 0


def test_correction_of_a_dealt_hand_cannot_contradict_its_honours():
    club = Club.objects.create(name="Casino", slug="casino")
    table = table_add(
        night=night_create(club=club, date=dt.date(2026, 3, 5)), members=_members(club, 4)
    )
    rubber = table.rubbers.get()
    hand = hand_enter(
        rubber=rubber,
        expected_number=1,
        ns_tricks=7,
        deal=SUITED,
        trump="S",
        honours_claimed=False,
        by=None,
    )
    secretary = User.objects.create_user(username="sec")
    with pytest.raises(HandRefused, match="do not match the deal"):
        hand_correct(hand=hand, by=secretary, reason="x", honours_side="EW", honours_count=3)
    hand_correct(hand=hand, by=secretary, reason="one more trick", ns_tricks=8)
    hand.refresh_from_db()
    assert (hand.ns_tricks, hand.honours_side, hand.honours_count) == (8, "NS", 4)
    scored = rubber_state(rubber).hands[0]
    assert scored.trick_points == (2, 0) and scored.honour_points[0] > 0
