"""The database itself refuses impossible Boston rows."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from boston.models import BostonHand, BostonHandCorrection, BostonSeat, BostonTable
from boston.services import TableRefused, boston_table_create

pytestmark = pytest.mark.django_db


def _hand(table, **fields):
    values = {"table": table, "number": 1, "dealer": "N"} | fields
    with transaction.atomic():
        return BostonHand.objects.create(**values)


def test_payments_that_do_not_sum_to_zero_are_refused(table):
    with pytest.raises(IntegrityError):
        _hand(table, change_n=-8, change_e=-4, change_s=-4, change_w=-4, change_pool=19)
    _hand(table, change_n=-8, change_e=-4, change_s=-4, change_w=-4, change_pool=20)


@pytest.mark.parametrize(
    "fields",
    [
        {"level": "PIDO", "suit": "H", "declarer": "E", "tricks": 14, "made": True},
        {"level": "PIDO", "suit": "H", "declarer": "E"},  # no tricks, no verdict
        {"level": "GRAN_MISERIA", "suit": "H", "declarer": "E", "tricks": 0, "made": True},
        {"level": "PIDO", "trump": "bueno", "declarer": "E", "tricks": 5, "made": True},
        {
            "level": "GRAN_INDEPENDENCIA",
            "suit": "H",
            "declarer": "E",
            "supporter": "W",
            "tricks": 8,
            "made": True,
        },
        {"level": "PIDO", "suit": "H", "declarer": "E", "supporter": "E", "tricks": 8, "made": 1},
        {"tricks": 5},  # tricks without a contract
        {"number": 0},
    ],
)
def test_impossible_hands_are_refused(table, fields):
    with pytest.raises(IntegrityError):
        _hand(table, **fields)


def test_hand_number_once_per_table(table):
    _hand(table)
    with pytest.raises(IntegrityError):
        _hand(table)


def test_member_once_per_table_and_seat_once(table, people):
    with pytest.raises(IntegrityError), transaction.atomic():
        BostonSeat.objects.create(table=table, seat="N", member=people["player"].member)
    with pytest.raises(IntegrityError), transaction.atomic():
        BostonSeat.objects.create(table=table, seat="X", member=people["N"].member)


def test_own_payment_table_needed_exactly_when_chosen(night):
    with pytest.raises(IntegrityError), transaction.atomic():
        BostonTable.objects.create(club_night=night, number=2, payment_table="own")
    with pytest.raises(IntegrityError), transaction.atomic():
        BostonTable.objects.create(
            club_night=night, number=2, payment_table="foster_decimal", own_payment_table={}
        )


def test_correction_needs_a_reason(table, people):
    hand = _hand(table)
    with pytest.raises(IntegrityError), transaction.atomic():
        BostonHandCorrection.objects.create(
            hand=hand, corrected_by=people["secretary"], before={}, after={}, reason=""
        )


def test_table_create_refuses_outsiders_missing_seats_and_bad_settings(night, people):
    seated = {seat: people[seat].member for seat in "NESW"}
    with pytest.raises(TableRefused, match="Xavier"):
        boston_table_create(club_night=night, members=seated | {"N": people["other"].member})
    with pytest.raises(TableRefused):
        boston_table_create(club_night=night, members={"N": people["N"].member})
    with pytest.raises(TableRefused):
        boston_table_create(club_night=night, members=seated, variant_overrides={"colour": 1})
    with pytest.raises(TableRefused):
        boston_table_create(
            club_night=night, members=seated, payment_table="own", own_payment_table={"x": 1}
        )
    assert not BostonTable.objects.exists()
    table = boston_table_create(club_night=night, members=seated, variant="boston_anglo")
    assert (table.number, table.seats.count()) == (1, 4)
