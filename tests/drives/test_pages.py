"""The drive pages as people use them: a one-off drive run by whoever set it up, the table's
phone with its code (throttled against guessing), the MC's quick entry and screen, prizes
with a cut, list pages whose queries do not grow with rows, Spanish and Czech."""

from __future__ import annotations

import html
import random

import pytest
from django.urls import reverse

from drives.models import Drive, DriveEntry, DriveStatus, DriveTable
from drives.running import drive_start
from drives.selectors import drive_state
from drives.throttle import LIMIT
from tests.drives.conftest import DAY, card_at, new_drive, person, play_hand, play_out, seat


def _one_off(client, user) -> Drive:
    client.force_login(user)
    form = {
        "name": "Village hall drive",
        "date": DAY.isoformat(),
        "movement": "progressive",
        "mover": "winners",
        "partners": "",
        "hands": 4,
        "half_time_after": 2,
        "hands_per_round": 1,
        "trumps": "HDSCNT",
        "scoring": "tricks",
        "incomplete_table": "dummy",
        "ladies_prizes": 2,
        "gents_prizes": 2,
        "overall_prizes": 0,
        "couples_prizes": 0,
        "half_time_prize": "each",
        "big_hand_threshold": 10,
        "ladies_booby": "on",
        "one_prize_per_player": "on",
        "tie_break": "cut",
    }
    response = client.post(reverse("drives:create"), form)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Drive.objects.get(name="Village hall drive")


def test_a_one_off_drive_is_run_by_whoever_set_it_up(client, db):
    mc, stranger = person(None, "Pat"), person(None, "Stranger")
    drive = _one_off(client, mc)
    assert drive.club is None and drive.settings["trumps"] == ["H", "D", "S", "C", "NT"]
    assert [p for p in drive.settings["prizes"]] == [
        "lady:total",
        "lady:total",
        "gent:total",
        "gent:total",
        "lady:half_time",
        "gent:half_time",
        "lady:total:lowest",
    ]
    lines = "\n".join([f"Lady {n}, lady" for n in range(4)] + [f"Gent {n}, gent" for n in range(3)])
    response = client.post(reverse("drives:players", args=[drive.pk]), {"lines": lines})
    assert response.status_code == 302 and drive.players.count() == 7
    client.force_login(stranger)
    assert client.get(reverse("drives:players", args=[drive.pk])).status_code == 403
    assert client.post(reverse("drives:start", args=[drive.pk])).status_code == 403
    client.force_login(mc)
    client.post(reverse("drives:start", args=[drive.pk]))
    drive.refresh_from_db()
    assert drive.status == DriveStatus.RUNNING and drive.tables == 2


def test_a_pasted_list_with_a_bad_line_adds_nobody(client, drive, people):
    client.force_login(people["organiser"])
    response = client.post(reverse("drives:players", args=[drive.pk]), {"lines": "Ann, lady\nBob"})
    assert response.status_code == 200 and "Line 2" in response.content.decode()
    assert drive.players.count() == 15


def test_the_table_phone_enters_with_its_code_and_the_engine_refuses_a_wrong_sum(client, drive):
    drive_start(drive=drive)
    table = DriveTable.objects.get(drive=drive, number=1)
    url = reverse("drives:table", args=[table.code])
    page = client.get(url).content.decode()
    assert "Hand 1 — trumps: hearts" in page and "Lady 1" in page
    card = card_at(drive, 1)
    refused = client.post(url, {"hand": 1, "tricks_a": 7, "tricks_b": 7, "card": card})
    assert refused.status_code == 200 and "a hand has 13 tricks" in refused.content.decode()
    assert not DriveEntry.objects.exists()
    stored = client.post(url, {"hand": 1, "tricks_a": 9, "tricks_b": 4, "card": card.lower()})
    assert stored.status_code == 302
    assert DriveEntry.objects.get().tricks_a == 9
    lower = reverse("drives:table", args=[table.code.lower()])
    assert client.get(lower).status_code == 302  # typed in lower case: sent to the right page


def test_wrong_table_codes_are_throttled(client, drive):
    drive_start(drive=drive)
    table = DriveTable.objects.get(drive=drive, number=1)
    for _ in range(LIMIT):
        assert client.get(reverse("drives:table", args=["ZZZZZZZZ"])).status_code == 404
    assert client.get(reverse("drives:table", args=[table.code])).status_code == 429
    api = client.get(f"/api/drive-tables/{table.code}/")
    assert api.status_code == 429 and "detail" in api.json()


