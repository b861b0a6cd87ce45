"""The database refuses impossible club-night rows, whatever code writes them."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction

from clubs.models import (
    Club,
    ClubNight,
    HandCorrection,
    HandRecord,
    Member,
    RubberRecord,
    RubberTable,
    TableSeat,
    User,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def rubber():
    club = Club.objects.create(name="Casino", slug="casino")
    night = ClubNight.objects.create(club=club, date=dt.date(2026, 3, 5), rule_profile="short")
    table = RubberTable.objects.create(club_night=night, number=1)
    return RubberRecord.objects.create(table=table, number=1, first_dealer="N")


def _refused(**fields) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        HandRecord.objects.create(**fields)


def test_hand_number_twice_in_rubber_is_refused(rubber):
    HandRecord.objects.create(rubber=rubber, number=1, dealer="N", ns_tricks=7)
    _refused(rubber=rubber, number=1, dealer="E", ns_tricks=6)


def test_hand_tricks_over_thirteen_are_refused(rubber):
    _refused(rubber=rubber, number=1, dealer="N", ns_tricks=14)
    HandRecord.objects.create(rubber=rubber, number=1, dealer="N", ns_tricks=13)


def test_hand_honours_must_be_three_or_four_for_a_side(rubber):
    _refused(rubber=rubber, number=1, dealer="N", ns_tricks=7, honours_side="NS", honours_count=2)
    _refused(rubber=rubber, number=1, dealer="N", ns_tricks=7, honours_count=4)
    HandRecord.objects.create(
        rubber=rubber, number=1, dealer="N", ns_tricks=7, honours_side="EW", honours_count=4
    )


def test_hand_revoke_without_penalty_is_refused(rubber):
    _refused(rubber=rubber, number=1, dealer="N", ns_tricks=7, revoke_side="EW")
    _refused(rubber=rubber, number=1, dealer="N", ns_tricks=7, revoke_penalty="deduct")


def test_table_seat_member_twice_at_one_table_is_refused(rubber):
    ana = Member.objects.create(name="Ana")
    TableSeat.objects.create(table=rubber.table, seat="N", member=ana)
    with pytest.raises(IntegrityError), transaction.atomic():
        TableSeat.objects.create(table=rubber.table, seat="E", member=ana)
    with pytest.raises(IntegrityError), transaction.atomic():
        TableSeat.objects.create(
            table=rubber.table, seat="N", member=Member.objects.create(name="B")
        )


def test_hand_correction_without_reason_is_refused(rubber):
    hand = HandRecord.objects.create(rubber=rubber, number=1, dealer="N", ns_tricks=7)
    user = User.objects.create_user("sec")
    with pytest.raises(IntegrityError), transaction.atomic():
        HandCorrection.objects.create(hand=hand, corrected_by=user, before={}, after={}, reason="")


def test_hand_with_corrections_cannot_be_deleted(rubber):
    from django.db.models import ProtectedError

    hand = HandRecord.objects.create(rubber=rubber, number=1, dealer="N", ns_tricks=7)
    user = User.objects.create_user("sec")
    HandCorrection.objects.create(hand=hand, corrected_by=user, before={}, after={}, reason="typo")
    with pytest.raises(ProtectedError):
        hand.delete()
