"""Result-entry API throughput: results per second through gunicorn, PostgreSQL and Redis,
with one Celery worker publishing the standings; every result stored, none twice.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tenace_bench \
    REDIS_URL=redis://127.0.0.1:6379/6 .venv/bin/python bench/scoring_api.py

Starts gunicorn (``config.wsgi``, 3 workers × 4 threads) on 127.0.0.1 and one worker
(``--pool=solo``) on a queue of its own, fills a 100-table section of 26 boards (2,600
board plays), then 50 client threads post every result once (with an Idempotency-Key) and
re-send 5 % of them with the same key. Target: ≥ 200 results/s; the script checks that the
database holds exactly one result per board play and that retries were answered as replays.
Traffic goes only to 127.0.0.1, bounded by the number of board plays.
"""

from __future__ import annotations

import http.client
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
os.environ["DEBUG"] = "0"
PORT = int(os.environ.get("BENCH_PORT", "8765"))
QUEUE = f"bench-{uuid.uuid4().hex[:6]}"
#: Every n-th request is sent a second time with the same key (``BENCH_RESEND_EVERY``).
RESEND_EVERY = int(os.environ.get("BENCH_RESEND_EVERY", "20"))
os.environ["TENACE_CELERY_QUEUE"] = QUEUE
#: ``BENCH_TINY=1``: the smoke run in CI (it starts, works and prints; timings mean nothing).
TINY = os.environ.get("BENCH_TINY") == "1"

import django  # noqa: E402

django.setup()


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB (from /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pids) -> float:
    """User + system CPU time of processes so far, in seconds (from /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / ticks


def postgres_pids() -> list[int]:
    """Every PostgreSQL server process on the machine (this benchmark's backends among them)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == "postgres":
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def cpu_split(web, worker) -> dict[str, float]:
    """CPU seconds used so far by gunicorn, the standings worker, PostgreSQL and this client."""
    return {
        "gunicorn": cpu_seconds([web.pid, *children(web.pid)]),
        "worker": cpu_seconds([worker.pid, *children(worker.pid)]),
        "postgres": cpu_seconds(postgres_pids()),
        "client": cpu_seconds([os.getpid()]),
    }


def cpu_report(before: dict, after: dict, results: int) -> str:
    """Milliseconds of CPU per result, by process group."""
    parts = [f"{name} {1000 * (after[name] - before[name]) / results:.2f}" for name in before]
    return "  CPU ms per result: " + ", ".join(parts)


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def celery_worker(queue: str, env: dict, log) -> subprocess.Popen:
    """One Celery worker (solo pool) on ``queue``."""
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-Q", queue]
        + ["--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "INFO"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def gunicorn_command(workers: int, threads: int) -> list[str]:
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        "--workers",
        str(workers),
        "--threads",
        str(threads),
        "--bind",
        f"127.0.0.1:{PORT}",
        "--worker-class",
        os.environ.get("BENCH_WORKER_CLASS", "gthread"),
    ]


@contextmanager
def stack(
    workers: int = int(os.environ.get("BENCH_WORKERS", "1" if TINY else "3")),
    threads: int = int(os.environ.get("BENCH_THREADS", "4")),
    web_command: list[str] | None = None,
):
    """The web server (gunicorn unless ``web_command`` says otherwise), the standings worker
    and the double-dummy worker (its own queue, as in production), with the environment of
    this process."""
    env = {**os.environ}
    log = open(ROOT / "var" / "bench-scoring.log", "w")  # noqa: SIM115 - closed below
    web = subprocess.Popen(
        web_command or gunicorn_command(workers, threads),
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    worker = celery_worker(QUEUE, env, log)
    analysis = celery_worker(f"{QUEUE}-analysis", env, log)
    try:
        deadline = time.monotonic() + 120  # a busy machine starts it slowly
        while True:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=2)
                connection.request("GET", "/healthz")
                if connection.getresponse().status == 200:
                    break
            except OSError:
                pass
            if web.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the web server did not start: see {log.name}")
            time.sleep(0.2)
        yield web, worker
    finally:
        for process in (web, worker, analysis):
            process.send_signal(signal.SIGTERM)
        for process in (web, worker, analysis):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
        log.close()


def section_ready(tables: int = 100, boards: int = 26):
    """A fresh section with its schedule and no results; a secretary's API token."""
    from django.core.management import call_command
    from scoring_recompute import section_fill

    from clubs.models import Club, Member, Membership, User
    from clubs.tokens import token_create
    from scoring.models import IdempotencyKey
    from tournaments.models import Tournament

    call_command("migrate", verbosity=0)
    section = section_fill(tables=tables, boards=boards, name="api bench", results=False)
    # Under way: the tables' phones enter results only while the event is running.
    Tournament.objects.filter(sessions__sections=section).update(status="running")
    IdempotencyKey.objects.all().delete()
    user, _ = User.objects.get_or_create(username="bench-secretary")
    member, _ = Member.objects.get_or_create(name="Bench Secretary", user=user)
    club = Club.objects.get(slug="bench")
    Membership.objects.get_or_create(
        club=club, member=member, role="secretary", defaults={"valid_from": "2020-01-01"}
    )
    return section, token_create(user=user, name="bench").key


def plays_of(section) -> list[dict]:
    from tournaments.models import BoardPlay

    rows = BoardPlay.objects.filter(seating__section=section).values_list(
        "seating__round",
        "seating__table",
        "board__number",
        "seating__ns__number",
        "seating__ew__number",
    )
    return [
        {
            "section": section.pk,
            "round": r,
            "table": t,
            "board": b,
            "ns": ns,
            "ew": ew,
            "ns_tricks": (t + b) % 14,
        }
        for r, t, b, ns, ew in rows
    ]


class Poster:
    """One client: a keep-alive connection posting results with idempotency keys."""

    def __init__(self, token: str):
        self.token = token
        self.connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)

    def post(self, payload: bytes, key: str) -> tuple[int, bytes, bool]:
        """Post a body already encoded (the load generator shares the two cores with what it
        measures, so it does as little as it can); the answer's body is left as bytes."""
        headers = {
            "Authorization": f"Token {self.token}",
            "Content-Type": "application/json",
            "Idempotency-Key": key,
        }
        for attempt in range(3):
            try:
                self.connection.request("POST", "/api/results/", payload, headers)
                response = self.connection.getresponse()
                data = response.read()
                return response.status, data, response.getheader("Idempotent-Replay") == "true"
            except (OSError, http.client.HTTPException):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
                if attempt == 2:
                    raise
        raise RuntimeError("unreachable")