def test_the_mc_enters_a_hand_from_the_cards_and_calls_the_next(client, drive, people):
    drive_start(drive=drive)
    client.force_login(people["organiser"])
    state = drive_state(drive)
    open_tables = [th.table for th in state.hand(1) if not th.done]
    data = {f"a{t}": 7 for t in open_tables}  # pair B filled in as 13 − A
    data["b1"] = 7  # table 1 typed 7 and 7: refused by the engine, the others stored
    response = client.post(reverse("drives:enter", args=[drive.pk]), data)
    assert response.status_code == 200 and "a hand has 13 tricks" in response.content.decode()
    assert DriveEntry.objects.count() == len(open_tables) - 1
    client.post(reverse("drives:enter", args=[drive.pk]), {"a1": 6})
    screen = client.get(reverse("drives:screen", args=[drive.pk])).content.decode()
    assert "Call hand 2" in screen
    client.post(reverse("drives:next", args=[drive.pk]))
    drive.refresh_from_db()
    assert drive.current_hand == 2
    live = client.get(reverse("drives:screen_live", args=[drive.pk])).content.decode()
    assert "Hand 2 — trumps: diamonds" in live


def test_the_version_answers_not_modified_while_nothing_changed(client, drive):
    url = reverse("drives:version", args=[drive.pk])
    first = client.get(url)
    drive.refresh_from_db()
    assert first.json() == {"version": drive.version}
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_the_half_time_leaders_are_on_the_screen(client, drive):
    drive_start(drive=drive)
    rng = random.Random(3)
    from drives.running import hand_next

    for _ in range(2):
        play_hand(drive, rng)
        if drive.current_hand < 2:
            hand_next(drive=drive)
        drive.refresh_from_db()
    page = client.get(reverse("drives:screen", args=[drive.pk])).content.decode()
    assert "Half-time" in page


def test_prizes_and_results_after_the_last_hand(client, drive, people):
    drive = play_out(drive)
    results = html.unescape(client.get(reverse("drives:results", args=[drive.pk])).content.decode())
    assert "Ladies, place 1" in results and "Gents' booby prize" in results
    card = drive.players.first()
    page = client.get(reverse("drives:card", args=[drive.pk, card.pk])).content.decode()
    assert "Half-time" in page and "Total" in page
    client.force_login(people["organiser"])
    tables = client.get(reverse("drives:print_tables", args=[drive.pk])).content.decode()
    assert "<svg" in tables


@pytest.mark.parametrize(
    "language, words",
    [
        ("es", ["Mano 1 — triunfo: corazones", "Mesa 1"]),
        ("cs", ["Rozdání 1 — trumfy: srdce", "Stůl 1"]),
    ],
)
def test_the_table_page_speaks_spanish_and_czech(client, drive, language, words):
    drive_start(drive=drive)
    table = DriveTable.objects.get(drive=drive, number=1)
    page = client.get(
        reverse("drives:table", args=[table.code]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    for word in words:
        assert word in page


def _drives(club, organiser, count):
    for _n in range(count):
        made = new_drive(club, organiser)
        seat(made, 2, 2)


@pytest.mark.parametrize("count", [1, 12])
def test_list_pages_queries_do_not_grow_with_drives(
    client, club, people, count, django_assert_max_num_queries
):
    _drives(club, people["organiser"], count)
    with django_assert_max_num_queries(6):
        assert client.get(reverse("drives:list")).status_code == 200
    with django_assert_max_num_queries(8):
        assert client.get(reverse("drives:club_list", args=[club.slug])).status_code == 200
    with django_assert_max_num_queries(6):
        assert client.get("/api/drives/").status_code == 200


@pytest.mark.parametrize("ladies", [2, 20])
def test_drive_pages_queries_do_not_grow_with_players(
    client, club, people, ladies, django_assert_max_num_queries
):
    drive = new_drive(club, people["organiser"])
    seat(drive, ladies, ladies)
    drive = play_out(drive)
    for name in ("drives:results", "drives:screen", "drives:detail"):
        with django_assert_max_num_queries(10):
            assert client.get(reverse(name, args=[drive.pk])).status_code == 200
    client.force_login(people["organiser"])
    for name in ("drives:print_cards", "drives:players"):
        with django_assert_max_num_queries(14):
            assert client.get(reverse(name, args=[drive.pk])).status_code == 200
    with django_assert_max_num_queries(10):
        assert client.get(f"/api/drives/{drive.pk}/cards/").status_code == 200
