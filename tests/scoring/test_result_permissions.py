"""Who may write a result, and when (issue #12, "permissions"; scoring/access.py).

* a player's phone enters tricks, nothing else: adjusted scores (A+, A, A−) and "not
  played" are the event's directors' (page and API);
* players enter only while the event is running; directors enter and correct until it
  is closed;
* a playing organiser is a player: no adjusted score for his own pair, no correction.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.models import Role
from scoring.checks import ResultInput
from scoring.models import Result
from scoring.services import result_record
from tests.scoring.factories import mitchell_section, person_make

pytestmark = pytest.mark.django_db


def _body(scheduled, *, table=1, board=1, **result):
    ns, ew = scheduled.pairs_at(1, table)
    given = result or {"ns_tricks": 8}
    return {"section": scheduled.section.pk, "round": 1, "table": table, "board": board,
            "ns": ns, "ew": ew, **given}  # fmt: skip


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def event(club):
    """Pair 1 (NS, table 1) is a player and a playing organiser; a named director."""
    player, player_member = person_make(club, Role.PLAYER)
    organiser, organiser_member = person_make(club, Role.ORGANISER)
    director, director_member = person_make(club, Role.ORGANISER)
    scheduled = mitchell_section(
        tables=3, club=club, members={1: (player_member, organiser_member)}
    )
    scheduled.tournament.directors.add(director_member)
    return scheduled, {"player": player, "organiser": organiser, "director": director}


def _status(scheduled, status: str) -> None:
    scheduled.tournament.status = status
    scheduled.tournament.save(update_fields=["status"])


ADJUSTED = {"kind": "adjusted", "adjusted_ns": "A+", "adjusted_ew": "A-"}
NOT_PLAYED = {"kind": "not_played"}


@pytest.mark.parametrize("who", ["player", "organiser"])
@pytest.mark.parametrize("given", [ADJUSTED, NOT_PLAYED], ids=["adjusted", "not_played"])
def test_a_player_at_his_own_table_cannot_give_an_adjusted_score_or_not_played(event, who, given):
    scheduled, users = event
    answer = _api(users[who]).post("/api/results/", _body(scheduled, **given), format="json")
    assert answer.status_code == 403
    assert answer.json()["code"] == "directors_only"
    assert not Result.objects.exists()


def test_a_player_at_his_own_table_enters_tricks(event):
    scheduled, users = event
    answer = _api(users["player"]).post("/api/results/", _body(scheduled), format="json")
    assert answer.status_code == 201 and answer.json()["status"] == "entered"


def test_the_director_gives_an_adjusted_score_and_it_needs_no_confirmation(event):
    scheduled, users = event
    answer = _api(users["director"]).post(
        "/api/results/", _body(scheduled, **ADJUSTED), format="json"
    )
    assert answer.status_code == 201 and answer.json()["status"] == "confirmed"


def test_the_phone_page_refuses_an_adjusted_cell_from_a_player_with_the_reason(client, event):
    scheduled, users = event
    play = scheduled.play(1, 1, 1)
    client.force_login(users["player"])
    page = client.post(
        f"/results/sections/{scheduled.section.pk}/tables/1/rounds/1/",
        {f"cell-{play.pk}": "A+", "idempotency_key": "k1"},
    )
    assert page.status_code == 400  # refused, with the reason
    assert "directors only" in page.content.decode()
    assert not Result.objects.exists()


@pytest.mark.parametrize("status", ["ready", "finished", "released", "closed"])
def test_players_enter_only_while_the_event_runs(event, status):
    scheduled, users = event
    _status(scheduled, status)
    answer = _api(users["player"]).post("/api/results/", _body(scheduled), format="json")
    assert answer.status_code == 403
    assert answer.json()["code"] == ("event_closed" if status == "closed" else "event_not_running")


@pytest.mark.parametrize(
    "status, allowed",
    [("running", True), ("finished", True), ("released", True), ("closed", False)],
)
def test_directors_enter_and_correct_until_the_event_is_closed(event, status, allowed):
    scheduled, users = event
    stored = result_record(
        board_play_id=scheduled.play(1, 2, 3).pk, given=ResultInput(ns_tricks=6), by=None
    )
    _status(scheduled, status)
    api = _api(users["director"])
    entered = api.post("/api/results/", _body(scheduled), format="json")
    corrected = api.post(
        f"/api/results/{stored.pk}/correct/", {"ns_tricks": 9, "reason": "misboard"}, format="json"
    )
    assert (entered.status_code, corrected.status_code) == ((201, 200) if allowed else (403, 403))
    if not allowed:
        assert corrected.json()["code"] == "event_closed"


def test_a_playing_organiser_cannot_correct_a_result_page_or_api(client, event):
    scheduled, users = event
    stored = result_record(
        board_play_id=scheduled.play(1, 1, 1).pk, given=ResultInput(ns_tricks=6), by=None
    )
    answer = _api(users["organiser"]).post(
        f"/api/results/{stored.pk}/correct/", {"ns_tricks": 9, "reason": "mine"}, format="json"
    )
    assert answer.status_code == 403 and answer.json()["code"] == "directors_only"
    client.force_login(users["organiser"])
    page = client.get(f"/results/{stored.pk}/correct/")
    assert page.status_code == 403 and "directors" in page.content.decode()
    assert Result.objects.get(pk=stored.pk).ns_tricks == 6


def test_a_playing_organiser_cannot_open_the_traveller_grid_or_the_dashboard(client, event):
    scheduled, users = event
    client.force_login(users["organiser"])
    base = f"/results/sections/{scheduled.section.pk}/"
    for page in ("dashboard/", "enter/boards/1/", "enter/tables/2/rounds/1/", "import/"):
        assert client.get(base + page).status_code == 403, page


def test_a_player_cannot_enter_at_another_table(event):
    scheduled, users = event
    answer = _api(users["player"]).post(
        "/api/results/", _body(scheduled, table=2, board=3), format="json"
    )
    assert answer.status_code == 403 and answer.json()["code"] == "not_at_your_table"


def test_a_result_on_a_board_ew_confirm_only_while_running(event, club):
    scheduled, users = event
    ew_user, ew_member = person_make(club)
    from tournaments.models import Entry

    Entry.objects.filter(pk=scheduled.entries[4].pk).update(member1=ew_member, guest1="")
    stored = result_record(
        board_play_id=scheduled.play(1, 1, 1).pk, given=ResultInput(ns_tricks=6), by=None
    )
    _status(scheduled, "finished")
    answer = _api(ew_user).post(
        f"/api/results/{stored.pk}/confirm/", {"ns_tricks": 6}, format="json"
    )
    assert answer.status_code == 403 and answer.json()["code"] == "event_not_running"
    _status(scheduled, "running")
    answer = _api(ew_user).post(
        f"/api/results/{stored.pk}/confirm/", {"ns_tricks": 6}, format="json"
    )
    assert answer.status_code == 200 and answer.json()["status"] == "confirmed"


def test_with_mitchell_section_of_an_unnamed_event_the_clubs_organisers_direct(club):
    """No director named (an event made before directors existed): the club's organisers and
    secretaries who do not play direct it."""
    secretary, _ = person_make(club, Role.SECRETARY)
    scheduled = mitchell_section(tables=3, club=club)
    answer = _api(secretary).post("/api/results/", _body(scheduled, **ADJUSTED), format="json")
    assert answer.status_code == 201
