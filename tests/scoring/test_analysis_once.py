"""A board set is analysed once, on the solver's own queue, and standings never wait for it
(issue #22): the dealing and the first recompute used to queue the double-dummy analysis
twice, and with the default worker both processes ran it while the standings stayed behind.

Tasks here are sent to the broker (the in-memory one on the embedded default, Redis when
``REDIS_URL`` is set) and read back from their queues, not run, unless a test runs one."""

from __future__ import annotations

import pytest
from django.conf import settings

from config.workers import worker_commands
from scoring import tasks
from scoring.checks import ResultInput
from scoring.services import result_record
from tests.scoring.factories import mitchell_section
from tournaments import services as event_services
from tournaments.models import Board, Section

pytestmark = pytest.mark.django_db

ANALYSE = "scoring.board_set_analyse"


def _dealt_section(club, count: int, capture) -> Section:
    """A running section whose board set is dealt now (the signal fires at the commit)."""
    scheduled = mitchell_section(tables=2, boards_per_round=2, club=club)
    with capture(execute=True):
        board_set = event_services.board_set_generate(club=club, count=count, seed="once")
    Section.objects.filter(pk=scheduled.section.pk).update(board_set=board_set)
    return Section.objects.get(pk=scheduled.section.pk)


def test_dealing_then_recomputing_queues_the_analysis_once_on_its_own_queue(
    broker, django_capture_on_commit_callbacks
):
    from tests.tournaments.factories import ClubFactory

    section = _dealt_section(ClubFactory(), 4, django_capture_on_commit_callbacks)
    tasks.standings_recompute_task.run(section.pk)  # the first recompute: the safety net
    tasks.standings_recompute_task.run(section.pk)
    main, analysis = (broker.drain(queue) for queue in broker.queues)
    assert analysis == [(ANALYSE, [section.board_set_id])]
    assert ANALYSE not in [name for name, _args in main]
    # The recomputes did not run the solver: the boards still wait for their tables.
    assert not Board.objects.filter(board_set_id=section.board_set_id).exclude(dd_tricks="")


def test_a_recompute_with_results_never_runs_the_solver(broker):
    scheduled = mitchell_section(tables=2, boards_per_round=2)
    play = scheduled.play(1, 1, scheduled.boards_at(1, 1)[0])
    result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=7), by=None)
    assert tasks.standings_recompute_task.run(scheduled.section.pk) == 1
    assert not Board.objects.filter(board_set=scheduled.section.board_set).exclude(dd_tricks="")
    assert broker.drain(settings.TENACE_ANALYSIS_QUEUE) == [
        (ANALYSE, [scheduled.section.board_set_id])
    ]


def test_a_set_whose_boards_all_have_tables_is_not_queued(broker):
    scheduled = mitchell_section(tables=2, boards_per_round=2)
    Board.objects.filter(board_set=scheduled.section.board_set).update(dd_tricks="9" * 20)
    assert tasks.analysis_request(scheduled.section.pk) is False
    assert tasks.board_set_analysis_enqueue(scheduled.section.board_set_id) is False
    assert broker.drain(settings.TENACE_ANALYSIS_QUEUE) == []


def test_once_analysed_a_corrected_deal_is_queued_again(broker, django_capture_on_commit_callbacks):
    """The analysis ends by clearing its marker: a later correction is analysed (once)."""
    from engine.analysis import analysis_available

    if not analysis_available():
        pytest.skip("needs the 'analysis' extra (endplay)")
    from tests.tournaments.factories import ClubFactory

    section = _dealt_section(ClubFactory(), 2, django_capture_on_commit_callbacks)
    assert broker.drain(settings.TENACE_ANALYSIS_QUEUE) == [(ANALYSE, [section.board_set_id])]
    assert tasks.board_set_analyse_task.run(section.board_set_id) == 2
    assert broker.drain(settings.TENACE_ANALYSIS_QUEUE) == []  # nothing left to analyse
    board = Board.objects.get(board_set_id=section.board_set_id, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        event_services.board_deal_change(
            board=board,
            deal_pbn="N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
            reason="misboarded",
        )
        event_services.board_deal_change(
            board=Board.objects.get(pk=board.pk),
            deal_pbn="N:.AKQJT98765432.. AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432",
            reason="misboarded again",
        )
    assert broker.drain(settings.TENACE_ANALYSIS_QUEUE) == [(ANALYSE, [section.board_set_id])]


def test_the_default_worker_layout_gives_the_solver_a_worker_of_its_own():
    """``make worker`` (config.workers): one worker on the main queue, one with a single
    process on the solver's queue; no worker consumes both."""
    standings, analysis = worker_commands(["--concurrency", "2"], ["-l", "WARNING"])
    assert standings[standings.index("-Q") + 1] == settings.CELERY_TASK_DEFAULT_QUEUE
    assert standings[-2:] == ["--concurrency", "2"]
    assert analysis[analysis.index("-Q") + 1] == settings.TENACE_ANALYSIS_QUEUE
    assert analysis[analysis.index("--concurrency") + 1] == "1"
    assert settings.CELERY_TASK_ROUTES[ANALYSE]["queue"] == settings.TENACE_ANALYSIS_QUEUE
    assert settings.TENACE_ANALYSIS_QUEUE != settings.CELERY_TASK_DEFAULT_QUEUE
