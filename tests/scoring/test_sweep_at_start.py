"""Background jobs heal themselves: a worker that starts sweeps stale standings at once
(Celery's ``worker_ready``), without waiting for ``celery beat``, and notes the sweep's time
for ``/healthz``."""

from __future__ import annotations

import pytest
from celery.signals import worker_ready
from django.core.cache import cache
from django.utils import timezone

from scoring import live
from scoring.checks import ResultInput
from scoring.models import SectionScoring, StandingsSnapshot
from scoring.services import result_record
from tests.scoring.factories import mitchell_section


@pytest.fixture
def no_sweep_yet():
    cache.delete(live.SWEPT_KEY)
    yield
    cache.delete(live.SWEPT_KEY)


@pytest.mark.django_db
def test_a_starting_worker_republishes_a_section_left_stale(no_sweep_yet):
    scheduled = mitchell_section(tables=3, boards_per_round=2)
    section_id = scheduled.section.pk
    for board in scheduled.boards_at(1, 1):
        # The recompute these would enqueue on commit never runs (no commit in a test):
        # as if the worker publishing them had been killed.
        result_record(
            board_play_id=scheduled.play(1, 1, board).pk,
            given=ResultInput(ns_tricks=7),
            by=None,
        )
    live.section_mark_stale(section_id)
    cache.delete(live.QUEUED_KEY.format(section_id))
    assert not StandingsSnapshot.objects.filter(section_id=section_id).exists()

    # What Celery sends when a worker has started (tasks run in-process in the tests).
    worker_ready.send(sender=None)

    state = SectionScoring.objects.get(section_id=section_id)
    assert (state.published_version, state.stale) == (live.data_version(section_id), False)
    assert StandingsSnapshot.objects.get(section_id=section_id).data["results"] == 2
    swept = live.sweep_last()
    assert swept is not None and (timezone.now() - swept).total_seconds() < 5


@pytest.mark.django_db
def test_a_periodic_sweep_notes_its_time(no_sweep_yet):
    from scoring.tasks import standings_sweep_task

    assert live.sweep_last() is None
    assert standings_sweep_task.delay().get() == []
    assert live.sweep_last() is not None
