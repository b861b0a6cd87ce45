"""The director's control room: reached by links, everything one click away, the buttons
that make sense now, the refusals with a reason, release and hold back recorded with who
and when (page and API), and a query count that does not grow with the entries."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import Role
from scoring.checks import ResultInput
from scoring.services import result_confirm, result_record
from tests.scoring.conftest import _forget_published_versions  # noqa: F401 - autouse
from tests.scoring.factories import club_make, mitchell_section, person_make
from tournaments import schedule, services
from tournaments.models import Section, StatusChange, TournamentStatus
from tournaments.table_codes import confirmation_code

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def world():
    club = club_make()
    organiser = person_make(club, Role.ORGANISER)[0]
    secretary = person_make(club, Role.SECRETARY)[0]
    player = person_make(club, Role.PLAYER)[0]
    return club, organiser, secretary, player


def _draft(club, pairs: int = 6):
    tournament = services.tournament_create(
        club=club, name="Thursday pairs", starts=dt.date.today()
    )
    section = Section.objects.get(session__tournament=tournament)
    members = [person_make(club)[1] for _ in range(2 * pairs)]
    for a, b in zip(members[::2], members[1::2], strict=True):
        services.entry_add(section=section, member1=a, member2=b)
    return tournament, section


def test_the_room_is_reached_from_the_home_the_club_and_the_event(world):
    club, organiser, _secretary, player = world
    tournament, section = _draft(club)
    room = reverse("tournaments:control_room", args=[section.session_id])
    client = _client(organiser)
    for page in (
        "/",
        reverse("clubs:home", args=[club.slug]),
        reverse("tournaments:list", args=[club.slug]),
        reverse("tournaments:detail", args=[tournament.pk]),
        reverse("tournaments:section", args=[section.pk]),
    ):
        assert f'href="{room}"' in client.get(page).content.decode(), page
    assert room not in _client(player).get("/").content.decode()


def test_a_player_is_refused_with_a_styled_page_and_a_visitor_asked_to_log_in(world):
    club, _organiser, _secretary, player = world
    _tournament, section = _draft(club)
    room = reverse("tournaments:control_room", args=[section.session_id])
    refused = _client(player).get(room)
    assert refused.status_code == 403 and b"<h1" in refused.content
    assert Client().get(room).status_code == 302


def test_before_play_the_room_lists_the_checks_and_suggests_movements(world):
    club, organiser, _secretary, _player = world
    _tournament, section = _draft(club)
    page = _client(organiser).get(
        reverse("tournaments:control_room", args=[section.session_id]), {"minutes": 120}
    )
    text = page.content.decode()
    assert "Deal or import the boards." in text and "Fix it" in text
    assert "Fits in your 120 minutes." in text
    assert "Use this movement" in text
    assert "Mark ready" in text and "disabled" in text
    assert "Start play" not in text
    for block in ("{# printing links #}", "{# table devices #}", "{# session files #}"):
        assert block not in text  # template comments: where the other pieces go


def test_one_click_sets_up_then_ready_start_finish_release_hold_back_with_history(world):
    club, organiser, secretary, _player = world
    tournament, section = _draft(club)
    room = reverse("tournaments:control_room", args=[section.session_id])
    client = _client(organiser)
    response = client.post(
        reverse("tournaments:movement_use", args=[section.pk]),
        {"kind": "mitchell", "boards_per_round": 2, "option": "", "next": room},
    )
    assert response.status_code == 302 and response["Location"] == room
    status = reverse("tournaments:status", args=[tournament.pk])
    for target in ("ready", "running"):
        assert client.post(status, {"status": target, "next": room})["Location"] == room
    text = client.get(room).content.decode()
    assert "Finish play" in text and "Release the standings" not in text
    assert "still to enter" in text and "all boards confirmed" in text  # the legend
    # Releasing a running event is refused with the reason, never a 500.
    refused = client.post(status, {"status": "released", "next": room}, follow=True)
    assert "cannot go from Running to Released" in refused.content.decode()
    client.post(status, {"status": "finished", "anyway": "1", "reason": "test", "next": room})
    client.post(
        status, {"status": "released", "anyway": "1", "reason": "checked by Marta", "next": room}
    )
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RELEASED
    release = StatusChange.objects.filter(tournament=tournament).latest("pk")
    assert release.changed_by == organiser and release.reason == "checked by Marta"
    text = client.get(room).content.decode()
    assert "Hold back the standings" in text and "checked by Marta" in text
    assert organiser.get_username() in text
    client.post(status, {"status": "closed", "next": room})
    client.post(status, {"status": "released", "next": room})  # an organiser cannot reopen
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.CLOSED
    _client(secretary).post(status, {"status": "released", "next": room})
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.RELEASED


def test_the_room_shows_a_disagreement_to_fix(world):
    club, _organiser, secretary, _player = world
    scheduled = mitchell_section(tables=3, boards_per_round=2, club=club)
    play = scheduled.play(1, 1, 1)
    result = result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=8), by=None)
    code = confirmation_code(section_id=scheduled.section.pk, round=1, table=1)
    result_confirm(result_id=result.pk, by=None, ns_tricks=6, code=code)
    text = (
        _client(secretary)
        .get(reverse("tournaments:control_room", args=[scheduled.section.session_id]))
        .content.decode()
    )
    assert "1 disagreement" in text
    assert reverse("scoring:correct", args=[result.pk]) in text


def test_the_room_costs_the_same_queries_for_few_or_many_pairs(world):
    club, organiser, _secretary, _player = world
    counts = []
    for pairs in (4, 10):
        _tournament, section = _draft(club, pairs)
        schedule.section_movement_use(section=section, kind="howell", boards_per_round=1)
        client = _client(organiser)
        url = reverse("tournaments:control_room", args=[section.session_id])
        client.get(url)  # warm the caches (sessions, roles)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    # 12 for the room itself, 1 for the release-email log, 2 to tell the reader directs.
    assert counts[0] == counts[1] <= 15


def test_the_api_gives_the_checks_and_releases_and_holds_back_with_a_reason(world):
    club, organiser, _secretary, player = world
    tournament, section = _draft(club)
    client = _client(organiser)
    base = f"/api/tournaments/{tournament.pk}"
    checks = client.get(f"{base}/checks/").json()
    assert checks["ready"] is False and checks["status"] == "draft"
    assert {c["code"] for c in checks["checks"] if not c["ok"]} == {"boards", "movement"}
    assert checks["actions"][0]["status"] == "ready" and checks["actions"][0]["blocked"]
    refused = client.post(f"{base}/release/", {"reason": "too early"})
    assert refused.status_code == 400 and "Only a finished event" in refused.json()["detail"]
    schedule.section_movement_use(section=section, kind="mitchell", boards_per_round=2)
    for target in ("ready", "running"):
        assert client.post(f"{base}/status/", {"status": target}).status_code == 200
    body = {"status": "finished", "anyway": True, "reason": "no results in this test"}
    assert client.post(f"{base}/status/", body).status_code == 200
    released = client.post(f"{base}/release/", {"reason": "all checked", "anyway": True})
    assert released.status_code == 200 and released.json()["standings_released"] is True
    held = client.post(f"{base}/hold-back/", {"reason": "a score was wrong"})
    assert held.json()["status"] == "finished"
    history = client.get(f"{base}/history/").json()
    assert [(h["before"], h["after"], h["reason"]) for h in history[:2]] == [
        ("released", "finished", "a score was wrong"),
        ("finished", "released", "all checked"),
    ]
    assert history[0]["changed_by"] == organiser.get_username()
    assert _client(player).get(f"{base}/checks/").status_code == 403
    assert _client(player).post(f"{base}/release/", {}).status_code == 403
    schema = client.get("/api/schema/").content.decode()
    assert "/hold-back/" in schema and "Release the standings" in schema


def test_ticked_members_are_paired_in_tick_order_previewed_then_added(world):
    club, organiser, _secretary, _player = world
    tournament = services.tournament_create(club=club, name="Cup", starts=dt.date.today())
    section = Section.objects.get(session__tournament=tournament)
    a, b, c, d = (person_make(club, name=n)[1] for n in ("Ann", "Bob", "Cy", "Di"))
    room = reverse("tournaments:control_room", args=[section.session_id])
    url = reverse("tournaments:entries_list", args=[section.pk])
    client = _client(organiser)
    preview = client.post(
        url,
        {
            "picked": "1",
            "member": [a.pk, b.pk, c.pk, d.pk],
            "order": f"{d.pk},{a.pk},{c.pk},{b.pk}",
            "guests": "Gus Guest\nGwen Guest",
            "next": room,
        },
    )
    assert preview.context["form"].initial["text"] == "Di & Ann\nCy & Bob\nGus Guest & Gwen Guest"
    assert [line.error for line in preview.context["lines"]] == ["", "", ""]
    added = client.post(
        url, {"text": preview.context["form"].initial["text"], "add": "1", "next": room}
    )
    assert added.status_code == 302 and added["Location"] == room
    assert [str(e) for e in section.entries.order_by("number")] == [
        "Di – Ann",
        "Cy – Bob",
        "Gus Guest – Gwen Guest",
    ]
    refused = client.post(url, {"text": "Ann & Zed", "add": "1"})
    assert "already entered" in refused.content.decode() and section.entries.count() == 3


def test_a_no_show_is_removed_before_play_and_a_late_pair_seated_after_the_start(world):
    club, organiser, _secretary, _player = world
    tournament, section = _draft(club, 7)
    client = _client(organiser)
    last = section.entries.get(number=7)
    client.post(reverse("tournaments:entry_remove", args=[last.pk]))
    assert section.entries.count() == 6
    schedule.section_movement_use(section=section, kind="mitchell", boards_per_round=2)
    for target in ("ready", "running"):
        services.tournament_set_status(tournament=tournament, status=target)
    refused = client.post(reverse("tournaments:entry_remove", args=[section.entries.first().pk]))
    assert refused.status_code == 302 and section.entries.count() == 6
    no_show = section.entries.get(number=5)
    client.post(
        reverse("tournaments:entry_withdraw", args=[no_show.pk]),
        {"from_round": 1, "reason": "did not come"},
    )
    page = client.get(reverse("tournaments:control_room", args=[section.session_id]))
    late_url = reverse("tournaments:entry_late_pair", args=[no_show.pk])
    assert late_url in page.content.decode()
    done = client.post(
        late_url, {"from_round": 2, "guest1": "Late", "guest2": "Comer", "reason": "traffic"}
    )
    assert done.status_code == 302
    no_show.refresh_from_db()
    assert str(no_show) == "Late – Comer" and not no_show.withdrawn


def test_the_live_progress_fragment_is_for_organisers_only(world):
    club, organiser, _secretary, player = world
    scheduled = mitchell_section(tables=3, boards_per_round=2, club=club)
    url = reverse("scoring:dashboard-fragment", args=[scheduled.section.pk])
    fragment = _client(organiser).get(url)
    assert fragment.status_code == 200
    text = fragment.content.decode()
    assert "data-version=" in text and "nothing entered yet" in text and "<html" not in text
    assert _client(player).get(url).status_code == 403
    assert Client().get(url).status_code == 302


def test_the_api_reads_a_list_then_adds_it_all_or_nothing(world):
    club, organiser, _secretary, player = world
    tournament = services.tournament_create(club=club, name="Cup", starts=dt.date.today())
    section = Section.objects.get(session__tournament=tournament)
    ann = person_make(club, name="Ann Ash")[1]
    url = f"/api/sections/{section.pk}/entries-list/"
    client = _client(organiser)
    dry = client.post(url, {"text": "ann ash & Gus Guest", "dry_run": True}).json()
    assert dry["added"] == [] and section.entries.count() == 0
    assert dry["lines"][0]["players"] == [
        {"text": "ann ash", "member": ann.pk, "guest": ""},
        {"text": "Gus Guest", "member": None, "guest": "Gus Guest"},
    ]
    refused = client.post(url, {"text": "Ann Ash & Gus Guest\nLonely"})
    assert refused.status_code == 400 and "Line 2" in refused.json()["detail"]
    assert section.entries.count() == 0
    added = client.post(url, {"text": "Ann Ash & Gus Guest"}).json()["added"]
    assert list(section.entries.values_list("pk", flat=True)) == added
    assert _client(player).post(url, {"text": "A & B"}).status_code == 403
