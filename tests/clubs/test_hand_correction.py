"""Corrections: the engine re-scores the rubber; every change is kept with who, before,
after and why."""

from __future__ import annotations

import datetime as dt

import pytest

from clubs.errors import HandRefused
from clubs.models import (
    Club,
    ClubNight,
    HandCorrection,
    HandRecord,
    RubberRecord,
    RubberTable,
    User,
)
from clubs.rubbers import hand_correct, hand_enter, rubber_state

pytestmark = pytest.mark.django_db


@pytest.fixture
def rubber():
    club = Club.objects.create(name="Casino", slug="casino")
    night = ClubNight.objects.create(club=club, date=dt.date(2026, 3, 5), rule_profile="short")
    table = RubberTable.objects.create(club_night=night, number=1)
    return RubberRecord.objects.create(table=table, number=1, first_dealer="N")


@pytest.fixture
def secretary():
    return User.objects.create_user("sec")


def test_hand_correct_rescores_and_keeps_before_after_and_reason(rubber, secretary):
    first = hand_enter(rubber=rubber, expected_number=1, ns_tricks=9, by=None)
    hand_enter(rubber=rubber, expected_number=2, ns_tricks=7, by=None)
    assert rubber_state(rubber).score == (4, 0)
    correction = hand_correct(hand=first, by=secretary, reason="NS took 8, not 9", ns_tricks=8)
    assert rubber_state(rubber).score == (3, 0)  # 2 + 1 odd tricks
    assert correction.before["ns_tricks"] == 9 and correction.after["ns_tricks"] == 8
    assert correction.corrected_by == secretary and correction.reason == "NS took 8, not 9"


def test_hand_correct_every_change_is_kept(rubber, secretary):
    hand = hand_enter(rubber=rubber, expected_number=1, ns_tricks=9, by=None)
    hand_correct(hand=hand, by=secretary, reason="first", ns_tricks=8)
    hand_correct(hand=hand, by=secretary, reason="second", ns_tricks=10)
    history = [(c.before["ns_tricks"], c.after["ns_tricks"]) for c in hand.corrections.all()]
    assert history == [(9, 8), (8, 10)]
    assert HandRecord.objects.count() == 1


def test_hand_correct_that_ends_rubber_before_later_hands_is_refused(rubber, secretary):
    first = hand_enter(rubber=rubber, expected_number=1, ns_tricks=13, by=None)  # NS game
    hand_enter(rubber=rubber, expected_number=2, ns_tricks=7, by=None)
    hand_enter(rubber=rubber, expected_number=3, ns_tricks=13, by=None)  # NS rubber
    with pytest.raises(HandRefused, match="rubber is over"):
        # hand 2 as a second NS game would end the rubber before hand 3
        hand_correct(hand=first.rubber.hands.get(number=2), by=secretary, reason="x", ns_tricks=13)
    assert HandRecord.objects.get(number=2).ns_tricks == 7
    assert HandCorrection.objects.count() == 0


def test_hand_correct_without_reason_is_refused(rubber, secretary):
    hand = hand_enter(rubber=rubber, expected_number=1, ns_tricks=9, by=None)
    with pytest.raises(HandRefused):
        hand_correct(hand=hand, by=secretary, reason="  ", ns_tricks=8)


def test_hand_correct_dealer_cannot_be_changed(rubber, secretary):
    hand = hand_enter(rubber=rubber, expected_number=1, ns_tricks=9, by=None)
    with pytest.raises(HandRefused, match="dealer"):
        hand_correct(hand=hand, by=secretary, reason="x", dealer="W")
