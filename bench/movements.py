"""Generating and validating movements: a 30-table Mitchell, a 16-pair Howell and the
balanced three-table Howell, with the comparison measure.

Run: .venv/bin/python bench/movements.py
"""

from __future__ import annotations

import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.movements import comparison_spread, howell, mitchell, validate
from tournaments.movements.generators import _howell_plan

#: ``BENCH_TINY=1``: the smoke run in CI (each case once; timings mean nothing).
TINY = os.environ.get("BENCH_TINY") == "1"


def best_of(runs: int, job) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    print(f"python {platform.python_version()}, processor {platform.processor() or 'unknown'}")
    cases = {
        "30-table Mitchell, 3 boards a round: generate": lambda: mitchell(30, 3, even="relay"),
        "30-table Mitchell: generate + validate": lambda: validate(mitchell(30, 3, even="relay")),
        "16-pair Howell: generate (board sets cached)": lambda: howell(16, 2),
        "16-pair Howell: generate + validate": lambda: validate(howell(16, 2)),
        "16-pair Howell: comparison spread": lambda: comparison_spread(howell(16, 2)),
        "6-pair three-table Howell: generate + validate": lambda: validate(howell(6, 4)),
    }
    _howell_plan.cache_clear()
    cold = best_of(1, lambda: howell(16, 2))
    print(f"{'16-pair Howell, first call (Room square search)':<52} {cold * 1000:8.2f} ms")
    for name, job in cases.items():
        print(f"{name:<52} {best_of(1 if TINY else 5, job) * 1000:8.2f} ms")


if __name__ == "__main__":
    main()
