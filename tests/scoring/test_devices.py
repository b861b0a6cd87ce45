"""Table devices (a phone at a table without a login, as Bridgemate): made by a director
with a QR code and a short code (stored hashed), they enter and confirm at their own table
only, in their own section only, never after revocation, and never open a director's page;
what they enter names them in the audit."""

from __future__ import annotations

import re

import pytest

from clubs.models import Role
from scoring import devices
from scoring.checks import ResultInput
from scoring.errors import ScoringError
from scoring.models import Result, ResultStatus, ResultVersion, TableDevice
from scoring.services import result_record
from tests.scoring.factories import mitchell_section, person_make

pytestmark = pytest.mark.django_db
DEVICE = "/results/device/"


@pytest.fixture
def director(club):
    return person_make(club, Role.ORGANISER)[0]


@pytest.fixture
def scheduled(club):
    return mitchell_section(tables=3, boards_per_round=2, club=club)


def _issue(client, director, scheduled, table=1):
    client.force_login(director)
    page = client.post(f"/results/sections/{scheduled.section.pk}/devices/", {"table": table})
    assert page.status_code == 200
    client.logout()
    return page


def _open(client, director, scheduled, table=1) -> TableDevice:
    page = _issue(client, director, scheduled, table)
    url = page.context["open_url"]
    assert client.get(url.split("testserver", 1)[1]).status_code == 302
    return TableDevice.objects.get(pk=page.context["issued"].device.pk)


def _cells(page) -> dict:
    return {f"cell-{b.board_play_id}": "7" for b in page.context["current"].boards}


def test_a_director_makes_a_device_shown_once_as_qr_and_code_and_stored_hashed(
    client, director, scheduled
):
    page = _issue(client, director, scheduled, table=2)
    issued = page.context["issued"]
    text = page.content.decode()
    assert "<svg" in text and issued.code_display in text
    assert re.fullmatch(r"[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}", issued.code_display)
    device = TableDevice.objects.get()
    assert device.table == 2 and device.created_by == director
    assert issued.key not in (device.key_hash, device.code_hash)
    assert device.key_hash == devices.key_hash(issued.key)
    assert page["Cache-Control"].startswith("no-store") or "no-store" in page["Cache-Control"]
    client.force_login(director)
    listing = client.get(f"/results/sections/{scheduled.section.pk}/devices/").content.decode()
    assert issued.code_display not in listing  # never shown again


def test_the_device_enters_and_confirms_at_its_table_and_the_audit_names_it(
    client, director, scheduled
):
    device = _open(client, director, scheduled, table=1)
    page = client.get(DEVICE)
    assert page.context["current"].table == 1 and page.context["can_enter"]
    assert client.post(DEVICE, {"action": "enter", "round": 1, **_cells(page)}).status_code == 302
    results = Result.objects.filter(table=1, round=1)
    assert results.count() == 2 and all(r.entered_by is None for r in results)
    confirm = client.get(DEVICE)
    assert confirm.context["can_confirm"]
    assert (
        client.post(DEVICE, {"action": "confirm", "round": 1, **_cells(confirm)}).status_code == 302
    )
    assert set(Result.objects.values_list("status", flat=True)) == {ResultStatus.CONFIRMED}
    versions = ResultVersion.objects.filter(result__table=1)
    assert versions.count() == 4 and all(v.device_id == device.pk for v in versions)
    device.refresh_from_db()
    assert device.last_used is not None
    client.force_login(person_make(scheduled.club, Role.SECRETARY)[0])
    board = scheduled.boards_at(1, 1)[0]
    audit = client.get(f"/results/sections/{scheduled.section.pk}/boards/{board}/")
    # The secretary sees who entered and confirmed what: the device, not a person.
    assert audit.content.decode().count("Device at table 1") == 2


def test_the_device_enters_nothing_at_another_table(client, director, scheduled):
    device = _open(client, director, scheduled, table=1)
    other = scheduled.play(1, 2, scheduled.boards_at(1, 2)[0])
    answer = client.post(DEVICE, {"action": "enter", "round": 1, f"cell-{other.pk}": "7"})
    assert answer.status_code == 302 and not Result.objects.exists()  # not its board: ignored
    with pytest.raises(ScoringError):
        result_record(
            board_play_id=other.pk, given=ResultInput(ns_tricks=7), by=None, device=device
        )


