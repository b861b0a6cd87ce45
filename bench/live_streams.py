"""A thousand open standings pages while 50 clients enter results: from the POST of a result to
its **table shown** on every open page, through ASGI (uvicorn) or WSGI (gunicorn).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tenace_bench REDIS_URL=redis://127.0.0.1:6379/6 \
    BENCH_PORT=8127 .venv/bin/python bench/live_streams.py [--wsgi]

Same stack as ``bench/scoring_api.py`` (PostgreSQL, Redis, a standings worker and a
double-dummy worker, the boards analysed before play). The web server is
``uvicorn config.asgi:application --workers 2`` (``BENCH_ASGI_WORKERS``: 3 for the
three-process run), or with ``--wsgi`` ``gunicorn config.wsgi`` 2 workers × 8 threads
(gthread; ``BENCH_WORKERS``, ``BENCH_THREADS``). Every result and every page goes to it.

``BENCH_PAGES`` (1,000) pages are opened first by separate processes (asyncio,
``BENCH_PAGES_PER_PROCESS`` pages each, one socket a page), which behave as
``static/js/standings-live.js`` in a browser that accepts gzip: each reads the stream
``…/standings/stream/?table=1`` and shows each table it carries (``event: table``; the bench
checks the HTML names the version of the event's id); on ``event: version`` (WSGI, or
``BENCH_TABLE=0``: the path before issue #27) it fetches ``…/fragment/`` until it shows that
version; when a stream is refused (204) or fails three times it polls the fragment with
If-None-Match every 1-3 s. Then ``BENCH_CLIENTS`` (50) clients each post one result per
second for ``BENCH_SECONDS`` (30). For every (result, page) pair, the latency is from
sending the POST to the page showing a table that includes it; the script prints p50/p95/max,
the results entered per second, the pairs never shown, the pages not showing the last
result at the end, CPU seconds per group of processes and the web processes' RSS.
Target: p95 ≤ 1 s with 1,000 pages and 50 results/s. ``BENCH_TINY=1``: the smoke run in CI.
"""

from __future__ import annotations

import asyncio
import bisect
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import zlib
from pathlib import Path

TINY = os.environ.get("BENCH_TINY") == "1"  # the smoke run in CI: it starts, works, prints
PAGES = int(os.environ.get("BENCH_PAGES", "8" if TINY else "1000"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "3" if TINY else "30"))
CLIENTS = int(os.environ.get("BENCH_CLIENTS", "4" if TINY else "50"))
TABLES, BOARDS = (3, 4) if TINY else (100, 26)
#: ``BENCH_TABLE=0``: the stream carries the version alone and every page then fetches the
#: table (the path before issue #27), for comparison.
TABLE = os.environ.get("BENCH_TABLE", "1") != "0"
#: Pages per load-generating process (each an asyncio loop of its own).
PAGES_PER_PROCESS = int(os.environ.get("BENCH_PAGES_PER_PROCESS", "1000"))


# --- the pages (processes of their own, started with --pages) -------------------------------


def sse_fields(event: bytes) -> dict[bytes, bytes]:
    """The first fields of one server-sent event (a table's HTML is not read: only whether
    it starts with the version its id names)."""
    fields: dict[bytes, bytes] = {}
    for line in event[:160].split(b"\n")[:3]:
        name, _, value = line.partition(b":")
        fields.setdefault(name, value.strip())
    return fields


