"""*Analyse now* on the hand records page (issue #23): on the embedded default (no worker)
a new board set's double-dummy tables stay missing until someone asks; the page says why,
offers the button to the club's organisers, starts the solver in a process of its own
(never in the web request) and follows the progress until every board has its table."""

from __future__ import annotations

import subprocess
import time

import pytest
from django.core.cache import cache
from django.core.management import call_command

from clubs.models import Role
from engine.analysis import analysis_available
from scoring.analysis_now import STARTED_KEY
from tests.scoring.factories import mitchell_section, person_make
from tournaments.models import Board

pytestmark = pytest.mark.django_db


class _Launched:
    """Records what would be started in the background (the operating system's call)."""

    def __init__(self):
        self.commands: list[list[str]] = []

    def __call__(self, command, **kwargs):
        self.commands.append(command)
        return None


@pytest.fixture
def dealt(club):
    scheduled = mitchell_section(tables=3, club=club)
    board_set = scheduled.section.board_set_id
    cache.delete(STARTED_KEY.format(board_set))
    yield scheduled, board_set
    cache.delete(STARTED_KEY.format(board_set))


def test_the_page_says_why_the_tricks_are_missing_and_offers_analyse_now(client, club, dealt):
    _scheduled, board_set = dealt
    organiser = person_make(club, Role.ORGANISER)[0]
    client.force_login(organiser)
    page = client.get(f"/events/board-sets/{board_set}/hand-records/").content.decode()
    assert "Double dummy: 0 of 6 boards analysed." in page
    assert "This site runs without a worker" in page
    assert f'action="/results/board-sets/{board_set}/analyse/"' in page
    assert 'http-equiv="refresh"' not in page


def test_only_the_clubs_organisers_start_it(client, club, dealt, monkeypatch):
    _scheduled, board_set = dealt
    launched = _Launched()
    monkeypatch.setattr(subprocess, "Popen", launched)
    client.force_login(person_make(club)[0])
    assert client.post(f"/results/board-sets/{board_set}/analyse/").status_code == 403
    assert launched.commands == []


def test_analyse_now_starts_the_solver_in_the_background_and_the_page_follows(
    client, club, dealt, monkeypatch
):
    _scheduled, board_set = dealt
    launched = _Launched()
    monkeypatch.setattr(subprocess, "Popen", launched)
    client.force_login(person_make(club, Role.ORGANISER)[0])
    answer = client.post(f"/results/board-sets/{board_set}/analyse/")
    assert answer.status_code == 302 and "?analysing=" in answer.url
    assert launched.commands == [
        [launched.commands[0][0], "-m", "django", "boards_analyse", "--board-set", str(board_set)]
    ]
    page = client.get(answer.url).content.decode()
    assert "being analysed in the background" in page
    assert '<meta http-equiv="refresh" content="5">' in page and "<progress" in page
    assert "Analyse now</button>" not in page
    again = client.post(f"/results/board-sets/{board_set}/analyse/", follow=True)
    assert "already running" in again.content.decode() and len(launched.commands) == 1
    stale = int(time.time()) - 3600
    old = client.get(f"/events/board-sets/{board_set}/hand-records/?analysing={stale}")
    assert 'http-equiv="refresh"' not in old.content.decode()


@pytest.mark.skipif(not analysis_available(), reason="needs the 'analysis' extra (endplay)")
def test_the_command_it_starts_stores_the_tables_and_the_note_goes(client, club, dealt):
    _scheduled, board_set = dealt
    call_command("boards_analyse", "--board-set", str(board_set))
    assert not Board.objects.filter(board_set_id=board_set, dd_tricks="").exists()
    client.force_login(person_make(club, Role.ORGANISER)[0])
    page = client.get(
        f"/events/board-sets/{board_set}/hand-records/?analysing={int(time.time())}"
    ).content.decode()
    assert "boards analysed" not in page and 'http-equiv="refresh"' not in page
    done = client.post(f"/results/board-sets/{board_set}/analyse/", follow=True)
    assert "Every board already has its double-dummy table." in done.content.decode()
