"""A worker killed in the middle of a recompute: no wrong or partial snapshot is left, and
the next run repairs the standings.

Real processes throughout: a Celery worker (reached through Redis) is started with
``SCORING_TEST_PAUSE_BEFORE_COMMIT`` (``tests/scoring/pausing_worker.py``), so that its
recompute stops after writing the snapshot
and before committing it; the test kills it there with SIGKILL, checks the database, starts
a second worker, with no beat and nothing sent to it: it sweeps when it starts. Needs REDIS_URL
and PostgreSQL (a separate process sharing the test database); skipped otherwise.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import connection

from scoring import live
from scoring.checks import ResultInput
from scoring.models import SectionScoring, StandingsSnapshot
from scoring.services import result_record
from tests.conftest import _database_url_for_worker, worker_stop
from tests.scoring.factories import mitchell_section
from tests.scoring.pausing_worker import PAUSED_KEY

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def _worker(queue: str, **env: str):
    """A Celery worker process on ``queue``, with extra environment ``env``."""
    log = open(ROOT / "var" / f"worker-{queue}-{len(env)}.log", "w")  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.scoring.pausing_worker", "-A", "config", "worker"]
        + ["--pool=solo", "-Q", queue]
        + ["--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "INFO"],
        cwd=ROOT,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "DATABASE_URL": _database_url_for_worker(),
            "TENACE_CELERY_QUEUE": queue,
            "DEBUG": "0",
            **env,
        },
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        yield process
    finally:
        worker_stop(process, log)


def _wait_for(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    pytest.fail(f"waited {seconds} s for {what}")


@pytest.fixture
def queue():
    """Tasks sent by this test go through Redis to a queue of its own."""
    if not os.environ.get("REDIS_URL"):
        pytest.skip(
            "needs REDIS_URL and a live Celery worker (embedded default runs tasks eagerly)"
        )
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL): the worker shares the test database")
    from config.celery_app import app

    name = f"kill-{uuid.uuid4().hex[:8]}"
    previous = (app.conf.task_always_eager, app.conf.task_default_queue)
    app.conf["CELERY_TASK_ALWAYS_EAGER"] = False
    app.conf["CELERY_TASK_DEFAULT_QUEUE"] = name
    yield name
    app.conf["CELERY_TASK_ALWAYS_EAGER"], app.conf["CELERY_TASK_DEFAULT_QUEUE"] = previous


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_recompute_leaves_no_snapshot_and_its_restart_repairs_it(queue):
    scheduled = mitchell_section(tables=3, boards_per_round=2)
    section_id = scheduled.section.pk
    cache.delete_many([PAUSED_KEY.format(section_id), live.QUEUED_KEY.format(section_id)])
    # No double-dummy job for this board set: the test is about the standings.
    cache.set(live.ANALYSIS_KEY.format(scheduled.section.board_set_id), 1, timeout=600)
    plays = [
        scheduled.play(1, table, board)
        for table in range(1, 4)
        for board in scheduled.boards_at(1, table)
    ]
    with _worker(queue, SCORING_TEST_PAUSE_BEFORE_COMMIT="60") as doomed:
        for play in plays:  # each commit enqueues a recompute (coalesced)
            result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=7), by=None)
        _wait_for(
            lambda: cache.get(PAUSED_KEY.format(section_id)), 60, "the recompute to be under way"
        )
        os.kill(doomed.pid, signal.SIGKILL)
        doomed.wait(timeout=10)
    assert doomed.returncode == -signal.SIGKILL
    # The snapshot the killed run had written was never committed: nothing is published.
    assert not StandingsSnapshot.objects.filter(section_id=section_id).exists()
    assert SectionScoring.objects.get(section_id=section_id).published_version == 0
    assert live.data_version(section_id) == len(plays)

    # The worst case: nothing left queued for the section (the killed run's own message
    # sits unacknowledged in Redis until the visibility timeout, an hour) and its queued
    # marker gone; only a sweep can notice that the standings lag behind the results.
    from config.celery_app import app

    with app.connection_for_write() as broker:
        broker.default_channel.queue_purge(queue)
    cache.delete(live.QUEUED_KEY.format(section_id))
    # No beat: the new worker sweeps by itself when it starts (worker_ready).
    with _worker(queue, SCORING_SWEEP_LAG="0"):
        _wait_for(
            lambda: SectionScoring.objects.get(section_id=section_id).published_version
            == len(plays),
            60,
            "the sweep to republish the standings",
        )
    latest = StandingsSnapshot.objects.filter(section_id=section_id).order_by("-version").first()
    assert latest.version == live.data_version(section_id) == len(plays)
    assert latest.data["results"] == len(plays)
    assert not SectionScoring.objects.get(section_id=section_id).stale
