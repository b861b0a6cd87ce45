"""From the POST of a result to the new standings on an open standings page: latency at the
50th and 95th percentile with one Celery worker while 50 clients enter results.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tenace_bench \
    REDIS_URL=redis://127.0.0.1:6379/6 .venv/bin/python bench/scoring_live.py

Same stack as ``bench/scoring_api.py`` (gunicorn, PostgreSQL, Redis, one worker). An open
standings page is simulated by a client reading the page's server-sent events stream
(``…/standings/stream/``, reconnecting as the browser does). 50 clients each post one
result per second for 30 s (about 1,500 results); for every result, its latency is the time
from sending the POST to the first version event announcing a snapshot that includes it
(the section's data version read right after the POST returned). Target: p95 ≤ 1 s.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import statistics
import sys
import threading
import time

from scoring_api import PORT, ROOT, Poster, plays_of, section_ready, stack  # noqa: I001


class StreamReader(threading.Thread):
    """Reads ``event: version`` lines and records (arrival time, version)."""

    def __init__(self, path: str):
        super().__init__(daemon=True)
        self.path = path
        self.events: list[tuple[float, int]] = []
        self.connects: list[float] = []
        self.lock = threading.Lock()
        self.stopping = False

    def run(self) -> None:
        while not self.stopping:
            try:
                self.connects.append(time.perf_counter())
                connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=40)
                connection.request("GET", self.path, headers={"Accept": "text/event-stream"})
                response = connection.getresponse()
                event = None
                retry = 0.0
                while not self.stopping:
                    line = response.readline()  # the chunked body's end is the stream's end
                    if not line:
                        break
                    if line.startswith(b"retry:"):
                        retry = int(line.split(b":")[1]) / 1000
                    text = line.decode().strip()
                    if text.startswith("event:"):
                        event = text.split(":", 1)[1].strip()
                    elif text.startswith("data:") and event == "version":
                        with self.lock:
                            self.events.append((time.perf_counter(), int(text.split(":")[1])))
                connection.close()
                time.sleep(retry)  # as a browser's EventSource waits before reconnecting
            except OSError:
                time.sleep(0.1)

    def first_at_least(self, version: int, after: float) -> float | None:
        with self.lock:
            events = list(self.events)
        times = [t for t, v in events if v >= version and t >= after]
        return min(times) if times else None


def main() -> None:
    from django.db import close_old_connections, connection

    from scoring import live
    from tournaments.models import Tournament

    tiny = os.environ.get("BENCH_TINY") == "1"  # the smoke run in CI
    section, token = section_ready(tables=3, boards=4) if tiny else section_ready()
    if "--analyse-during" not in sys.argv:
        # As at an event: the boards are analysed when dealt, before play starts.
        from scoring.analysis_jobs import board_set_analyse

        board_set_analyse(board_set_id=section.board_set_id)
    Tournament.objects.filter(sessions__sections=section).update(status="released")
    bodies = plays_of(section)
    random.Random(7).shuffle(bodies)
    connection.close()
    samples: list[tuple[float, int]] = []
    lock = threading.Lock()
    work = iter(bodies)
    work_lock = threading.Lock()
    seconds, clients = (3.0, 4) if tiny else (30.0, 50)

    def client(index: int) -> None:
        poster = Poster(token)
        start = time.perf_counter() + index / clients  # spread the clients over a second
        count = 0
        while time.perf_counter() < start + seconds:
            time.sleep(max(0.0, start + count - time.perf_counter()))
            with work_lock:
                body = next(work, None)
            if body is None:
                return
            sent = time.perf_counter()
            status, _data, _replay = poster.post(json.dumps(body).encode(), f"live-{index}-{count}")
            if status == 201:
                version = live.data_version(section.pk)
                with lock:
                    samples.append((sent, version))
            count += 1
        close_old_connections()

    with stack():
        reader = StreamReader(f"/results/sections/{section.pk}/standings/stream/")
        reader.start()
        time.sleep(1.0)
        threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
        began = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - began
        time.sleep(1.0 if tiny else 3.0)
        reader.stopping = True
    latencies = []
    missing = 0
    for sent, version in samples:
        seen = reader.first_at_least(version, sent)
        if seen is None:
            missing += 1
        else:
            latencies.append(seen - sent)
    latencies.sort()
    p95 = latencies[min(len(latencies) - 1, 95 * len(latencies) // 100)]
    print(f"database: {connection.vendor}; broker: {os.environ.get('REDIS_URL', 'eager')}")
    print(
        f"{len(samples)} results from {clients} clients in {elapsed:.1f} s "
        f"({len(samples) / elapsed:.0f}/s); snapshots announced: {len(reader.events)}"
    )
    print(
        f"POST → new standings on the open page: p50 {statistics.median(latencies):.3f} s, "
        f"p95 {p95:.3f} s (target 1 s), max {latencies[-1]:.3f} s; never seen: {missing}"
    )
    where_the_time_goes(samples, reader, began)


def where_the_time_goes(samples, reader, began: float) -> None:
    """The latency by 5-second window of the run, and what the workers spent per task (from
    their log): a slow window and a long task beside it show what held the recompute up."""
    windows: dict[int, list[float]] = {}
    for sent, version in samples:
        seen = reader.first_at_least(version, sent)
        if seen is not None:
            windows.setdefault(int((sent - began) // 5), []).append(seen - sent)
    late = [(sent, version) for sent, version in samples if reader.first_at_least(version, sent)]
    late.sort(key=lambda s: s[0] - reader.first_at_least(s[1], s[0]))
    print(
        "  slowest: "
        + ", ".join(
            f"sent {sent - began:.2f} s, seen {reader.first_at_least(v, sent) - began:.2f} s"
            for sent, v in late[:3]
        )
    )
    print("  stream (re)connected at: " + ", ".join(f"{t - began:.2f} s" for t in reader.connects))
    print(
        "  by window of 5 s: "
        + ", ".join(f"{5 * w}-{5 * w + 5} s max {max(v):.2f}" for w, v in sorted(windows.items()))
    )
    tasks: dict[str, list[float]] = {}
    for line in (ROOT / "var" / "bench-scoring.log").read_text().splitlines():
        match = re.search(r"Task ([\w.]+)\[.*succeeded in ([0-9.]+)s", line)
        if match:
            tasks.setdefault(match.group(1), []).append(float(match.group(2)))
    for name, durations in sorted(tasks.items()):
        durations.sort()
        print(
            f"  {name}: {len(durations)} runs, median {statistics.median(durations):.3f} s, "
            f"max {durations[-1]:.3f} s"
        )


if __name__ == "__main__":
    main()