def test_a_device_of_another_session_enters_nothing_here(client, director, scheduled):
    other = mitchell_section(tables=3, club=scheduled.club, tournament=scheduled.tournament)
    device = _open(client, director, other, table=1)
    page = client.get(DEVICE)
    assert page.context["screen"].section == other.section
    play = scheduled.play(1, 1, scheduled.boards_at(1, 1)[0])
    client.post(DEVICE, {"action": "enter", "round": 1, f"cell-{play.pk}": "7"})
    assert not Result.objects.filter(section=scheduled.section).exists()
    with pytest.raises(ScoringError):
        result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=7), by=None, device=device)


def test_a_revoked_device_is_refused_with_a_reason(client, director, scheduled):
    device = _open(client, director, scheduled, table=1)
    cells = _cells(client.get(DEVICE))
    devices.device_revoke(device=device, by=director)
    page = client.get(DEVICE)
    assert page.status_code == 403 and "was revoked" in page.content.decode()
    client.cookies.load({devices.COOKIE: page.cookies[devices.COOKIE].value or ""})
    answer = client.post(DEVICE, {"action": "enter", "round": 1, **cells})
    assert answer.status_code in (302, 403) and not Result.objects.exists()


def test_a_revoked_device_by_the_directors_page(client, director, scheduled):
    device = _open(client, director, scheduled, table=1)
    phone = client.cookies[devices.COOKIE].value
    client.force_login(director)
    assert client.post(f"/results/devices/{device.pk}/revoke/").status_code == 302
    device.refresh_from_db()
    assert device.revoked is not None and device.revoked_by == director
    client.logout()
    client.cookies.load({devices.COOKIE: phone})
    assert client.get(DEVICE).status_code == 403


def test_a_device_never_opens_a_directors_page(client, director, scheduled):
    _open(client, director, scheduled, table=1)
    section = scheduled.section.pk
    for url in (
        f"/results/sections/{section}/dashboard/",
        f"/results/sections/{section}/devices/",
        f"/results/sections/{section}/enter/boards/1/",
        f"/events/{scheduled.tournament.pk}/",
    ):
        answer = client.get(url)
        assert answer.status_code in (302, 403) or "Mark as" not in answer.content.decode()
        if answer.status_code == 302:
            assert answer.url.startswith("/login/")


def test_the_short_code_opens_the_device_and_wrong_codes_are_throttled(client, director, scheduled):
    from django.core.cache import cache

    cache.delete("scoring:device-guesses:127.0.0.1")  # the cache (Redis) outlives a test
    issued = _issue(client, director, scheduled, table=3).context["issued"]
    assert client.post("/results/device/join/", {"code": issued.code.lower()}).status_code == 302
    assert client.get(DEVICE).context["current"].table == 3
    client.cookies.clear()
    for _ in range(devices.GUESS_LIMIT):
        assert client.post("/results/device/join/", {"code": "AAAA-BBBB"}).status_code == 404
    assert client.post("/results/device/join/", {"code": issued.code}).status_code == 429
    cache.delete("scoring:device-guesses:127.0.0.1")


def test_players_cannot_make_devices(client, club, scheduled):
    player = person_make(club)[0]
    client.force_login(player)
    answer = client.post(f"/results/sections/{scheduled.section.pk}/devices/", {"table": 1})
    assert answer.status_code == 403 and not TableDevice.objects.exists()


def test_a_device_is_made_only_for_a_table_of_the_section(client, director, scheduled):
    client.force_login(director)
    answer = client.post(f"/results/sections/{scheduled.section.pk}/devices/", {"table": 9})
    assert answer.status_code == 400 and "does not play" in answer.content.decode()


def test_the_devices_page_reads_a_fixed_number_of_queries(client, director, scheduled):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = f"/results/sections/{scheduled.section.pk}/devices/"
    counts = []
    for extra in (1, 4):
        for _ in range(extra):
            devices.device_create(section=scheduled.section, table=1, by=director)
        client.force_login(director)
        with CaptureQueriesContext(connection) as queries:
            page = client.get(url)
        assert page.status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_a_revoked_device_s_screen_learns_it_at_its_next_look(client, director, scheduled):
    device = _open(client, director, scheduled, table=1)
    assert client.get(f"{DEVICE}state/").json()["state"]
    devices.device_revoke(device=device, by=director)
    answer = client.get(f"{DEVICE}state/")
    assert answer.status_code == 403 and answer.json() == {"state": "revoked"}


def test_a_device_whose_table_left_the_schedule_says_so(client, director, scheduled):
    from tournaments.models import Seating

    _open(client, director, scheduled, table=3)
    Seating.objects.filter(section=scheduled.section, table=3).delete()
    page = client.get(DEVICE)
    assert page.status_code == 404 and "has no rounds in the schedule" in page.content.decode()
