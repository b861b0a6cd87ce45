"""The Boston API × roles: anyone reads; organisers set up tables; seated players,
organisers and secretaries enter hands (400 with the engine's reason, 409 with the stored
hand); secretaries correct; another club's rows answer 404."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from boston.models import BostonHand, BostonHandCorrection, BostonTable

pytestmark = pytest.mark.django_db

API = "/api/clubs/casino"
ROLES = ["N", "player", "organiser", "secretary", "other", None]


def _api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _user(people, role):
    return people[role] if role else None


HAND = {"number": 1, "calls": ["PIDO:H", "pass", "sostengo"], "tricks": 8}


@pytest.mark.parametrize("role", ROLES)
def test_api_hand_entry_by_role(table, people, role):
    response = _api(_user(people, role)).post(
        f"{API}/boston-tables/{table.pk}/hands/", HAND, format="json"
    )
    allowed = role in ("N", "organiser", "secretary")
    expected = 201 if allowed else (403 if role else 401)
    assert response.status_code in (expected, 403), response.content
    if allowed:
        assert response.status_code == 201
        assert response.json()["declarer"] == "E" and response.json()["supporter"] == "W"
    assert BostonHand.objects.count() == (1 if allowed else 0)


def test_api_hand_entry_refused_is_400_with_the_engines_reason(table, people):
    body = HAND | {"calls": ["GRAN_MISERIA", "PIDO:H"]}
    response = _api(people["N"]).post(f"{API}/boston-tables/{table.pk}/hands/", body, format="json")
    assert response.status_code == 400
    assert "does not outrank" in response.json()["detail"]


def test_api_hand_entry_second_phone_gets_409_with_the_stored_hand(table, people):
    url = f"{API}/boston-tables/{table.pk}/hands/"
    assert _api(people["N"]).post(url, HAND, format="json").status_code == 201
    response = _api(people["S"]).post(url, HAND | {"tricks": 3}, format="json")
    assert response.status_code == 409
    assert response.json()["stored"]["tricks"] == 8


@pytest.mark.parametrize("role", ROLES)
def test_api_table_read_by_anyone_with_totals(table, people, role):
    _api(people["N"]).post(f"{API}/boston-tables/{table.pk}/hands/", HAND, format="json")
    response = _api(_user(people, role)).get(f"{API}/boston-tables/{table.pk}/")
    assert response.status_code == 200
    body = response.json()
    # 8 tricks made: 5 from each of N and S to each of E and W, who share the pool of 20.
    assert body["totals"] == {"N": -18, "E": 16, "S": -14, "W": 16}
    assert sum(body["totals"].values()) + body["pool"] == 0
    assert {s["seat"]: s["name"] for s in body["seats"]}["N"] == "Ana"


def test_api_table_of_another_club_is_404(table, people):
    assert _api().get(f"/api/clubs/other/boston-tables/{table.pk}/").status_code == 404


@pytest.mark.parametrize(
    ("role", "status"),
    [("organiser", 201), ("secretary", 201), ("N", 403), ("other", 403), (None, 403)],
)
def test_api_table_setup_by_role(night, people, role, status):
    body = {"club_night": night.pk, "unit": "counters"} | {
        name: people[seat].member.pk
        for name, seat in zip(("north", "east", "south", "west"), "NESW", strict=True)
    }
    response = _api(_user(people, role)).post(f"{API}/boston-tables/", body, format="json")
    assert response.status_code == status or (role is None and response.status_code == 401)
    assert BostonTable.objects.count() == (1 if status == 201 else 0)


def test_api_table_setup_refused_with_a_reason(night, people):
    body = {"club_night": night.pk, "payment_table": "own", "own_payment_table": {"made": "x"}} | {
        name: people[seat].member.pk
        for name, seat in zip(("north", "east", "south", "west"), "NESW", strict=True)
    }
    response = _api(people["organiser"]).post(f"{API}/boston-tables/", body, format="json")
    assert response.status_code == 400 and response.json()["detail"]


@pytest.mark.parametrize(
    ("role", "status"), [("secretary", 201), ("organiser", 403), ("N", 403), ("other", 403)]
)
def test_api_correction_only_by_secretaries(table, people, role, status):
    _api(people["N"]).post(f"{API}/boston-tables/{table.pk}/hands/", HAND, format="json")
    hand = BostonHand.objects.get()
    body = {"calls": HAND["calls"], "tricks": 7, "reason": "a trick miscounted"}
    url = f"{API}/boston-hands/{hand.pk}/corrections/"
    assert _api(people[role]).post(url, body, format="json").status_code == status
    listed = _api().get(url).json()
    assert len(listed) == (1 if status == 201 else 0)
    if status == 201:
        assert listed[0]["before"]["tricks"] == 8 and listed[0]["after"]["made"] is False
    assert BostonHandCorrection.objects.count() == len(listed)


def test_api_night_summary(table, people, night):
    _api(people["N"]).post(f"{API}/boston-tables/{table.pk}/hands/", HAND, format="json")
    body = _api().get(f"{API}/boston-nights/{night.pk}/").json()
    assert body["tables"] == [table.pk]
    assert [(p["name"], p["total"]) for p in body["players"]][0] == ("Bruno", 16)
    assert sum(p["total"] for p in body["players"]) + body["pool"] == 0


def test_api_table_list_queries_do_not_grow_with_tables_or_hands(table, people, night):
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    from boston.services import boston_table_create

    def queries() -> int:
        reset_queries()
        with CaptureQueriesContext(connection) as context:
            assert _api().get(f"{API}/boston-tables/").status_code == 200
        return len(context)

    url = f"{API}/boston-tables/{table.pk}/hands/"
    _api(people["N"]).post(url, HAND, format="json")
    one = queries()
    for _ in range(3):
        more = boston_table_create(
            club_night=night, members={seat: people[seat].member for seat in "NESW"}
        )
        for number in (1, 2):
            body = HAND | {"number": number}
            assert (
                _api(people["N"])
                .post(f"{API}/boston-tables/{more.pk}/hands/", body, format="json")
                .status_code
                == 201
            )
    assert queries() == one > 0


def test_api_misere_partout_with_each_seats_tricks(night, people):
    from boston.services import boston_table_create

    table = boston_table_create(
        club_night=night,
        members={seat: people[seat].member for seat in "NESW"},
        variant="boston_anglo",
    )
    body = {
        "number": 1,
        "turned": "H",
        "calls": ["pass"] * 4,
        "tricks_each": {"N": 2, "E": 6, "S": 3, "W": 2},
    }
    url = f"{API}/boston-tables/{table.pk}/hands/"
    response = _api(people["N"]).post(url, body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["all_pass_tricks"]["E"] == 6 and response.json()["change_e"] == -15


@pytest.mark.parametrize("role", ROLES)
def test_api_hands_read_by_anyone(table, people, role):
    _api(people["N"]).post(f"{API}/boston-tables/{table.pk}/hands/", HAND, format="json")
    client = _api(_user(people, role))
    listed = client.get(f"{API}/boston-hands/?table={table.pk}").json()["results"]
    assert [h["level"] for h in listed] == ["PIDO"]
    detail = client.get(f"{API}/boston-hands/{listed[0]['id']}/").json()
    assert detail["calls"] == HAND["calls"] and detail["made"] is True
    assert client.post(f"{API}/boston-hands/", {}, format="json").status_code in (401, 403, 405)


def test_api_every_boston_operation_is_in_the_schema_and_described(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = {p: ops for p, ops in schema["paths"].items() if "/boston-" in p}
    assert len(paths) == 7  # tables, table, hands entry, hands, hand, corrections, night
    for path, operations in paths.items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            assert operation.get("summary", "").strip(), (method, path)
            assert operation.get("description", "").strip(), (method, path)


def test_api_night_summary_shows_the_pool_so_totals_and_pool_add_up(table, people, night):
    # An all-pass redeal: the stakes stay in the pool (20), the players are 20 down.
    redeal = {"number": 1, "calls": ["pass", "pass", "pass", "pass"]}
    response = _api(people["N"]).post(
        f"{API}/boston-tables/{table.pk}/hands/", redeal, format="json"
    )
    assert response.status_code == 201, response.content
    body = _api().get(f"{API}/boston-nights/{night.pk}/").json()
    assert body["pool"] == 20
    assert sum(p["total"] for p in body["players"]) == -20
