"""Where one result-entry POST spends its time, in-process (no network, no gunicorn).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tenace_bench \
    REDIS_URL=redis://127.0.0.1:6379/6 .venv/bin/python bench/scoring_api_profile.py [--cprofile]

Fills a section like ``bench/scoring_api.py``, then posts its results one per request
through Django's full request handling (middleware, DRF, services) with a token and an
Idempotency-Key, sequentially; prints the statements of one request and the mean time per
request. ``--cprofile [tottime|cumulative]`` profiles on CPU time and prints the ``TOP``
(45) most expensive functions. Use a database no ``bench/scoring_api.py`` run is using at
the same time: the set-up deletes the stored idempotency keys.
"""

from __future__ import annotations

import cProfile
import json
import os
import pstats
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
os.environ["DEBUG"] = "0"
os.environ.setdefault("TENACE_CELERY_QUEUE", f"bench-{uuid.uuid4().hex[:6]}")

import django  # noqa: E402

django.setup()


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of a process (0 for no process: SQLite has no server)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from scoring_api import plays_of, section_ready

    tiny = os.environ.get("BENCH_TINY") == "1"  # the smoke run in CI
    section, token = (
        section_ready(tables=3, boards=4) if tiny else section_ready(tables=40, boards=26)
    )
    warm = 2 if tiny else 20
    bodies = plays_of(section)
    client = Client(HTTP_AUTHORIZATION=f"Token {token}", HTTP_HOST="127.0.0.1")

    def post(body):
        response = client.post(
            "/api/results/",
            json.dumps(body),
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
        )
        assert response.status_code == 201, response.content
        return response

    for body in bodies[:warm]:  # warm-up
        post(body)
    with CaptureQueriesContext(connection) as queries:
        post(bodies[warm])
    print(f"statements in one POST: {len(queries)}")
    for query in queries:
        print(f"  {query['time']}s  {query['sql'][:150]}")
    rest = bodies[warm + 1 :]
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_backend_pid()" if connection.vendor == "postgresql" else "SELECT 0"
        )
        backend = cursor.fetchone()[0]
    backend_cpu = _cpu_seconds(backend)
    profiler = cProfile.Profile(time.process_time) if "--cprofile" in sys.argv else None
    start, cpu = time.perf_counter(), time.process_time()
    if profiler:
        profiler.enable()
    for body in rest:
        post(body)
    if profiler:
        profiler.disable()
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    backend_cpu = _cpu_seconds(backend) - backend_cpu
    print(
        f"{len(rest)} POSTs in {elapsed:.2f} s: {1000 * elapsed / len(rest):.2f} ms each, "
        f"{1000 * cpu / len(rest):.2f} ms of it on this process's CPU, "
        f"{1000 * backend_cpu / len(rest):.2f} ms on its PostgreSQL backend's"
    )
    if profiler:
        pstats.Stats(profiler).sort_stats(
            sys.argv[-1] if sys.argv[-1] in ("tottime", "cumulative") else "cumulative"
        ).print_stats(int(os.environ.get("TOP", "45")))


if __name__ == "__main__":
    main()
