"""Celery: eager on the embedded default, a real round trip through Redis otherwise."""

from __future__ import annotations

import pytest

from config.tasks import ping


def test_ping_runs_in_process_on_the_embedded_default(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    result = ping.delay("hello")
    assert result.get(timeout=1)["pong"] == "hello"


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_ping_round_trip_through_redis_to_a_live_worker(celery_worker_process):
    result = ping.apply_async(args=["through-redis"], queue=celery_worker_process)
    answer = result.get(timeout=30)
    assert answer["pong"] == "through-redis"
    assert result.successful()
    # The answer came back through the result backend, not from this process.
    assert result.backend.__class__.__name__ == "RedisBackend"
