"""Entering a hand: the engine scores it, refuses impossible hands, and a second phone
entering the same hand gets a conflict showing what is stored."""

from __future__ import annotations

import datetime as dt
import os
import threading

import pytest
from django.db import connection

from clubs.errors import HandConflict, HandRefused
from clubs.models import Club, ClubNight, HandRecord, RubberRecord, RubberTable
from clubs.rubbers import hand_enter, rubber_state


def _rubber(profile: str = "short") -> RubberRecord:
    club = Club.objects.create(name="Casino", slug=f"casino-{profile}")
    night = ClubNight.objects.create(club=club, date=dt.date(2026, 3, 5), rule_profile=profile)
    table = RubberTable.objects.create(club_night=night, number=1)
    return RubberRecord.objects.create(table=table, number=1, first_dealer="E")


@pytest.mark.django_db
def test_hand_enter_scores_odd_tricks_and_rotates_dealer():
    rubber = _rubber()
    first = hand_enter(rubber=rubber, expected_number=1, ns_tricks=9, by=None)
    second = hand_enter(rubber=rubber, expected_number=2, ns_tricks=5, by=None)
    # Short whist: each trick over six scores one point; the deal passes to the left.
    assert rubber_state(rubber).score == (3, 2)
    assert (first.dealer, second.dealer) == ("E", "S")


@pytest.mark.django_db
def test_hand_enter_fourteen_tricks_is_refused_with_nothing_stored():
    rubber = _rubber()
    with pytest.raises(HandRefused):
        hand_enter(rubber=rubber, expected_number=1, ns_tricks=14, by=None)
    assert HandRecord.objects.count() == 0


@pytest.mark.django_db
def test_hand_enter_after_rubber_over_is_refused():
    rubber = _rubber()
    for number in range(1, 5):  # 13 tricks = 7 points: a game each hand in short whist
        if number == 3:
            with pytest.raises(HandRefused, match="rubber is over"):
                hand_enter(rubber=rubber, expected_number=3, ns_tricks=13, by=None)
            break
        hand_enter(rubber=rubber, expected_number=number, ns_tricks=13, by=None)
    assert rubber_state(rubber).is_over


@pytest.mark.django_db
def test_hand_enter_same_number_twice_is_a_conflict_showing_stored_hand():
    rubber = _rubber()
    hand_enter(rubber=rubber, expected_number=1, ns_tricks=8, by=None)
    with pytest.raises(HandConflict) as caught:
        hand_enter(rubber=rubber, expected_number=1, ns_tricks=4, by=None)
    assert caught.value.stored.ns_tricks == 8
    assert "8" in str(caught.value)
    assert HandRecord.objects.count() == 1


@pytest.mark.django_db
def test_hand_enter_skipping_a_number_is_a_conflict():
    rubber = _rubber()
    with pytest.raises(HandConflict):
        hand_enter(rubber=rubber, expected_number=2, ns_tricks=8, by=None)


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="needs PostgreSQL"
)
@pytest.mark.django_db(transaction=True)
def test_hand_enter_two_phones_at_once_store_one_hand():
    rubber = _rubber()
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def phone(tricks: int) -> None:
        try:
            barrier.wait()
            hand_enter(rubber=rubber, expected_number=1, ns_tricks=tricks, by=None)
            outcomes.append("stored")
        except HandConflict:
            outcomes.append("conflict")
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(t,)) for t in (8, 5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict", "stored"]
    assert HandRecord.objects.filter(rubber=rubber).count() == 1
