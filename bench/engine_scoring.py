"""Benchmark: rubber-whist hands scored per second on one core (target >= 200,000/s).

Run: .venv/bin/python bench/engine_scoring.py

Scores a fixed, seeded stream of realistic hands (any score in a game, any tricks, honours
held about half the time, a revoke in 1% of hands) under several profiles, through the
public ``score_hand``; then the same through a bound ``HandScorer``; then with the result
cache disabled (every hand computed from scratch); then whole rubbers through ``Rubber.play``.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import Side  # noqa: E402
from engine.honours import NO_HONOURS, HonoursHeld  # noqa: E402
from engine.profiles import LONG, SHORT, HonoursAtGame  # noqa: E402
from engine.rubber import Hand, start_rubber  # noqa: E402
from engine.scoring import HandScorer, Revoke, RevokePenalty, score_hand  # noqa: E402

#: ``BENCH_TINY=1``: the smoke run in CI (it starts, works and prints; timings mean nothing).
TINY = os.environ.get("BENCH_TINY") == "1"
N = 5_000 if TINY else 500_000
HONOURS = [NO_HONOURS] * 6 + [HonoursHeld(side, count) for side in Side for count in (3, 4)]


def hands(profile, count: int, rng: random.Random) -> list[tuple]:
    target = profile.game_target
    stream = []
    for _ in range(count):
        before = (rng.randrange(target), rng.randrange(target))
        revokes = ()
        if rng.random() < 0.01:
            revokes = (Revoke(rng.choice(list(Side)), rng.choice(list(RevokePenalty))),)
        stream.append((before, rng.randint(0, 13), rng.choice(HONOURS), revokes))
    return stream


def rate(label: str, count: int, seconds: float) -> None:
    print(f"{label:<48} {count / seconds:>12,.0f} hands/s  ({count:,} in {seconds:.3f} s)")


def bench_score_hand(profile, stream) -> None:
    start = time.perf_counter()
    for before, tricks, honours, revokes in stream:
        score_hand(profile, before, tricks, honours, revokes)
    rate(
        f"score_hand ({profile.name}, {profile.honours_at_game})",
        len(stream),
        time.perf_counter() - start,
    )


def bench_scorer(profile, stream) -> None:
    score = HandScorer(profile).score
    start = time.perf_counter()
    for before, tricks, honours, revokes in stream:
        score(before, tricks, honours, revokes)
    rate(f"HandScorer.score ({profile.name})", len(stream), time.perf_counter() - start)


def bench_uncached(profile, stream) -> None:
    compute = HandScorer(profile)._compute
    start = time.perf_counter()
    for before, tricks, honours, revokes in stream:
        compute(before, tricks, honours, revokes)
    rate(f"uncached computation ({profile.name})", len(stream), time.perf_counter() - start)


def bench_rubbers(profile, rng: random.Random, rubbers: int) -> None:
    played = 0
    start = time.perf_counter()
    for _ in range(rubbers):
        rubber = start_rubber(profile)
        while not rubber.is_over:
            rubber = rubber.play(Hand(rng.randint(0, 13), rng.choice(HONOURS)))
            played += 1
    rate(f"Rubber.play, {rubbers:,} rubbers ({profile.name})", played, time.perf_counter() - start)


def main() -> None:
    print(f"python {platform.python_version()}, processor {platform.processor() or 'unknown'}")
    rng = random.Random(20261122)
    for profile in (SHORT, SHORT.override(honours_at_game=HonoursAtGame.CLUB_CODE), LONG):
        bench_score_hand(profile, hands(profile, N, rng))
    stream = hands(SHORT, N, rng)
    bench_scorer(SHORT, stream)
    bench_uncached(SHORT, stream[: N // 5])
    bench_rubbers(SHORT, rng, 200 if TINY else 20_000)


if __name__ == "__main__":
    main()
