"""The drives API: a drive run end to end through it — set-up, players, start, entries by
table code and by the MC, the next hand, corrections, cards, prizes and the cut — and every
operation in the OpenAPI schema with a summary and its answers."""

from __future__ import annotations

import pytest
from django.urls import get_resolver

from clubs.models import User
from drives.models import Drive, DriveTable
from tests.drives.conftest import card_at

pytestmark = pytest.mark.django_db


@pytest.fixture
def mc(client):
    user = User.objects.create_user("pat", password="pw")
    client.force_login(user)
    return client


def _drive(mc, **settings) -> int:
    body = {
        "name": "Hall drive",
        "date": "2026-03-07",
        "settings": {"hands": 2, "half_time_after": 1, **settings},
    }
    answer = mc.post("/api/drives/", body, content_type="application/json")
    assert answer.status_code == 201, answer.json()
    return answer.json()["id"]


def test_a_drive_run_through_the_api(mc, client):
    pk = _drive(mc, prizes=["lady:total", "lady:total"])
    for name, role in (("Ann", "lady"), ("Bea", "lady"), ("Cy", "gent"), ("Dan", "gent")):
        assert (
            mc.post(
                f"/api/drives/{pk}/players/",
                {"name": name, "role": role},
                content_type="application/json",
            ).status_code
            == 201
        )
    assert mc.post(f"/api/drives/{pk}/start/").json()["status"] == "running"
    code = DriveTable.objects.get(drive_id=pk).code
    card = card_at(Drive.objects.get(pk=pk), 1)
    client.logout()
    refused = client.post(
        f"/api/drive-tables/{code}/hands/",
        {"hand": 1, "tricks_a": 7, "tricks_b": 7, "card": card},
        content_type="application/json",
    )
    assert refused.status_code == 400 and "13" in refused.json()["detail"]
    stored = client.post(
        f"/api/drive-tables/{code}/hands/",
        {"hand": 1, "tricks_a": 7, "tricks_b": 6, "card": card},
        content_type="application/json",
    )
    assert stored.status_code == 201
    again = client.post(
        f"/api/drive-tables/{code}/hands/",
        {"hand": 1, "tricks_a": 6, "tricks_b": 7, "card": card},
        content_type="application/json",
    )
    assert again.status_code == 409 and again.json()["stored"]["tricks_a"] == 7
    table = client.get(f"/api/drive-tables/{code}/").json()
    assert table["hand"] == 1 and table["trump"] == "H" and table["tables"][0]["done"]
    assert client.post(f"/api/drives/{pk}/next-hand/").status_code in (401, 403)
    client.force_login(User.objects.get(username="pat"))
    assert mc.post(f"/api/drives/{pk}/next-hand/").json()["current_hand"] == 2
    entry = mc.post(
        f"/api/drives/{pk}/entries/",
        {"hand": 2, "table": 1, "tricks_a": 7, "tricks_b": 6},
        content_type="application/json",
    )
    assert entry.status_code == 201 and entry.json()["via"] == "mc"
    assert mc.post(f"/api/drives/{pk}/next-hand/").json()["status"] == "finished"
    prizes = mc.get(f"/api/drives/{pk}/prizes/").json()
    assert prizes[0]["status"] == "cut_needed" and prizes[0]["name"] == "Ladies, place 1"
    cut = mc.post(
        f"/api/drives/{pk}/cuts/",
        {"prize": 1, "winner": prizes[0]["tied"][1]},
        content_type="application/json",
    )
    assert cut.status_code == 201
    assert mc.get(f"/api/drives/{pk}/prizes/").json()[0]["winners"] == [prizes[0]["tied"][1]]
    fix = mc.post(
        f"/api/drives/{pk}/corrections/",
        {"hand": 1, "table": 1, "tricks_a": 8, "tricks_b": 5, "reason": "misread"},
        content_type="application/json",
    )
    assert fix.status_code == 201 and fix.json()["before"] == {"tricks_a": 7, "tricks_b": 6}
    cards = mc.get(f"/api/drives/{pk}/cards/").json()
    assert {c["name"] for c in cards} == {"Ann", "Bea", "Cy", "Dan"}
    assert all(c["total"] == sum(r["score"] for r in c["rows"]) for c in cards)


def test_a_club_drive_needs_the_clubs_organiser(mc):
    from clubs.models import Club

    Club.objects.create(name="Casino", slug="casino")
    answer = mc.post(
        "/api/drives/",
        {"name": "x", "date": "2026-03-07", "club": "casino"},
        content_type="application/json",
    )
    assert answer.status_code == 403
    bad = mc.post(
        "/api/drives/",
        {"name": "x", "date": "2026-03-07", "settings": {"movement": "waltz"}},
        content_type="application/json",
    )
    assert bad.status_code == 400 and "waltz" in bad.json()["detail"]


def test_every_drive_operation_is_in_the_schema_with_a_summary_and_its_answers(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    api = get_resolver().namespace_dict["api"][1]
    names = {
        p.name
        for p in api.url_patterns
        if getattr(p.callback, "cls", None) and p.callback.cls.__module__.startswith("drives")
    }
    assert len(names) >= 13
    ours = {path: ops for path, ops in schema["paths"].items() if "/api/drive" in path}
    assert len(ours) >= 13
    for path, operations in ours.items():
        for method, operation in operations.items():
            assert operation.get("summary"), (path, method)
            codes = set(operation["responses"])
            assert codes & {"200", "201", "204"}, (path, method)
            if method != "get" and "drive-tables" not in path:
                assert {"400", "403", "404"} <= codes, (path, method, codes)
