"""Colour whist at the table (variants.md §3): troel through the calls with its partner and
its aim following from them and from the fact the table's troel_target setting asks about;
an ask nobody joins, per the unjoined_ask setting. Amounts from the demo grid (troel base 2,
±1 a trick, paid double)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.errors import HandRefused
from variants.services import HandEntry, hand_enter

pytestmark = pytest.mark.django_db


def scores(hand) -> list[int]:
    return [line.score for line in hand.lines.all()]


def enter(table, entry: HandEntry, number: int = 1):
    return hand_enter(table=table, expected_number=number, entry=entry, by=None)


def test_troel_through_the_calls_partner_and_aim_follow(make_table):
    table = make_table("colour")  # dealer N: E speaks first
    # E declares troel, N (the fourth ace) joins; the ace was not led: aim 9. They take 10:
    # (2 + 1 overtrick) × 2 = 6 each, E and N; S and W pay 6 each.
    entry = HandEntry(
        calls=("troel", "pass", "pass", "join"), suit="H", troel_ace_led=False, tricks=10
    )
    hand = enter(table, entry)
    assert (hand.contract, hand.declarer, hand.trump) == ("troel", 1, "H")
    assert scores(hand) == [6, 6, -6, -6]


def test_troel_aim_eight_when_the_ace_was_led_and_undertricks_count(make_table):
    table = make_table("colour")
    entry = HandEntry(
        contract="troel", declarer=0, partner=3, suit="D", troel_ace_led=True, tricks=6
    )
    # Aim 8, took 6: −(2 + 2 × 1) × 2 = −8 each for N and W.
    assert scores(enter(table, entry)) == [-8, 8, 8, -8]


def test_troel_without_the_fact_its_setting_asks_is_refused_with_the_question(make_table):
    table = make_table("colour", overrides={"troel_target": "jeux_trump_in_ace_suit"})
    entry = HandEntry(contract="troel", declarer=0, partner=3, suit="D", troel_ace_led=True)
    with pytest.raises(HandRefused) as refused:
        enter(table, entry)
    assert "shown trump card is in his ace's suit" in str(refused.value)


def test_unjoined_ask_the_asker_passes_and_the_hand_is_redealt(make_table):
    table = make_table("colour")
    hand = enter(table, HandEntry(calls=("ask_join:8:S", "pass", "pass", "pass", "pass")))
    assert hand.contract == "redeal" and scores(hand) == [0, 0, 0, 0]


def test_the_hand_form_asks_the_troel_question_of_the_tables_setting(client, make_table, people):
    table = make_table("colour", overrides={"troel_target": "jeux_trump_in_ace_suit"})
    client.force_login(people["organiser"])
    url = reverse("variants:table", args=["casino", table.pk])
    page = client.get(url).content.decode()
    assert "Troel: is the partner&#x27;s shown trump card in his ace&#x27;s suit?" in page
    other = make_table("colour")
    page = client.get(reverse("variants:table", args=["casino", other.pk])).content.decode()
    assert "Troel: was the fourth ace played in the first round?" in page
