"""Through Redis to a live worker: a burst of results gives few recomputes, and the last
snapshot reflects the last result. Skipped without REDIS_URL (see tests/conftest.py)."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache

from scoring import live
from scoring.checks import ResultInput
from scoring.models import Result, SectionScoring, StandingsSnapshot
from scoring.services import result_record
from tests.scoring.factories import mitchell_section


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_burst_of_results_is_published_by_the_worker_in_few_recomputes(celery_worker_process):
    scheduled = mitchell_section(tables=5, boards_per_round=2)
    cache.delete(live.ANALYSIS_KEY.format(scheduled.section.board_set_id))
    count = 0
    for round_ in range(1, 6):
        for table in range(1, 6):
            for board in scheduled.boards_at(round_, table):
                play = scheduled.play(round_, table, board)
                result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=7), by=None)
                count += 1
    deadline = time.monotonic() + 30
    state = None
    while time.monotonic() < deadline:
        # The worker creates the state row with its first recompute (later on a busy box).
        state = SectionScoring.objects.filter(section=scheduled.section).first()
        if state and state.published_version == live.data_version(state.section_id) == count:
            break
        time.sleep(0.1)
    assert state is not None and state.published_version == count == 50
    snapshots = StandingsSnapshot.objects.filter(section=scheduled.section)
    assert snapshots.count() < count  # coalesced
    latest = snapshots.order_by("-version").first()
    assert latest.data["results"] == Result.objects.count() == count
    # The worker also filled in the boards' double-dummy tables (it has the solver).
    board = scheduled.boards[1]
    while time.monotonic() < deadline + 30 and not board.dd_tricks:
        time.sleep(0.2)
        board.refresh_from_db()
    assert board.dd_tricks
