"""Fixtures shared by the whole suite.

``celery_worker_process`` starts a real Celery worker (a separate process) consuming from
Redis on a queue of its own, for the tests marked ``worker``; without ``REDIS_URL`` those tests
skip with that reason (the embedded default runs tasks eagerly instead).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _english_unless_a_test_says_otherwise():
    """Each test starts in English (the source language), whatever language an earlier
    test's request left active in this thread."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


def _database_url_for_worker() -> str:
    from django.db import connection

    s = connection.settings_dict
    if s["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{s['NAME']}"
    user = s.get("USER") or ""
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{s.get('HOST') or '127.0.0.1'}:{s.get('PORT') or 5432}/{s['NAME']}"


def worker_stop(process: subprocess.Popen, log) -> None:
    """Stop a worker process started by a test (politely, then by force) and close its log."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
    log.close()


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker):
    """A live worker on its own queue; yields the queue name. Tasks go through Redis."""
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        pytest.skip(
            "needs REDIS_URL and a live Celery worker (embedded default runs tasks eagerly)"
        )
    from config.celery_app import app

    queue = f"test-{uuid.uuid4().hex[:8]}"
    with django_db_blocker.unblock():
        database_url = _database_url_for_worker()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": database_url,
        "TENACE_CELERY_QUEUE": queue,
        "DEBUG": "0",
    }
    log = open(ROOT / "var" / f"worker-{queue}.log", "w")  # noqa: SIM115 - closed below
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "-Q",
            f"{queue},{queue}-analysis",  # the double-dummy solver's queue too
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "-l",
            "INFO",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    # Settings come from Django's CELERY_* names: override them under those keys.
    previous = (app.conf.task_always_eager, app.conf.task_default_queue)
    app.conf["CELERY_TASK_ALWAYS_EAGER"] = False
    app.conf["CELERY_TASK_DEFAULT_QUEUE"] = queue
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            replies = app.control.ping(timeout=0.5) or []
            if replies:
                break
            if worker.poll() is not None:
                pytest.fail(f"the Celery worker exited; see var/worker-{queue}.log")
        else:
            pytest.fail(f"the Celery worker did not answer in 30 s; see var/worker-{queue}.log")
        yield queue
    finally:
        app.conf["CELERY_TASK_ALWAYS_EAGER"], app.conf["CELERY_TASK_DEFAULT_QUEUE"] = previous
        worker_stop(worker, log)


class Broker:
    """The queues of the main and the analysis workers, as the broker holds them."""

    def __init__(self) -> None:
        from django.conf import settings

        from config.celery_app import app

        self.queues = (settings.CELERY_TASK_DEFAULT_QUEUE, settings.TENACE_ANALYSIS_QUEUE)
        self.connection = app.connection_for_write()

    def drain(self, queue: str) -> list[tuple[str, list]]:
        """The tasks waiting on ``queue`` (name, arguments), taken off it."""
        channel = self.connection.default_channel
        taken = []
        while (message := channel.basic_get(queue, no_ack=True)) is not None:
            taken.append((message.headers["task"], list(message.payload[0])))
        return taken

    def purge(self) -> None:
        for queue in self.queues:
            self.drain(queue)


@pytest.fixture
def broker(settings, db):
    """Tasks sent, not run, as on a site with a worker (REDIS_URL set): to the in-memory
    broker on the embedded default, to Redis when ``REDIS_URL`` is set; a test reads them
    back from their queues (:meth:`Broker.drain`) and may run one."""
    from django.core.cache import cache

    from config.celery_app import app
    from scoring import live
    from tournaments.models import BoardSet

    previous = app.conf.task_always_eager
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf["CELERY_TASK_ALWAYS_EAGER"] = False
    broker = Broker()
    broker.purge()
    try:
        yield broker
    finally:
        broker.purge()
        broker.connection.release()
        app.conf["CELERY_TASK_ALWAYS_EAGER"] = previous
        # Markers outlive the test's rows (ids are reused): clear this test's.
        cache.delete_many(
            [live.ANALYSIS_KEY.format(pk) for pk in BoardSet.objects.values_list("pk", flat=True)]
        )