def rounds_of(bodies: list[dict], size: int = 3) -> list[list[dict]]:
    """The bodies grouped as a phone sends them: a table's boards, ``size`` at a time."""
    by_table: dict[int, list[dict]] = {}
    for body in bodies:
        by_table.setdefault(body["table"], []).append(body)
    return [rows[i : i + size] for rows in by_table.values() for i in range(0, len(rows), size)]


def _created(status: int, data: bytes, many: bool) -> int:
    if many and status == 200:
        return sum(item["status"] == 201 for item in json.loads(data)["results"])
    return int(status == 201)


def throughput(token: str, requests: list, clients: int = 50) -> dict:
    """Post every request (a result, or a list of a round's results) from ``clients``
    threads; 5 % are sent twice with the same key."""
    work: queue.Queue = queue.Queue()
    prefix = uuid.uuid4().hex[:6]
    for index, body in enumerate(requests):
        payload = json.dumps(body).encode()
        work.put((body, payload, f"bench-{prefix}-{index}", index % RESEND_EVERY == 0))
    counts = {"created": 0, "replayed": 0, "other": 0, "resent": 0}
    lock = threading.Lock()

    def client():
        poster = Poster(token)
        while True:
            try:
                body, payload, key, resend = work.get_nowait()
            except queue.Empty:
                return
            many = isinstance(body, list)
            status, data, _replay = poster.post(payload, key)
            created = _created(status, data, many)
            replayed = False
            if resend:
                status2, data2, replay = poster.post(payload, key)
                replayed = replay and json.loads(data2) == json.loads(data)
                if not replayed:
                    with lock:
                        counts.setdefault("mismatches", []).append(
                            {
                                "first": [status, data.decode()],
                                "again": [status2, data2.decode(), replay],
                            }
                        )
            with lock:
                counts["created"] += created
                counts["other"] += (len(body) if isinstance(body, list) else 1) - created
                counts["resent"] += resend
                counts["replayed"] += replayed

    threads = [threading.Thread(target=client) for _ in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    counts["seconds"] = time.perf_counter() - start
    return counts


def dd_worker_rss(board_set_id: int) -> tuple[float, int]:
    """RSS of a worker process after it ran the double-dummy job on ``board_set_id``."""
    from scoring.tasks import board_set_analyse_task

    with stack() as (_web, worker):
        answer = board_set_analyse_task.apply_async(args=[board_set_id], queue=QUEUE)
        analysed = answer.get(timeout=120)
        return rss_mb(worker.pid), analysed


def dd_board_set() -> int:
    """A board set of 26 seeded deals with no double-dummy tables yet."""
    from clubs.models import Club
    from engine.boards import TrumpScheme, board_dealer, board_trump
    from engine.deal import deal_from_seed
    from tournaments.models import Board, BoardSet

    club = Club.objects.get(slug="bench")
    board_set = BoardSet.objects.create(club=club, name="dd bench")
    for n in range(1, 27):
        dealer = board_dealer(n)
        trump = board_trump(n, TrumpScheme.HDSC)
        deal = deal_from_seed(f"bench-dd-{uuid.uuid4().hex}/{n}", dealer).to_pbn()
        Board.objects.create(
            board_set=board_set, number=n, dealer=dealer.name, trump=trump.letter, deal=deal
        )
    return board_set.pk


def report(label: str, section, counts: dict, total: int) -> None:
    from scoring.models import Result

    stored = Result.objects.filter(section=section).count()
    distinct = Result.objects.filter(section=section).values("board_play").distinct().count()
    rate = counts["created"] / counts["seconds"]
    print(
        f"{label}: {total} results by 50 clients in {counts['seconds']:.2f} s -> "
        f"{rate:.0f} results/s (target 200)"
    )
    for mismatch in counts.get("mismatches", [])[:2]:
        print(f"  retry not answered as a replay: {json.dumps(mismatch)[:1500]}")
    print(
        f"  created {counts['created']}, other answers {counts['other']}, "
        f"retries answered as replays {counts['replayed']}/{counts['resent']}; stored {stored}, "
        f"one per board play: {stored == distinct == total}"
    )


def main() -> None:
    from django.db import connection

    size = {"tables": 3, "boards": 4} if TINY else {}
    single, token = section_ready(**size)
    batched, _token = section_ready(**size)
    single_bodies, batched_bodies = plays_of(single), plays_of(batched)
    connection.close()
    with stack() as (web, worker):
        start = cpu_split(web, worker)
        one = throughput(token, single_bodies)
        middle = cpu_split(web, worker)
        rounds = throughput(token, rounds_of(batched_bodies))
        end = cpu_split(web, worker)
        web_rss = max(rss_mb(pid) for pid in children(web.pid))
        worker_rss = rss_mb(worker.pid)
    print(f"database: {connection.vendor}; broker: {os.environ.get('REDIS_URL', 'eager')}")
    report("one result per request", single, one, len(single_bodies))
    print(cpu_report(start, middle, len(single_bodies)))
    report("a round (3 boards) per request", batched, rounds, len(batched_bodies))
    print(cpu_report(middle, end, len(batched_bodies)))
    print(f"  load average at the end: {os.getloadavg()[0]:.1f}")
    print(
        f"memory: gunicorn worker {web_rss:.0f} MB RSS (target 150), "
        f"standings worker {worker_rss:.0f} MB"
    )
    if "--no-dd" in sys.argv or TINY:
        return
    dd_set = dd_board_set()
    connection.close()
    dd_rss, analysed = dd_worker_rss(dd_set)
    print(
        f"memory: worker after double-dummy analysis of {analysed} boards {dd_rss:.0f} MB RSS "
        "(target 400)"
    )


if __name__ == "__main__":
    main()
