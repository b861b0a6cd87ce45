"""A whist drive's evening through the services the MC's grid and the tables' phones use:
40 tables (160 players), 24 hands — every table enters every hand (``entry_record``), then
the next hand is called (``hand_next``). An entry must not cost more late in the evening
than early: each entry reads its own round, never the whole drive.

    .venv/bin/python bench/drive_entries.py                 # 40 tables, 24 hands, 3 runs
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tenace_bench .venv/bin/python \
        bench/drive_entries.py
    .venv/bin/python bench/drive_entries.py --tables 2 --hands 2 --runs 1   # CI smoke run

A separate test database (``test_<name>``) is created and destroyed, so the named database
is untouched. Prints, per run, the total, the median entry in the first hand and in the
last hand, and the median call of the next hand; then the medians over the runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
os.environ.setdefault("DEBUG", "0")

import django  # noqa: E402

django.setup()


def evening(tables: int, hands: int, run: int = 0) -> dict[str, float]:
    """Set up, start and play a drive of ``tables`` full tables and ``hands`` hands; the
    seconds per entry (first and last hand, median), per call, and in all."""
    import datetime as dt

    from clubs.models import Club, User
    from drives.running import drive_start, entry_record, hand_next
    from drives.services import drive_create, player_add

    club = Club.objects.create(name=f"Bench hall {run}", slug=f"bench-hall-{run}")
    mc = User.objects.create_user(f"bench-mc-{run}", password="x")
    drive = drive_create(
        organiser=mc,
        club=club,
        name="Bench drive",
        date=dt.date(2026, 11, 27),
        settings={"hands": hands, "half_time_after": hands // 2},
    )
    for n in range(2 * tables):
        player_add(drive=drive, name=f"Lady {n}", role="lady")
        player_add(drive=drive, name=f"Gent {n}", role="gent")
    drive = drive_start(drive=drive)
    first: list[float] = []
    last: list[float] = []
    calls: list[float] = []
    started = time.perf_counter()
    for hand in range(1, hands + 1):
        for table in range(1, tables + 1):
            a = (hand * 7 + table * 3) % 14
            t0 = time.perf_counter()
            entry_record(drive=drive, hand=hand, table=table, tricks_a=a, tricks_b=13 - a, by=mc)
            spent = time.perf_counter() - t0
            if hand == 1:
                first.append(spent)
            if hand == hands:
                last.append(spent)
        t0 = time.perf_counter()
        drive = hand_next(drive=drive)
        calls.append(time.perf_counter() - t0)
    return {
        "total": time.perf_counter() - started,
        "entries": tables * hands,
        "first": statistics.median(first),
        "last": statistics.median(last),
        "call": statistics.median(calls),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    tiny = os.environ.get("BENCH_TINY") == "1"  # the smoke run in CI: it starts, works, prints
    tables, hands, runs = (2, 2, 1) if tiny else (40, 24, 3)
    parser.add_argument("--tables", type=int, default=int(os.environ.get("BENCH_TABLES", tables)))
    parser.add_argument("--hands", type=int, default=int(os.environ.get("BENCH_HANDS", hands)))
    parser.add_argument("--runs", type=int, default=int(os.environ.get("BENCH_RUNS", runs)))
    args = parser.parse_args()
    from django.db import connection

    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        results = [evening(args.tables, args.hands, run) for run in range(args.runs)]
    finally:
        connection.creation.destroy_test_db(connection.settings_dict["NAME"], verbosity=0)
    print(f"{args.tables} tables x {args.hands} hands, {connection.vendor}")
    for n, r in enumerate(results, start=1):
        print(
            f"run {n}: {r['entries']} entries in {r['total']:.2f} s; entry median "
            f"hand 1 {r['first'] * 1000:.1f} ms, hand {args.hands} {r['last'] * 1000:.1f} ms; "
            f"call median {r['call'] * 1000:.1f} ms"
        )
    median = {k: statistics.median(r[k] for r in results) for k in ("total", "first", "last")}
    print(
        f"median of {len(results)}: {median['total']:.2f} s in all; entry "
        f"{median['first'] * 1000:.1f} ms at hand 1, {median['last'] * 1000:.1f} ms at hand "
        f"{args.hands}"
    )


if __name__ == "__main__":
    main()
