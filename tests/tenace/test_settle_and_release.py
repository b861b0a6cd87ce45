"""Issue #23: "Finish play" and "Release" list what is open and refuse until it is settled
(or the director goes on anyway with a reason, kept in the history), on the control room
and the API alike; a disputed board is never published with one side's figure; a dispute
is settled in the control room by any director of the event, page and API.

The night (a 3-table Mitchell, 2 boards a round, 18 board plays): round 1 all confirmed
but board 1 at table 1, disputed (NS say 8, EW say 6); round 2 three results waiting for
EW (table 1's boards 3 and 4, table 2's board 5), the other three confirmed; round 3
nothing yet (6 missing). Open: 6 missing, 3 unconfirmed, 1 disputed.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Role
from scoring.checks import ResultInput
from scoring.models import Result, ResultStatus, VersionAction
from scoring.presenters import latest_snapshots
from scoring.services import result_confirm, result_record
from scoring.standings import standings_publish
from tests.scoring.conftest import _forget_published_versions  # noqa: F401 - autouse
from tests.scoring.factories import club_make, mitchell_section, person_make
from tournaments.models import StatusChange
from tournaments.table_codes import confirmation_code

pytestmark = pytest.mark.django_db

WAITING = {(2, 1, 3), (2, 1, 4), (2, 2, 5)}


def _night():
    club = club_make()
    organiser = person_make(club, Role.ORGANISER)[0]
    player = person_make(club, Role.PLAYER)[0]
    scheduled = mitchell_section(tables=3, boards_per_round=2, club=club)
    disputed = None
    for round_ in (1, 2):
        for table in (1, 2, 3):
            for board in scheduled.boards_at(round_, table):
                play = scheduled.play(round_, table, board)
                if (round_, table, board) == (1, 1, 1):
                    disputed = result_record(
                        board_play_id=play.pk, given=ResultInput(ns_tricks=8), by=None
                    )
                    code = confirmation_code(section_id=scheduled.section.pk, round=1, table=1)
                    result_confirm(result_id=disputed.pk, by=None, ns_tricks=6, code=code)
                    continue
                result_record(
                    board_play_id=play.pk,
                    given=ResultInput(ns_tricks=7),
                    by=None,
                    confirmed=(round_, table, board) not in WAITING,
                )
    return scheduled, organiser, player, disputed


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_finish_is_refused_with_what_is_open_then_done_anyway_with_a_reason_kept():
    scheduled, organiser, _player, _disputed = _night()
    tournament = scheduled.tournament
    room = reverse("tournaments:control_room", args=[scheduled.section.session_id])
    status = reverse("tournaments:status", args=[tournament.pk])
    client = _client(organiser)
    page = client.get(room).content.decode()
    assert "What is open" in page
    assert "Not settled yet: 6 missing, 3 unconfirmed, 1 disputed." in page
    assert 'value="finished" class="primary" disabled' in page  # looks and is disabled
    assert "Finish play anyway" in page
    refused = client.post(status, {"status": "finished", "next": room}, follow=True)
    assert "Not settled yet: 6 missing, 3 unconfirmed, 1 disputed." in refused.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == "running"
    no_reason = client.post(
        status, {"status": "finished", "anyway": "1", "next": room}, follow=True
    )
    assert "Say why you go on anyway" in no_reason.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == "running"
    client.post(
        status,
        {"status": "finished", "anyway": "1", "reason": "table 3 went home", "next": room},
    )
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    change = StatusChange.objects.filter(tournament=tournament).latest("pk")
    assert change.reason == "table 3 went home"
    assert change.after == {
        "status": "finished",
        "anyway": {"missing": 6, "unconfirmed": 3, "disputed": 1},
    }
    history = client.get(room).content.decode()
    assert "done anyway" in history and "6 missing" in history


def test_the_api_refuses_release_with_the_open_results_and_releases_anyway():
    scheduled, organiser, _player, disputed = _night()
    tournament = scheduled.tournament
    tournament.status = "finished"
    tournament.save(update_fields=["status"])
    api = APIClient()
    api.force_authenticate(organiser)
    base = f"/api/tournaments/{tournament.pk}"
    listed = api.get(f"{base}/open/").json()
    assert listed["settled"] is False
    assert listed["counts"] == {
        "missing": 6,
        "unconfirmed": 3,
        "disputed": 1,
        "adjusted": 0,
        "not_played": 0,
    }
    dispute = next(item for item in listed["open"] if item["kind"] == "disputed")
    assert (dispute["board"], dispute["table"], dispute["round"]) == (1, 1, 1)
    assert (dispute["ns_figure"], dispute["ew_figure"], dispute["result"]) == (
        "8",
        "6",
        disputed.pk,
    )
    refused = api.post(f"{base}/release/", {"reason": "looks fine"}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "open_results"
    assert len(refused.json()["open"]) == 10
    assert "6 missing, 3 unconfirmed, 1 disputed" in refused.json()["detail"]
    checks = api.get(f"{base}/checks/").json()
    release = next(a for a in checks["actions"] if a["status"] == "released")
    assert release["anyway"] is True and "1 disputed" in release["blocked"]
    released = api.post(
        f"{base}/release/", {"reason": "the club wants them tonight", "anyway": True}, format="json"
    )
    assert released.status_code == 200 and released.json()["status"] == "released"
    history = api.get(f"{base}/history/").json()
    assert history[0]["anyway"] == {"missing": 6, "unconfirmed": 3, "disputed": 1}
    assert history[0]["reason"] == "the club wants them tonight"


def test_the_finish_endpoint_is_refused_the_same_way():
    scheduled, organiser, _player, _disputed = _night()
    api = APIClient()
    api.force_authenticate(organiser)
    answer = api.post(f"/api/tournaments/{scheduled.tournament.pk}/finish/", {}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "open_results"


def test_a_disputed_board_is_never_published_with_one_sides_figure():
    scheduled, _organiser, _player, disputed = _night()
    standings_publish(section_id=scheduled.section.pk, force=True)
    data = latest_snapshots([scheduled.section.pk])[scheduled.section.pk]
    board_1 = data["boards"]["1"]
    row = next(r for r in board_1 if r["result"] == disputed.pk)
    assert row["status"] == "disputed"
    assert (row["ns_tricks"], row["ns_score"], row["ns_points"]) == (None, None, None)
    # Board 1's other result (round 2, table 3: NS 7) is scored alone.
    assert [r["ns_score"] for r in board_1 if r["result"] != disputed.pk] == [7]
    traveller = Client().get(reverse("scoring:board", args=[scheduled.section.pk, 1]))
    assert traveller.status_code in (302, 403, 404)  # not released: nobody outside sees it


def test_any_director_settles_a_dispute_in_the_control_room_and_comes_back():
    scheduled, organiser, player, disputed = _night()
    room = reverse("tournaments:control_room", args=[scheduled.section.session_id])
    client = _client(organiser)  # an organiser, not a secretary, directing the event
    page = client.get(room).content.decode()
    assert "NS's figure (8)" in page and "EW's figure (6)" in page
    assert "Another figure" in page and "Adjusted score" in page
    settle = reverse("scoring:settle", args=[disputed.pk])
    assert _client(player).post(settle, {"choice": "ew", "reason": "x"}).status_code == 403
    answer = client.post(settle, {"choice": "ew", "reason": "the traveller says 6"})
    assert answer.status_code == 302
    assert answer["Location"] == f"{room}#disagreements-{scheduled.section.pk}"
    disputed.refresh_from_db()
    assert (disputed.status, disputed.ns_tricks) == (ResultStatus.CONFIRMED, 6)
    version = disputed.versions.order_by("-number").first()
    assert version.action == VersionAction.CORRECTED and version.reason == "the traveller says 6"
    assert version.by == organiser
    again = client.post(settle, {"choice": "ns", "reason": "changed my mind"}, follow=True)
    assert "no longer disputed" in again.content.decode()
    disputed.refresh_from_db()
    assert disputed.ns_tricks == 6
    standings_publish(section_id=scheduled.section.pk, force=True)
    data = latest_snapshots([scheduled.section.pk])[scheduled.section.pk]
    row = next(r for r in data["boards"]["1"] if r["result"] == disputed.pk)
    assert row["ns_score"] == 6


@pytest.mark.parametrize(
    ("body", "kind", "tricks", "adjusted"),
    [
        ({"choice": "ns"}, "played", 8, ("", "")),
        ({"choice": "other", "tricks": "7"}, "played", 7, ("", "")),
        ({"choice": "adjusted", "adjusted": "A+/A-"}, "adjusted", None, ("A+", "A-")),
    ],
)
def test_each_settlement_on_the_page(body, kind, tricks, adjusted):
    scheduled, organiser, _player, disputed = _night()
    _client(organiser).post(
        reverse("scoring:settle", args=[disputed.pk]), {**body, "reason": "director's ruling"}
    )
    disputed.refresh_from_db()
    assert disputed.status == ResultStatus.CONFIRMED
    assert (disputed.kind, disputed.ns_tricks) == (kind, tricks)
    assert (disputed.adjusted_ns, disputed.adjusted_ew) == adjusted


def test_the_api_settles_a_dispute_and_refuses_what_is_not_one():
    scheduled, organiser, player, disputed = _night()
    api = APIClient()
    api.force_authenticate(player)
    url = f"/api/results/{disputed.pk}/settle/"
    refused = api.post(url, {"choice": "ns", "reason": "x"}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "directors_only"
    api.force_authenticate(organiser)
    wrong = api.post(url, {"choice": "other", "figure": "A+", "reason": "x"}, format="json")
    assert wrong.status_code == 400 and "tricks NS took" in wrong.json()["detail"]
    done = api.post(url, {"choice": "other", "figure": "7", "reason": "board re-counted"})
    assert done.status_code == 200 and done.json()["ns_tricks"] == 7
    assert api.post(url, {"choice": "ns", "reason": "x"}).status_code == 400
    assert Result.objects.get(pk=disputed.pk).status == ResultStatus.CONFIRMED
