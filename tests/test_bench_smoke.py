"""Every benchmark in ``bench/`` runs at a tiny size (``BENCH_TINY=1``): it starts, does its
work and prints its figures, so that none rots when a model or a page changes (style.md,
rule 11). Timings are not asserted: they mean nothing at this size.

Each runs in a process of its own, on a database of its own (a SQLite file, or
``<name>_bench_smoke`` on the test run's PostgreSQL server), never the test database: some
benchmarks migrate, and one creates and drops a test database of its own. The benchmarks
that start a web server and Celery workers need PostgreSQL and Redis and skip without them;
``bench/newcomer_demo.sh`` (a fresh install from the package index) is not run here.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"

#: Each benchmark and a figure its output must hold.
FIGURES = {
    "drive_entries.py": "entries in",
    "engine_boston.py": "auctions/s",
    "engine_import.py": "ms (median of",
    "engine_play.py": "complete hands/s",
    "engine_scoring.py": "hands/s",
    "movements.py": " ms",
    "scoring_calc.py": "results), matchpoints",
    "scoring_recompute.py": "results):",
    "tournaments_pages.py": "queries",
    "scoring_api_profile.py": "POSTs in",
    "scoring_api.py": "results/s (target 200)",
    "scoring_live.py": "POST → new standings on the open page: p50",
    "live_streams.py": "POST → its table shown on the open pages",
}
#: Those that start a web server and workers: PostgreSQL and Redis, or a skip.
STACK = {"scoring_api.py", "scoring_live.py", "live_streams.py"}


def test_every_benchmark_is_in_the_smoke_run():
    assert sorted(p.name for p in BENCH.glob("*.py")) == sorted(FIGURES)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _postgres_database(url: str) -> str:
    """``url`` naming ``<name>_bench_smoke`` (created when absent)."""
    import psycopg

    parts = urlparse(url)
    name = f"{parts.path.strip('/')}_bench_smoke"
    # The server's maintenance database: the URL's own may not exist (tests use test_<name>).
    maintenance = urlunparse(parts._replace(path="/postgres"))
    with psycopg.connect(maintenance, autocommit=True) as connection:
        found = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        if found.fetchone() is None:
            connection.execute(f'CREATE DATABASE "{name}"')
    return urlunparse(parts._replace(path=f"/{name}"))


@pytest.fixture(scope="module")
def bench_database(tmp_path_factory) -> str:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        return _postgres_database(url)
    return f"sqlite:///{tmp_path_factory.mktemp('bench') / 'bench.sqlite3'}"


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_the_benchmark_runs_at_a_tiny_size(name, bench_database):
    redis = os.environ.get("REDIS_URL", "")
    if name in STACK and not (redis and bench_database.startswith("postgres")):
        pytest.skip("starts a web server and workers: needs PostgreSQL and Redis")
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL")
        and not key.startswith("BENCH_")
    }
    env |= {"BENCH_TINY": "1", "BENCH_PORT": str(_free_port()), "DATABASE_URL": bench_database}
    if redis:
        env["REDIS_URL"] = redis
    done = subprocess.run(
        [sys.executable, str(BENCH / name)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    assert FIGURES[name] in done.stdout, done.stdout[-2000:]
