"""Benchmark of :mod:`scoring.calc`: recompute the standings of big duplicate sessions.

1. A 100-table Mitchell session of 26 boards (2,600 results): matchpoints with Neuberg,
   travellers and NS/EW standings — target well under 0.5 s.
2. A 500-table event of three sessions (3 × 13,000 = 39,000 results): each session's
   standings, then the sessions combined and ranked — target well under 5 s.

Results are built (seeded) before the clock starts; each figure is the best of 3 runs.
Run: ``.venv/bin/python bench/scoring_calc.py``.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.calc import (  # noqa: E402
    Adjusted,
    BoardResult,
    Method,
    combine_sessions,
    rank_totals,
    session_totals,
    standings,
)


def mitchell_session(tables: int, boards: int, seed: int) -> list[BoardResult]:
    """A Mitchell: NS pair t stays at table t, EW pair moves; a few adjusted or missing."""
    rng = random.Random(seed)
    results = []
    for board in range(1, boards + 1):
        for table in range(tables):
            ew = tables + (table + board) % tables
            roll = rng.random()
            if roll < 0.005:
                results.append(BoardResult(board, table, ew))
            elif roll < 0.01:
                results.append(BoardResult(board, table, ew, adjusted=Adjusted.AVERAGE))
            else:
                results.append(BoardResult(board, table, ew, ns_tricks=rng.randint(2, 11)))
    return results


def best_of(runs: int, work) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def three_sessions(sessions: list[list[BoardResult]]) -> None:
    totals = [session_totals(s, Method.MATCHPOINTS)[0] for s in sessions]
    rank_totals(combine_sessions(totals).values())


def main() -> None:
    print(f"python {platform.python_version()}, processor {platform.processor() or 'unknown'}")
    tiny = os.environ.get("BENCH_TINY") == "1"  # the smoke run in CI
    session = mitchell_session(10 if tiny else 100, 26, seed=1)
    for method in Method:
        seconds = best_of(3, lambda m=method: standings(session, m, separate_fields=True))
        print(
            f"{len(session) // 26}-table Mitchell, 26 boards ({len(session):,} results), {method.value:13}"
            f" {seconds:.3f} s"
        )
    event = [mitchell_session(20 if tiny else 500, 26, seed=s) for s in (2, 3, 4)]
    count = sum(len(s) for s in event)
    seconds = best_of(3, lambda: three_sessions(event))
    print(
        f"{count // 78}-table event, 3 sessions ({count:,} results), matchpoints + combined  {seconds:.3f} s"
    )


if __name__ == "__main__":
    main()
