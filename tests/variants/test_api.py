"""The whist-family API × roles: anyone reads; organisers set up tables; seated players,
organisers and secretaries enter hands (400 with the engine's reason, 409 with the stored
hand); secretaries correct; another club's rows answer 404."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from variants.models import VariantHand, VariantHandCorrection, VariantTable

pytestmark = pytest.mark.django_db

API = "/api/clubs/casino"
HAND = {"number": 1, "calls": ["solo", "pass", "pass", "pass"], "tricks": 6}


def _api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.mark.parametrize("role", ["0", "player", "organiser", "secretary", "other", None])
def test_api_hand_entry_by_role(table, people, role):
    response = _api(people[role] if role else None).post(
        f"{API}/variant-tables/{table.pk}/hands/", HAND, format="json"
    )
    allowed = role in ("0", "organiser", "secretary")
    assert response.status_code == (201 if allowed else 403), response.content
    if allowed:
        assert [line["score"] for line in response.json()["lines"]] == [-11, 33, -11, -11]
    assert VariantHand.objects.count() == (1 if allowed else 0)


def test_api_refusal_is_400_with_the_engines_reason_and_conflict_409(table, people):
    url = f"{API}/variant-tables/{table.pk}/hands/"
    bad = _api(people["0"]).post(url, HAND | {"calls": ["misere", "solo"]}, format="json")
    assert bad.status_code == 400 and "does not outrank" in bad.json()["detail"]
    assert _api(people["0"]).post(url, HAND, format="json").status_code == 201
    again = _api(people["2"]).post(url, HAND | {"tricks": 3}, format="json")
    assert again.status_code == 409 and again.json()["stored"]["number"] == 1


@pytest.mark.parametrize("game", ["solo", "colour", "bid", "minnesota", "knockout", "exact"])
def test_api_each_game_end_to_end(make_table, people, game):
    """Every game plays its demo hands through the API, and the totals add up."""
    from variants.demo import DEMO_TABLES

    players, preset, hands, _own = DEMO_TABLES[game]
    table = make_table(game, players=players, preset=preset)
    url = f"{API}/variant-tables/{table.pk}/hands/"
    for number, entry in enumerate(hands, start=1):
        body = {k: v for k, v in entry.as_dict().items() if v not in (None, [], "")}
        response = _api(people["0"]).post(url, body | {"number": number}, format="json")
        assert response.status_code == 201, response.content
    read = _api().get(f"{API}/variant-tables/{table.pk}/").json()
    assert len(read["hands"]) == len(hands)
    assert read["totals"] == [
        sum(h["lines"][p]["score"] for h in read["hands"]) for p in range(players)
    ]


@pytest.mark.parametrize("role", ["organiser", "secretary", "0", None])
def test_api_table_setup_by_role(night, people, role):
    body = {
        "club_night": night.pk,
        "game": "exact",
        "preset": "oh_hell",
        "members": [people[str(i)].member.pk for i in range(4)],
    }
    response = _api(people[role] if role else None).post(
        f"{API}/variant-tables/", body, format="json"
    )
    allowed = role in ("organiser", "secretary")
    assert response.status_code == (201 if allowed else 403)
    assert VariantTable.objects.count() == (1 if allowed else 0)


def test_api_table_setup_refuses_a_wrong_number_of_players(night, people):
    body = {
        "club_night": night.pk,
        "game": "solo",
        "members": [people[str(i)].member.pk for i in range(3)],
    }
    response = _api(people["organiser"]).post(f"{API}/variant-tables/", body, format="json")
    assert response.status_code == 400 and "detail" in response.json()


def test_api_tables_and_hands_read_by_anyone_other_club_404(table, people):
    _api(people["0"]).post(f"{API}/variant-tables/{table.pk}/hands/", HAND, format="json")
    assert _api().get(f"{API}/variant-tables/?night={table.club_night_id}").status_code == 200
    assert _api().get(f"{API}/variant-tables/?night=x").status_code == 400
    hands = _api().get(f"{API}/variant-hands/?table={table.pk}").json()
    hand_id = (hands["results"] if isinstance(hands, dict) else hands)[0]["id"]
    assert _api().get(f"{API}/variant-hands/{hand_id}/").status_code == 200
    assert _api().get(f"/api/clubs/other/variant-hands/{hand_id}/").status_code == 404


@pytest.mark.parametrize(("role", "status"), [("secretary", 201), ("organiser", 403), ("0", 403)])
def test_api_correction_only_by_secretaries(table, people, role, status):
    _api(people["0"]).post(f"{API}/variant-tables/{table.pk}/hands/", HAND, format="json")
    hand = VariantHand.objects.get()
    url = f"{API}/variant-hands/{hand.pk}/corrections/"
    body = HAND | {"tricks": 4, "reason": "recounted"}
    assert _api(people[role]).post(url, body, format="json").status_code == status
    assert VariantHandCorrection.objects.count() == (1 if status == 201 else 0)
    assert len(_api().get(url).json()) == VariantHandCorrection.objects.count()


def test_api_night_summary(table, people, night):
    _api(people["0"]).post(f"{API}/variant-tables/{table.pk}/hands/", HAND, format="json")
    data = _api().get(f"{API}/variant-nights/{night.pk}/").json()
    assert data["tables"] == [table.pk] and {p["game"] for p in data["players"]} == {"solo"}


def _count(client, url) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_api_lists_queries_do_not_grow_with_rows(make_table, people):
    first = make_table("solo")
    url = f"{API}/variant-tables/{first.pk}/hands/"
    _api(people["0"]).post(url, HAND, format="json")
    lists = (f"{API}/variant-tables/", f"{API}/variant-hands/")
    one = [_count(_api(), u) for u in lists]
    for _ in range(3):
        table = make_table("solo")
        for number in (1, 2):
            body = HAND | {"number": number}
            _api(people["0"]).post(f"{API}/variant-tables/{table.pk}/hands/", body, format="json")
    assert [_count(_api(), u) for u in lists] == one
