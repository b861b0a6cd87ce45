"""Whist-family pages × roles: anyone reads; seated players, organisers and secretaries
enter; secretaries correct; organisers set up tables. Query counts do not grow with hands."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from variants.models import VariantHand, VariantHandCorrection, VariantTable
from variants.services import HandEntry, hand_enter

pytestmark = pytest.mark.django_db

HAND = {"number": 1, "contract": "solo", "declarer": "0", "tricks": "5"}


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _url(table, suffix=""):
    return f"/clubs/{table.club_night.club.slug}/whist-family/tables/{table.pk}/{suffix}"


def _play(table, hands: int) -> None:
    for number in range(1, hands + 1):
        entry = HandEntry(contract="solo", declarer=number % 4, tricks=5)
        hand_enter(table=table, expected_number=number, entry=entry, by=None)


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        ("0", True),
        ("organiser", True),
        ("secretary", True),
        ("player", False),
        ("other", False),
        (None, False),
    ],
)
def test_table_page_hand_entry_by_role(table, people, role, allowed):
    user = people[role] if role else None
    page = _client(user).get(_url(table)).content.decode()
    assert ('name="tricks"' in page) is allowed and "Running totals" in page
    response = _client(user).post(_url(table), HAND)
    assert response.status_code == (302 if allowed else 403)
    assert VariantHand.objects.filter(table=table).count() == (1 if allowed else 0)


def test_table_page_engine_refusal_is_shown_and_nothing_stored(table, people):
    response = _client(people["0"]).post(_url(table), HAND | {"calls": "misere solo"})
    assert response.status_code == 200 and "does not outrank" in response.content.decode()
    assert not VariantHand.objects.exists()


def test_table_page_second_phone_sees_the_stored_hand(table, people):
    _client(people["0"]).post(_url(table), HAND)
    response = _client(people["2"]).post(_url(table), HAND | {"tricks": "3"})
    assert "Stored meanwhile" in response.content.decode()


@pytest.mark.parametrize("game", ["knockout", "exact"])
def test_per_player_games_show_a_line_for_each_player(make_table, people, game):
    table = make_table(game, players=5)
    page = _client(people["0"]).get(_url(table)).content.decode()
    assert page.count('name="tricks_') == 5
    assert ('name="bid_4"' in page) is (game == "exact")


def test_exact_game_entered_from_the_page(make_table, people):
    table = make_table("exact", players=3)
    data = {
        "number": 1,
        "bid_0": 1,
        "bid_1": 1,
        "bid_2": 0,
        "tricks_0": 0,
        "tricks_1": 1,
        "tricks_2": 0,
    }
    assert _client(people["1"]).post(_url(table), data).status_code == 302
    page = _client().get(_url(table)).content.decode()
    assert "Deal 2 of 21" in page


@pytest.mark.parametrize(
    ("role", "status"), [("secretary", 200), ("organiser", 403), ("0", 403), ("other", 403)]
)
def test_correct_page_only_for_secretaries(table, people, role, status):
    _play(table, 1)
    assert _client(people[role]).get(_url(table, "hands/1/correct/")).status_code == status


def test_correct_page_post_corrects_and_shows_history(table, people):
    _play(table, 2)
    data = HAND | {"tricks": "4", "reason": "counted again"}
    assert (
        _client(people["secretary"]).post(_url(table, "hands/1/correct/"), data).status_code == 302
    )
    assert VariantHand.objects.get(table=table, number=1).made is False
    page = _client(people["secretary"]).get(_url(table, "hands/1/correct/")).content.decode()
    assert "counted again" in page and VariantHandCorrection.objects.count() == 1


def test_night_page_summary_and_table_setup_by_organisers(table, people, night):
    _play(table, 2)
    url = f"/clubs/casino/whist-family/nights/{night.pk}/"
    body = _client().get(url).content.decode()
    assert "Night summary" in body and "Set up a table" not in body
    data = {"rules": "knockout:pagat", "first_dealer": 0, "overrides": "", "own_table": ""}
    data |= {f"seat_{i}": people[str(i)].member.pk for i in range(5)}
    assert _client(people["player"]).post(url, data).status_code == 403
    response = _client(people["organiser"]).post(url, data)
    assert response.status_code == 302, response.content
    assert VariantTable.objects.filter(game="knockout").get().seats.count() == 5


def test_the_club_night_page_links_to_the_whist_family_tables(table, night):
    page = _client().get(f"/clubs/casino/nights/{night.pk}/").content.decode()
    assert f"/clubs/casino/whist-family/nights/{night.pk}/" in page


def _queries(url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert _client().get(url).status_code == 200
    return len(queries)


def test_table_and_night_page_queries_do_not_grow_with_hands(table, night):
    _play(table, 1)
    one = (_queries(_url(table)), _queries(f"/clubs/casino/whist-family/nights/{night.pk}/"))
    for number in range(2, 7):
        hand_enter(
            table=table,
            expected_number=number,
            by=None,
            entry=HandEntry(contract="solo", declarer=0, tricks=5),
        )
    many = (_queries(_url(table)), _queries(f"/clubs/casino/whist-family/nights/{night.pk}/"))
    assert one == many


def test_colour_whist_small_misery_by_several_players_from_the_page(make_table, people):
    table = make_table("colour")
    data = {"number": 1, "contract": "small_misery", "tricks_1": 0, "tricks_3": 2}
    assert _client(people["0"]).post(_url(table), data).status_code == 302
    hand = VariantHand.objects.get()
    assert [line.score for line in hand.lines.all()] == [-6 + 6, 18 + 6, -6 + 6, -6 - 18]
