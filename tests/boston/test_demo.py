"""The Boston demo: a table at the demo club's latest night, made and failed contracts, a
redeal, misères and a correction; safe to load twice."""

from __future__ import annotations

import pytest

from boston.demo import DEMO_HANDS, demo_boston_load
from boston.models import BostonHand, BostonHandCorrection, BostonTable
from boston.selectors import seat_totals
from clubs.demo import demo_club_load

pytestmark = pytest.mark.django_db


def test_demo_boston_table_has_made_failed_redealt_and_misere_hands():
    club, _people = demo_club_load()
    table = demo_boston_load(club)
    demo_boston_load(club)  # safe to run again
    assert BostonTable.objects.count() == 1
    hands = list(table.hands.order_by("number"))
    assert len(hands) == len(DEMO_HANDS)
    assert {h.made for h in hands} == {True, False, None}  # made, failed, redealt
    assert any(h.level.endswith("MISERIA") and h.made for h in hands)
    assert any(h.level.endswith("MISERIA") and h.made is False for h in hands)
    assert BostonHandCorrection.objects.filter(hand__table=table).count() == 1
    totals = seat_totals(hands)
    pool = sum(h.change_pool for h in hands)
    assert sum(totals.values()) + pool == 0
    tomas = table.seats.get(seat="N").member
    assert tomas.user.username == "tomas"
    assert BostonHand.objects.filter(table=table, entered_by__isnull=True).count() == len(hands)
