"""Correcting a Boston hand: the engine re-settles it and every hand after it (they play
for a different pool); all or nothing; every change kept with who, when, before, after, why."""

from __future__ import annotations

import pytest

from boston.models import BostonHand, BostonHandCorrection
from boston.selectors import running_totals
from boston.services import HandEntry, hand_correct, hand_enter
from clubs.errors import HandRefused

pytestmark = pytest.mark.django_db


def _enter(table, number, **entry):
    calls = tuple(entry.pop("calls", ()))
    return hand_enter(
        table=table, expected_number=number, entry=HandEntry(calls=calls, **entry), by=None
    )


def test_hand_correct_resettles_later_hands_with_the_new_pool(table, people):
    first = _enter(table, 1, calls=["pass"] * 4)  # redeal: 20 stay in the pool
    _enter(table, 2, calls=["PIDO:S", "pass", "pass", "pass"], tricks=5)  # S takes 40
    assert running_totals(table.hands.order_by("number"))[-1].totals[2] == -8 + 6 + 40
    correction = hand_correct(
        hand=first,
        entry=HandEntry(level="GRAN_MISERIA", declarer="E", tricks=0),
        by=people["secretary"],
        reason="E had called gran miseria",
    )
    rows = running_totals(table.hands.order_by("number"))
    # E now took hand 1's pool of 20; S's pido on hand 2 plays for its own 20 only.
    assert rows[0].totals[1] == -4 + 36 + 20
    assert rows[-1].totals[2] == -8 - 12 + 6 + 20
    assert rows[-1].pool == 0
    assert correction.before["level"] == "" and correction.after["level"] == "GRAN_MISERIA"
    assert correction.corrected_by == people["secretary"]


def test_hand_correct_replays_later_calls_and_keeps_them(table, people):
    first = _enter(table, 1, level="PIDO", suit="H", declarer="E", tricks=5)
    second = _enter(table, 2, calls=["PIDO:S", "pass", "pass", "pass"], tricks=5)
    hand_correct(
        hand=first,
        entry=HandEntry(level="PIDO", suit="H", declarer="E", tricks=4),
        by=people["secretary"],
        reason="one trick short",
    )
    second.refresh_from_db()
    assert second.calls == ["PIDO:S", "pass", "pass", "pass"]
    assert second.made is True


def test_hand_correct_impossible_correction_changes_nothing(table, people):
    first = _enter(table, 1, level="PIDO", suit="H", declarer="E", tricks=5)
    with pytest.raises(HandRefused):
        hand_correct(
            hand=first,
            entry=HandEntry(level="PIDO", suit="H", declarer="E", tricks=14),
            by=people["secretary"],
            reason="typo",
        )
    first.refresh_from_db()
    assert first.tricks == 5
    assert BostonHandCorrection.objects.count() == 0


def test_hand_correct_needs_a_reason(table, people):
    first = _enter(table, 1, level="PIDO", suit="H", declarer="E", tricks=5)
    with pytest.raises(HandRefused, match="reason"):
        hand_correct(hand=first, entry=HandEntry(), by=people["secretary"], reason="  ")
    assert BostonHand.objects.get().level == "PIDO"
