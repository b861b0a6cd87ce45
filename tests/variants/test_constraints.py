"""The database refuses what code might miss: two hands with one number, tricks beyond a
deal, an unknown game, a correction without a reason, a member twice at a table."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from variants.models import VariantHand, VariantHandCorrection, VariantHandLine, VariantSeat
from variants.services import HandEntry, hand_enter

pytestmark = pytest.mark.django_db


def _refused(make) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        make()


def test_database_constraints(table, people):
    hand = hand_enter(
        table=table,
        expected_number=1,
        by=None,
        entry=HandEntry(contract="solo", declarer=0, tricks=5),
    )
    _refused(lambda: VariantHand.objects.create(table=table, number=1, dealer=0))
    _refused(lambda: VariantHand.objects.create(table=table, number=2, dealer=0, cards=0))
    _refused(lambda: VariantHand.objects.create(table=table, number=3, dealer=0, trump="X"))
    _refused(lambda: VariantHandLine.objects.create(hand=hand, position=0, score=1))
    _refused(lambda: VariantHandLine.objects.create(hand=hand, position=5, tricks=18))
    _refused(
        lambda: VariantSeat.objects.create(
            table=table, position=5, member=table.seats.first().member
        )
    )
    _refused(
        lambda: VariantHandCorrection.objects.create(
            hand=hand, corrected_by=people["secretary"], before={}, after={}, reason=""
        )
    )
    table.game = "chess"
    _refused(table.save)
