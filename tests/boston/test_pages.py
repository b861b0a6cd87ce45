"""Boston pages × roles: anyone reads; seated players, organisers and secretaries enter;
secretaries correct; organisers set up tables. Query counts do not grow with hands."""

from __future__ import annotations

import pytest
from django.db import connection, reset_queries
from django.test import Client
from django.test.utils import CaptureQueriesContext

from boston.models import BostonHand, BostonHandCorrection, BostonTable
from boston.services import HandEntry, hand_enter

pytestmark = pytest.mark.django_db

HAND = {"number": 1, "level": "PIDO", "suit": "H", "declarer": "E", "tricks": "5"}


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _url(table, suffix=""):
    return f"/clubs/{table.club_night.club.slug}/boston/tables/{table.pk}/{suffix}"


def _play(table, hands: int) -> None:
    for number in range(1, hands + 1):
        entry = HandEntry(level="PIDO", suit="H", declarer="SNEW"[number % 4], tricks=5)
        hand_enter(table=table, expected_number=number, entry=entry, by=None)


def test_table_page_anyone_reads_the_running_totals_without_the_form(table):
    _play(table, 2)
    response = _client().get(_url(table))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Running totals" in body and "Ana" in body
    assert 'name="tricks"' not in body


@pytest.mark.parametrize(
    ("role", "allowed"),
    [
        ("N", True),
        ("organiser", True),
        ("secretary", True),
        ("player", False),
        ("other", False),
        (None, False),
    ],
)
def test_table_page_hand_entry_by_role(table, people, role, allowed):
    user = people[role] if role else None
    if allowed:
        assert 'name="tricks"' in _client(user).get(_url(table)).content.decode()
    response = _client(user).post(_url(table), HAND)
    assert response.status_code == (302 if allowed else 403)
    assert BostonHand.objects.filter(table=table).count() == (1 if allowed else 0)


def test_table_page_engine_refusal_is_shown_and_nothing_stored(table, people):
    response = _client(people["N"]).post(
        _url(table), HAND | {"calls": "PIDO:H GRAN_MISERIA PIDO:S"}
    )
    assert response.status_code == 200
    assert "does not outrank" in response.content.decode()
    assert not BostonHand.objects.exists()


def test_table_page_second_phone_sees_the_stored_hand(table, people):
    _client(people["N"]).post(_url(table), HAND)
    response = _client(people["S"]).post(_url(table), HAND | {"tricks": "3"})
    assert response.status_code == 200
    assert "Stored meanwhile" in response.content.decode()
    assert BostonHand.objects.get().tricks == 5


@pytest.mark.parametrize(
    ("role", "status"), [("secretary", 200), ("organiser", 403), ("N", 403), ("other", 403)]
)
def test_correct_page_only_for_secretaries(table, people, role, status):
    _play(table, 1)
    assert _client(people[role]).get(_url(table, "hands/1/correct/")).status_code == status


def test_correct_page_post_corrects_and_shows_history(table, people):
    _play(table, 2)
    data = HAND | {"tricks": "4", "reason": "counted again"}
    response = _client(people["secretary"]).post(_url(table, "hands/1/correct/"), data)
    assert response.status_code == 302
    assert BostonHand.objects.get(table=table, number=1).made is False
    page = _client(people["secretary"]).get(_url(table, "hands/1/correct/")).content.decode()
    assert "counted again" in page
    assert BostonHandCorrection.objects.count() == 1


def test_night_page_summary_and_table_setup_by_organisers(table, people, night):
    _play(table, 3)
    url = f"/clubs/casino/boston/nights/{night.pk}/"
    body = _client().get(url).content.decode()
    assert "Night summary" in body and "Set up a Boston table" not in body
    assert "In the pool" in body
    members = {
        k: people[s].member.pk
        for k, s in zip(("north", "east", "south", "west"), "NESW", strict=True)
    }
    data = members | {
        "first_dealer": "E",
        "variant": "boston_es",
        "payment_table": "pokerwiner",
        "unit": "counters",
        "stake_dealer": 8,
        "stake_others": 4,
    }
    assert _client(people["player"]).post(url, data).status_code == 403
    response = _client(people["organiser"]).post(url, data)
    assert response.status_code == 302, response.content
    assert BostonTable.objects.filter(club_night=night).count() == 2


