"""A Celery worker whose standings recomputes pause before they commit, for
``test_worker_kill``: run as ``python -m tests.scoring.pausing_worker <celery arguments>``
with ``SCORING_TEST_PAUSE_BEFORE_COMMIT`` (seconds) in the environment. The pause is a
receiver of :data:`scoring.standings.snapshot_written` that puts
``scoring:test-paused:<section>`` in the cache and sleeps, so the test can kill the worker
in the middle of a recompute. Production code holds only the signal."""

from __future__ import annotations

import os
import sys
import time

from celery.signals import worker_init

PAUSED_KEY = "scoring:test-paused:{}"


def _pause(sender, section_id: int, **kwargs) -> None:
    from django.core.cache import cache

    seconds = float(os.environ.get("SCORING_TEST_PAUSE_BEFORE_COMMIT") or 0)
    if seconds:
        cache.set(PAUSED_KEY.format(section_id), 1, timeout=120)
        time.sleep(seconds)


@worker_init.connect
def _connect_pause(**kwargs) -> None:
    import django

    django.setup()
    from scoring.standings import snapshot_written

    snapshot_written.connect(_pause, dispatch_uid="test-pause-before-commit")


if __name__ == "__main__":
    from celery.__main__ import main

    sys.argv[0] = "celery"
    sys.exit(main())
