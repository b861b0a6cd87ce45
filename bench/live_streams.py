"""A thousand open standings pages while 50 clients enter results: from the POST of a result to
the new version reaching every open page, through ASGI (uvicorn) or today's WSGI (gunicorn).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tenace_bench \
    REDIS_URL=redis://127.0.0.1:6379/6 .venv/bin/python bench/live_streams.py [--wsgi]

Same stack as ``bench/scoring_live.py`` (PostgreSQL, Redis, a standings worker and a
double-dummy worker, the boards analysed before play). The web server is
``uvicorn config.asgi:application --workers 2`` (``BENCH_ASGI_WORKERS``), or with ``--wsgi``
``gunicorn config.wsgi`` 2 workers × 8 threads (gthread; ``BENCH_WORKERS``,
``BENCH_THREADS``), today's WSGI path. Every result and every page goes to that one server.

``BENCH_PAGES`` (1,000) pages are opened first by a separate process (asyncio, one socket
each), which behaves as ``static/js/standings-live.js`` in a browser: it reads the event
stream, waits the stream's ``retry`` before reconnecting when a stream ends, and when a
stream is refused (204: the WSGI process serves its share) or fails three times, polls
``…/standings/version/`` every second with If-None-Match instead. Then 50 clients each post
one result per second for 30 s. For every result and every page, the latency is from sending
the POST to the page hearing a version that includes it; the script prints the p50/p95/max
over all (result, page) pairs, how many pages streamed and how many polled, the pairs never
seen, and the RSS of the web processes at the end. Target: p95 ≤ 1 s.
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
from pathlib import Path

PAGES = int(os.environ.get("BENCH_PAGES", "1000"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "30"))
CLIENTS = 50
#: Pages also fetch the table on each new version, as the page's script does.
FETCH = os.environ.get("BENCH_FETCH") == "1"


# --- the pages (a process of their own, started with --pages) -------------------------------


class Page:
    """One open standings page: (time, version) heard, and how it heard it."""

    def __init__(self, port: int, path: str):
        self.port, self.path = port, path
        self.heard: list[tuple[float, int]] = []
        self.shown: list[tuple[float, int]] = []  # the table fetched (BENCH_FETCH=1)
        self.fetching = False
        self.streams = 0
        self.refused = 0
        self.polls = 0

    def note(self, version: int) -> None:
        if not self.heard or version > self.heard[-1][1]:
            self.heard.append((time.monotonic(), version))
            if FETCH and not self.fetching:
                self.fetching = True
                asyncio.get_running_loop().create_task(self.refresh(version))

    async def refresh(self, version: int, attempt: int = 0) -> None:
        """As the page's script: fetch the table; if it shows an older version (the snapshot
        was still being written), again 250 ms later; one fetch at a time."""
        try:
            status, _head, reader, writer = await self.request(
                self.path + "fragment/", {"HX-Request": "true"}
            )
            body = await reader.read()
            writer.close()
            marker = body.split(b'data-version="', 1)[-1].split(b'"', 1)[0]
            got = int(marker) if status == 200 and marker.isdigit() else 0
            if got >= version:
                if not self.shown or got > self.shown[-1][1]:
                    self.shown.append((time.monotonic(), got))
            elif attempt < 20:
                await asyncio.sleep(0.25)
                return await self.refresh(version, attempt + 1)
        except (OSError, ValueError, IndexError):
            pass
        finally:
            if attempt == 0:
                self.fetching = False
        if self.heard[-1][1] > (self.shown[-1][1] if self.shown else 0):
            self.note_again()

    def note_again(self) -> None:
        if not self.fetching:
            self.fetching = True
            asyncio.get_running_loop().create_task(self.refresh(self.heard[-1][1]))

    async def request(self, path: str, headers: dict | None = None):
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
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

    async def run(self, stop: asyncio.Event) -> None:
        failures = 0
        while not stop.is_set() and failures < 3:
            retry = 1.0
            try:
                status, head, reader, writer = await self.request(
                    self.path + "stream/", {"Accept": "text/event-stream"}
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
            event = None
            try:
                while not stop.is_set():
                    line = await reader.readline()
                    if not line:
                        break
                    text = line.decode().strip()
                    if text.startswith("retry:"):
                        retry = int(text.split(":")[1]) / 1000
                    elif text.startswith("event:"):
                        event = text.split(":", 1)[1].strip()
                    elif text.startswith("data:") and event == "version":
                        self.note(int(text.split(":")[1]))
            except (OSError, ValueError):
                failures += 1
            writer.close()
            await asyncio.sleep(retry)
        etag = None
        while not stop.is_set():  # the polling fallback: every second, 304 while unchanged
            started = time.monotonic()
            try:
                headers = {"If-None-Match": etag} if etag else {}
                status, head, reader, writer = await self.request(self.path + "version/", headers)
                body = await reader.read()
                writer.close()
                self.polls += 1
                if status == 200:
                    etag = head.get("etag")
                    self.note(json.loads(body.split(b"\r\n\r\n")[-1] or b"{}")["version"])
            except (OSError, ValueError, IndexError, KeyError):
                pass
            await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - started)))


async def pages_main(port: int, path: str, count: int, seconds: float, out: Path) -> None:
    stop = asyncio.Event()
    pages = [Page(port, path) for _ in range(count)]
    tasks = []
    for page in pages:  # opened over about five seconds, as phones arrive
        tasks.append(asyncio.create_task(page.run(stop)))
        await asyncio.sleep(5.0 / count)
    print("ready", flush=True)
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.wait(tasks, timeout=5)
    out.write_text(
        json.dumps(
            [
                {
                    "heard": p.heard,
                    "shown": p.shown,
                    "streams": p.streams,
                    "refused": p.refused,
                    "polls": p.polls,
                }
                for p in pages
            ]
        )
    )
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
        os.environ.get("BENCH_ASGI_WORKERS", "2"),
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

    section, token = section_ready()
    Tournament.objects.filter(sessions__sections=section).update(standings_released=True)
    board_set_analyse(board_set_id=section.board_set_id)  # as at an event: before play
    bodies = plays_of(section)
    random.Random(7).shuffle(bodies)
    connection.close()
    samples: list[tuple[float, int]] = []
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
                status = 0
            if status == 201:
                with lock:
                    samples.append((sent, data_version()))
            count += 1

    env = {**os.environ, "PYTHONPATH": str(ROOT / "bench")}
    with stack(web_command=web_command(wsgi, PORT)) as (web, worker):
        workers = [worker]
        path = f"/results/sections/{section.pk}/standings/"
        pages = subprocess.Popen(
            [sys.executable, __file__, "--pages", str(PORT), path, str(PAGES)]
            + [str(SECONDS + 12), str(out)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        pages.stdout.readline()  # "ready": every page opened
        time.sleep(2.0)
        load_before = os.getloadavg()[0]
        groups = {
            "web": lambda: [web.pid, *children(web.pid)],
            "pages (load generator)": lambda: [pages.pid],
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
        pages.wait(timeout=120)
    heard = json.loads(out.read_text())
    out.unlink()
    found, missing = latencies(samples, heard)
    streamed = sum(1 for p in heard if p["streams"] and not p["refused"])
    polled = sum(1 for p in heard if p["polls"])
    server = "gunicorn (WSGI) 2 × 8 threads" if wsgi else "uvicorn (ASGI)"
    print(f"server: {server}; database: {connection.vendor}; broker: {os.environ['REDIS_URL']}")
    print(
        f"{len(samples)} results from {CLIENTS} clients in {elapsed:.1f} s "
        f"({len(samples) / elapsed:.0f}/s); {len(heard)} pages: {streamed} streaming, "
        f"{polled} polling; load average {load_before:.1f} → {load_after:.1f}"
    )
    if found:
        p95 = found[min(len(found) - 1, 95 * len(found) // 100)]
        print(
            f"POST → new version on the open pages ({len(found)} (result, page) pairs): "
            f"p50 {statistics.median(found):.3f} s, p95 {p95:.3f} s (target 1 s), "
            f"max {found[-1]:.3f} s; pairs never seen: {missing}"
        )
    if FETCH:
        shown, unseen = latencies(samples, heard, "shown")
        if shown:
            p95 = shown[min(len(shown) - 1, 95 * len(shown) // 100)]
            print(
                f"POST → its table shown (fetched after the event): p50 "
                f"{statistics.median(shown):.3f} s, p95 {p95:.3f} s, max {shown[-1]:.3f} s; "
                f"pairs never shown: {unseen}"
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
        asyncio.run(pages_main(int(port), path, int(count), float(seconds), Path(out)))
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        main()