def test_night_page_of_another_club_is_404(table, people, night):
    assert _client().get(f"/clubs/other/boston/nights/{night.pk}/").status_code == 404
    assert _client().get(f"/clubs/other/boston/tables/{table.pk}/").status_code == 404


def _queries(client, url: str) -> int:
    """Queries of one page view (the request resets Django's query log as it starts)."""
    reset_queries()
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context)


def test_table_page_queries_do_not_grow_with_hands(table, people):
    client = _client(people["secretary"])
    _play(table, 1)
    one = _queries(client, _url(table))
    _play_more(table, 11)
    data = HAND | {"tricks": "4", "reason": "counted again"}
    assert client.post(_url(table, "hands/1/correct/"), data).status_code == 302
    assert _queries(client, _url(table)) == one > 0


def _play_more(table, more: int) -> None:
    start = table.hands.count()
    for number in range(start + 1, start + more + 1):
        entry = HandEntry(level="GRAN_MISERIA", declarer="NESW"[number % 4], tricks=number % 2)
        hand_enter(table=table, expected_number=number, entry=entry, by=None)


def test_night_page_queries_do_not_grow_with_tables(table, people, night):
    from boston.services import boston_table_create

    url = f"/clubs/casino/boston/nights/{night.pk}/"
    client = _client(people["organiser"])
    _play(table, 2)
    one = _queries(client, url)
    for _ in range(3):
        more = boston_table_create(
            club_night=night, members={seat: people[seat].member for seat in "NESW"}
        )
        _play(more, 3)
    assert _queries(client, url) == one > 0


def test_table_page_misere_partout_entered_with_each_players_tricks(night, people):
    from boston.services import boston_table_create

    table = boston_table_create(
        club_night=night,
        members={seat: people[seat].member for seat in "NESW"},
        variant="boston_anglo",
    )
    data = {"number": 1, "turned": "H", "calls": "pass pass pass pass"} | {
        f"tricks_{seat}": count for seat, count in zip("nesw", (2, 6, 3, 2), strict=True)
    }
    response = _client(people["W"]).post(_url(table), data)
    assert response.status_code == 302, response.content.decode()
    assert BostonHand.objects.get(table=table).all_pass_tricks == {"N": 2, "E": 6, "S": 3, "W": 2}
    assert "all passed, played" in _client().get(_url(table)).content.decode()


def test_correct_page_of_a_hand_entered_by_calls_starts_from_its_calls(table, people):
    _client(people["N"]).post(
        _url(table), {"number": 1, "calls": "PIDO:H pass sostengo", "tricks": 8}
    )
    page = _client(people["secretary"]).get(_url(table, "hands/1/correct/")).content.decode()
    assert 'value="PIDO:H pass sostengo"' in page
    data = {"number": 1, "calls": "PIDO:H pass pass pass", "tricks": 5, "reason": "W had passed"}
    assert (
        _client(people["secretary"]).post(_url(table, "hands/1/correct/"), data).status_code == 302
    )
    hand = BostonHand.objects.get(table=table)
    assert (hand.supporter, hand.made, hand.calls[-1]) == ("", True, "pass")


def test_table_page_contract_picker_offers_the_variants_contracts_only(table, people, night):
    from boston.services import boston_table_create

    spanish = _client(people["N"]).get(_url(table)).content.decode()
    assert 'value="GRAN_MISERIA"' in spanish and 'value="LITTLE_MISERE"' not in spanish
    anglo = boston_table_create(
        club_night=night,
        members={seat: people[seat].member for seat in "NESW"},
        variant="boston_anglo",
    )
    page = _client(people["N"]).get(_url(anglo)).content.decode()
    assert 'value="LITTLE_MISERE"' in page and 'value="PIDO"' not in page