class Page:
    """One open standings page, as ``static/js/standings-live.js``: (time, version) of each
    table put in place (``shown``) and of each version heard (``heard``)."""

    def __init__(self, port: int, path: str):
        self.port, self.path = port, path
        self.heard: list[tuple[float, int]] = []
        self.shown: list[tuple[float, int]] = []
        self.fetching = False
        self.streams = 0
        self.refused = 0
        self.polls = 0
        self.tables = 0
        self.bad = 0
        self.etag = None
        #: Set once the page shows a table (or polls): the server has answered its opening.
        self.opened = asyncio.Event()

    def show(self, version: int) -> None:
        self.opened.set()
        if not self.shown or version > self.shown[-1][1]:
            self.shown.append((time.monotonic(), version))

    def hear(self, version: int) -> None:
        if not self.heard or version > self.heard[-1][1]:
            self.heard.append((time.monotonic(), version))

    def note(self, version: int) -> None:
        """A version event: fetch the table (one fetch at a time)."""
        self.hear(version)
        if not self.fetching and version > (self.shown[-1][1] if self.shown else 0):
            self.fetching = True
            asyncio.get_running_loop().create_task(self.refresh(version))

    async def fragment(self) -> int:
        """GET the table with If-None-Match; the version it shows (0 when not modified)."""
        headers = {"HX-Request": "true"}
        if self.etag:
            headers["If-None-Match"] = self.etag
        status, head, reader, writer = await self.request(self.path + "fragment/", headers)
        body = await reader.read()
        writer.close()
        if status != 200:
            return 0
        self.etag = head.get("etag")
        marker = body.split(b'data-version="', 1)[-1].split(b'"', 1)[0]
        got = int(marker) if marker.isdigit() else 0
        self.show(got)
        return got

    async def refresh(self, version: int) -> None:
        """As the page's script: fetch until the table shows ``version`` (250 ms apart)."""
        try:
            for _attempt in range(20):
                if await self.fragment() >= version or self.shown[-1:][0][1] >= version:
                    break
                await asyncio.sleep(0.25)
        except (OSError, ValueError, IndexError):
            pass
        finally:
            self.fetching = False
        if self.heard[-1][1] > (self.shown[-1][1] if self.shown else 0):
            self.note(self.heard[-1][1])

    async def request(self, path: str, headers: dict | None = None):
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port, limit=2**20)
        lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        await writer.drain()
        status = int((await reader.readline()).split()[1])
        head = {}
        while (line := await reader.readline()) not in (b"\r\n", b""):
            key, _, value = line.decode().partition(":")
            head[key.strip().lower()] = value.strip()
        return status, head, reader, writer

    async def events(self, reader, head):
        """The stream's events (bytes), the chunked body decoded when it is chunked, and
        inflated when gzipped (as a browser, which asks for gzip)."""
        chunked = head.get("transfer-encoding", "").lower() == "chunked"
        inflating = zlib.decompressobj(31) if head.get("content-encoding") == "gzip" else None
        buffer = b""
        while True:
            if chunked:
                size = int((await reader.readline()).split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    return
                data = (await reader.readexactly(size + 2))[:-2]
            else:
                data = await reader.read(65536)
                if not data:
                    return
            buffer += inflating.decompress(data) if inflating else data
            while (end := buffer.find(b"\n\n")) >= 0:
                yield buffer[:end]
                buffer = buffer[end + 2 :]

    def heard_event(self, event: bytes) -> float | None:
        """Act on one event; its ``retry`` in seconds, if it names one."""
        fields = sse_fields(event)
        if b"retry" in fields:
            return int(fields[b"retry"]) / 1000
        if fields.get(b"event") == b"table":
            version = int(fields[b"id"])
            self.tables += 1
            if b'data-version="%d"' % version not in event[:600]:
                self.bad += 1
            self.hear(version)
            self.show(version)
        elif fields.get(b"event") == b"version":
            self.note(int(fields[b"data"]))
        return None

    async def run(self, stop: asyncio.Event) -> None:
        failures = 0
        query = "?table=1" if TABLE else ""
        while not stop.is_set() and failures < 3:
            retry = 1.0
            headers = {"Accept": "text/event-stream", "Accept-Encoding": "gzip, deflate"}
            if self.shown:
                headers["Last-Event-ID"] = str(self.shown[-1][1])
            try:
                status, head, reader, writer = await self.request(
                    self.path + "stream/" + query, headers
                )
            except (OSError, ValueError, IndexError):
                failures += 1
                await asyncio.sleep(1.0)
                continue
            if status != 200:
                writer.close()
                self.refused += 1
                break  # EventSource closes on a 204: the page polls
            self.streams += 1
            failures = 0
            try:
                async for event in self.events(reader, head):
                    retry = self.heard_event(event) or retry
                    if stop.is_set():
                        break
            except (OSError, ValueError, asyncio.IncompleteReadError):
                failures += 1
            writer.close()
            await asyncio.sleep(retry)
        self.opened.set()
        await asyncio.sleep(random.random() * 2)
        while not stop.is_set():  # the fallback: the table with its ETag, every 1-3 s
            try:
                await self.fragment()
                self.polls += 1
            except (OSError, ValueError, IndexError):
                pass
            await asyncio.sleep(1 + random.random() * 2)


async def pages_main(port: int, path: str, count: int, seconds: float, out: Path) -> None:
    stop = asyncio.Event()
    pages = [Page(port, path) for _ in range(count)]
    tasks = []
    for page in pages:  # opened over about five seconds, as phones arrive
        tasks.append(asyncio.create_task(page.run(stop)))
        await asyncio.sleep((1.0 if TINY else 5.0) / count)
    # Ready once the server has answered every page (opening a stream costs it a request
    # through the middleware and a query): the clock then measures the steady state.
    await asyncio.wait([asyncio.ensure_future(p.opened.wait()) for p in pages], timeout=180)
    print("ready", flush=True)
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.wait(tasks, timeout=5)
    keys = ("heard", "shown", "streams", "refused", "polls", "tables", "bad")
    out.write_text(json.dumps([{key: getattr(p, key) for key in keys} for p in pages]))
    os._exit(0)  # streams still open: no need to wait for them


# --- the benchmark ---------------------------------------------------------------------------


def web_command(wsgi: bool, port: int) -> list[str]:
    if wsgi:
        return [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "--workers",
            os.environ.get("BENCH_WORKERS", "2"),
            "--threads",
            os.environ.get("BENCH_THREADS", "8"),
            "--worker-class",
            "gthread",
            "--bind",
            f"127.0.0.1:{port}",
        ]
    return [
        sys.executable,
        "-m",
        "uvicorn",
        "config.asgi:application",
        "--workers",
        os.environ.get("BENCH_ASGI_WORKERS", "1" if TINY else "2"),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--no-access-log",
        "--backlog",
        "4096",
    ]


def latencies(samples, pages, what: str = "heard") -> tuple[list[float], int]:
    """For each (result, page): seconds from the POST to the page hearing its version (or,
    with ``what="shown"``, showing a table that includes it)."""
    found, missing = [], 0
    for page in pages:
        times = [t for t, _v in page[what]]
        versions = [v for _t, v in page[what]]  # increasing: a page keeps the newest
        for sent, version in samples:
            index = max(bisect.bisect_left(times, sent), bisect.bisect_left(versions, version))
            if index < len(times):
                found.append(times[index] - sent)
            else:
                missing += 1
    found.sort()
    return found, missing


def pages_start(port: int, path: str, out: Path, env: dict) -> list[subprocess.Popen]:
    """The load generators, ``PAGES_PER_PROCESS`` pages each; returns once every page is
    open."""
    counts = [min(PAGES_PER_PROCESS, PAGES - n) for n in range(0, PAGES, PAGES_PER_PROCESS)]
    processes = [
        subprocess.Popen(
            [sys.executable, __file__, "--pages", str(port), path, str(count)]
            + [str(SECONDS + (4 if TINY else 12)), f"{out}.{index}"],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for index, count in enumerate(counts)
    ]
    for process in processes:
        process.stdout.readline()  # "ready": its pages opened
    return processes


def percentiles(found: list[float]) -> str:
    p95 = found[min(len(found) - 1, 95 * len(found) // 100)]
    return f"p50 {statistics.median(found):.3f} s, p95 {p95:.3f} s, max {found[-1]:.3f} s"


def main() -> None:
    wsgi = "--wsgi" in sys.argv
    import psycopg
    from django.db import connection
    from scoring_api import (
        PORT,
        ROOT,
        Poster,
        children,
        cpu_seconds,
        plays_of,
        rss_mb,
        section_ready,
        stack,
    )

    from scoring.analysis_jobs import board_set_analyse
    from tournaments.models import Tournament

    section, token = section_ready(tables=TABLES, boards=BOARDS)
    # Released: anyone may watch (the secretary's phones still enter and correct).
    Tournament.objects.filter(sessions__sections=section).update(status="released")
    board_set_analyse(board_set_id=section.board_set_id)  # as at an event: before play
    bodies = plays_of(section)
    random.Random(7).shuffle(bodies)
    connection.close()
    samples: list[tuple[float, int]] = []
    answers: dict[int, int] = {}
    errors: list[str] = []
    lock = threading.Lock()
    work = iter(bodies)
    work_lock = threading.Lock()
    out = ROOT / "var" / f"bench-pages-{os.getpid()}.json"

    versions = psycopg.connect(os.environ["DATABASE_URL"], autocommit=True)

    def data_version() -> int:
        """The section's data version right after a POST (one connection for all clients: the
        database's connections are shared with the servers measured)."""
        return versions.execute(
            "SELECT count(*) FROM scoring_resultversion WHERE section_id = %s", [section.pk]
        ).fetchone()[0]

    def client(index: int) -> None:
        poster = Poster(token)
        start = time.monotonic() + index / CLIENTS  # spread the clients over a second
        count = 0
        while time.monotonic() < start + SECONDS:
            time.sleep(max(0.0, start + count - time.monotonic()))
            with work_lock:
                body = next(work, None)
            if body is None:
                return
            sent = time.monotonic()
            try:
                status, _data, _replay = poster.post(
                    json.dumps(body).encode(), f"s-{index}-{count}"
                )
            except OSError:
                status, _data = 0, b""
            with lock:
                answers[status] = answers.get(status, 0) + 1
                if status == 201:
                    samples.append((sent, data_version()))
                elif len(errors) < 3:
                    errors.append(f"{status} {_data[:300]!r}")
            count += 1

    env = {**os.environ, "PYTHONPATH": str(ROOT / "bench")}
    with stack(web_command=web_command(wsgi, PORT)) as (web, worker):
        workers = [worker]
        path = f"/results/sections/{section.pk}/standings/"
        generators = pages_start(PORT, path, out, env)
        time.sleep(0.5 if TINY else 2.0)
        load_before = os.getloadavg()[0]
        groups = {
            "web": lambda: [web.pid, *children(web.pid)],
            "pages (load generator)": lambda: [p.pid for p in generators],
            "standings worker": lambda: [p.pid for p in workers],
        }
        cpu_before = {name: cpu_seconds(pids()) for name, pids in groups.items()}
        threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENTS)]
        began = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - began
        web_pids = [web.pid, *children(web.pid)]
        rss = [rss_mb(pid) for pid in web_pids]
        load_after = os.getloadavg()[0]
        cpu = {name: cpu_seconds(pids()) - cpu_before[name] for name, pids in groups.items()}
        for process in generators:
            process.wait(timeout=120)
    pages = []
    for index in range(len(generators)):
        part = Path(f"{out}.{index}")
        pages += json.loads(part.read_text())
        part.unlink()
    report(wsgi, connection.vendor, samples, pages, elapsed, (load_before, load_after), cpu, rss)
    print(f"answers to the POSTs: {answers}" + "".join(f"\n  {error}" for error in errors))


def report(wsgi, vendor, samples, pages, elapsed, loads, cpu, rss) -> None:
    shown, unseen = latencies(samples, pages, "shown")
    last = max((version for _sent, version in samples), default=0)
    behind = sum(1 for p in pages if not p["shown"] or p["shown"][-1][1] < last)
    streamed = sum(1 for p in pages if p["streams"] and not p["refused"])
    polled = sum(1 for p in pages if p["polls"])
    server = "gunicorn (WSGI) 2 × 8 threads" if wsgi else "uvicorn (ASGI)"
    carried = "the table in the stream" if TABLE and not wsgi else "the version; pages fetch"
    print(f"server: {server}; database: {vendor}; broker: {os.environ['REDIS_URL']}")
    print(
        f"{len(samples)} results from {CLIENTS} clients in {elapsed:.1f} s "
        f"({len(samples) / elapsed:.0f}/s entered, {CLIENTS}/s asked); {len(pages)} pages: "
        f"{streamed} streaming ({carried}), {polled} polling; "
        f"load average {loads[0]:.1f} → {loads[1]:.1f}"
    )
    if shown:
        print(
            f"POST → its table shown on the open pages ({len(shown)} (result, page) pairs): "
            f"{percentiles(shown)} (target p95 1 s); pairs never shown: {unseen}; "
            f"pages not showing the last result at the end: {behind}"
        )
    heard, _missing = latencies(samples, pages, "heard")
    if heard and not (TABLE and not wsgi):
        print(f"POST → its version heard (before the fetch): {percentiles(heard)}")
    tables = sum(p["tables"] for p in pages)
    print(
        f"tables received in the stream: {tables}, of them not matching their id: "
        f"{sum(p['bad'] for p in pages)}; polls: {sum(p['polls'] for p in pages)}"
    )
    print(
        f"CPU seconds during the {elapsed:.0f} s: "
        + ", ".join(f"{name} {seconds:.1f}" for name, seconds in cpu.items())
    )
    print(
        f"memory: web processes {sum(rss):.0f} MB RSS in all "
        f"({', '.join(f'{r:.0f}' for r in rss)} MB)"
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--pages"]:
        port, path, count, seconds, out = sys.argv[2:7]
        try:
            import uvloop

            uvloop.install()
        except ImportError:
            pass
        asyncio.run(pages_main(int(port), path, int(count), float(seconds), Path(out)))
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        main()
