"""Double-dummy tricks stored on the boards by the worker's job, shown on the board page."""

from __future__ import annotations

import pytest

from engine.analysis import analysis_available, dd_tricks
from scoring.presenters import _dd
from scoring.schedule import board_facts
from scoring.tasks import board_set_analyse_task
from tests.scoring.factories import mitchell_section

pytestmark = pytest.mark.skipif(
    not analysis_available(), reason="needs the 'analysis' extra (endplay)"
)


@pytest.mark.django_db
def test_board_set_analyse_stores_each_boards_double_dummy_table(client):
    scheduled = mitchell_section(tables=3, released=True)
    assert board_set_analyse_task.run(scheduled.section.board_set_id) == 6
    board = scheduled.boards[1]
    board.refresh_from_db()
    facts = board_facts(board)
    # The stored table gives the same NS/EW split as asking the solver for this board.
    assert _dd(board, facts) == dd_tricks(facts.deal, facts.dealer, facts.trump)
    assert board_set_analyse_task.run(scheduled.section.board_set_id) == 0  # kept
    page = client.get(f"/results/sections/{scheduled.section.pk}/boards/1/").content.decode()
    assert f"NS {_dd(board, facts)[0]}, EW {_dd(board, facts)[1]}" in page


@pytest.mark.django_db
def test_eager_tasks_never_ask_for_analysis_in_the_web_process():
    from scoring import tasks

    scheduled = mitchell_section(tables=3)
    assert tasks.analysis_request(scheduled.section.pk) is False
    scheduled.boards[1].refresh_from_db()
    assert scheduled.boards[1].dd_tricks == ""
