"""Benchmark: Boston auctions and settlements per second on one core.

Run: taskset -c 0 .venv/bin/python bench/engine_boston.py

Auctions: for each variant, 10,000 seeded auctions of random legal calls are recorded first
(not timed); then each is replayed through ``Auction.call`` (every call checked) and its
outcome read. ``legal_calls()`` is timed apart, since a page asks for it once per call.
Settlements: a seeded stream of contracts and tricks settled with ``settle`` against a full
club table, misère partout with ``settle_all_pass``, Old English fish with ``settle_fish``,
and one night of 100,000 settlements through ``night_totals``. Play: complete Boston hands
replayed with ``replay_hand`` (boston card on).

Times are the process's CPU time (``time.process_time``), not wall time: the machine this
runs on is shared, and CPU time is what the code costs.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.boston.auction import Auction, Contract, Level  # noqa: E402
from engine.boston.cards import legal_cards, trick_winner  # noqa: E402
from engine.boston.fish import FishTable, settle_fish  # noqa: E402
from engine.boston.night import night_totals  # noqa: E402
from engine.boston.payments import PaymentTable, settle, settle_all_pass  # noqa: E402
from engine.boston.play import replay_hand  # noqa: E402
from engine.boston.variants import ANGLO_AMERICAN, FONTAINEBLEAU, SPANISH  # noqa: E402
from engine.cards import Seat, Suit  # noqa: E402
from engine.deal import deal_from_seed  # noqa: E402

#: ``BENCH_TINY=1``: the smoke run in CI (it starts, works and prints; timings mean nothing).
TINY = os.environ.get("BENCH_TINY") == "1"
AUCTIONS = 200 if TINY else 10_000
SETTLEMENTS = 2_000 if TINY else 100_000
HANDS = 50 if TINY else 2_000
CLUB = PaymentTable(
    name="club",
    made={k: k for k in range(5, 14)},
    per_overtrick=1,
    failed={k: tuple(range(1, k + 1)) for k in range(5, 14)},
    misere={name: 20 for name in (lv.name for lv in Level if lv.is_misere)},
)
FISH = FishTable("club", {(t, c): 2 for t in range(5, 14) for c in ("first", "second", "common")})


def rate(label: str, count: int, seconds: float, unit: str) -> None:
    print(f"{label:<54} {count / seconds:>12,.0f} {unit}/s  ({count:,} in {seconds:.3f} s)")


def record_auctions(profile, rng: random.Random) -> list[tuple]:
    recorded = []
    for _ in range(AUCTIONS):
        dealer, turned = rng.choice(list(Seat)), rng.choice(list(Suit))
        a = Auction(dealer, profile, turned=turned)
        calls = []
        while not a.is_over:
            call = rng.choice(a.legal_calls()) if rng.random() < 0.3 else a.legal_calls()[0]
            calls.append((a.turn, call))
            a.call(a.turn, call)
        recorded.append((dealer, turned, calls))
    return recorded


def bench_auctions(profile, rng: random.Random) -> None:
    recorded = record_auctions(profile, rng)
    calls = sum(len(c) for _, _, c in recorded)
    start = time.process_time()
    for dealer, turned, sequence in recorded:
        a = Auction(dealer, profile, turned=turned)
        for seat, call in sequence:
            a.call(seat, call)
        a.contract  # noqa: B018
    seconds = time.process_time() - start
    rate(
        f"auctions replayed ({profile.name}, {calls / len(recorded):.1f} calls)",
        len(recorded),
        seconds,
        "auctions",
    )
    start = time.process_time()
    for dealer, turned, _ in recorded[:2000]:
        Auction(dealer, profile, turned=turned).legal_calls()
    rate(
        f"legal_calls() at the first call ({profile.name})",
        2000,
        time.process_time() - start,
        "calls",
    )


def bench_settlements(rng: random.Random) -> None:
    stream = []
    for _ in range(SETTLEMENTS):
        declarer = rng.choice(list(Seat))
        level = rng.choice(list(Level))
        supporter = declarer.left if level.supportable and rng.random() < 0.5 else None
        contract = Contract(declarer, level, None, supporter)
        stream.append((contract, rng.randint(0, level.tricks_played), rng.randrange(0, 60)))
    start = time.process_time()
    results = [settle(c, t, CLUB, p) for c, t, p in stream]
    rate("settle (club table)", len(stream), time.process_time() - start, "settlements")
    start = time.process_time()
    night = night_totals(results, pool=10**9)
    rate(
        "night_totals (one night of all of them)",
        night.hands,
        time.process_time() - start,
        "settlements",
    )
    counts = []
    for _ in range(SETTLEMENTS // 4):
        cuts = sorted(rng.randint(0, 13) for _ in range(3))
        counts.append(
            dict(
                zip(
                    Seat, (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]), strict=True
                )
            )
        )
    start = time.process_time()
    for tricks in counts:
        settle_all_pass(ANGLO_AMERICAN, tricks, CLUB)
    rate(
        "settle_all_pass (misère partout)", len(counts), time.process_time() - start, "settlements"
    )
    trick_contracts = [(c, t) for c, t, _ in stream if not c.level.is_misere][: SETTLEMENTS // 4]
    start = time.process_time()
    for contract, tricks in trick_contracts:
        settle_fish(contract, tricks, FISH, trump="common", honours=2)
    rate(
        "settle_fish (Old English)",
        len(trick_contracts),
        time.process_time() - start,
        "settlements",
    )


def bench_play(rng: random.Random) -> None:
    games = []
    for seed in range(HANDS):
        hands = deal_from_seed(seed).as_mapping()
        trump, dealer = rng.choice(list(Suit)), rng.choice(list(Seat))
        held = {s: list(c) for s, c in hands.items()}
        leader, record = dealer.left, []
        for _ in range(13):
            trick = []
            for offset in range(4):
                seat = Seat((leader + offset) % 4)
                card = rng.choice(
                    legal_cards(held[seat], trick[0] if trick else None, SPANISH, trump)
                )
                held[seat].remove(card)
                trick.append(card)
            record += trick
            leader = Seat((leader + trick_winner(trick, SPANISH, trump)) % 4)
        games.append((hands, dealer, trump, record))
    start = time.process_time()
    for hands, dealer, trump, record in games:
        replay_hand(hands, dealer, trump, SPANISH, record)
    rate("replay_hand (complete hands, Spanish)", len(games), time.process_time() - start, "hands")


def main() -> None:
    print(f"python {platform.python_version()}, processor {platform.processor() or 'unknown'}")
    rng = random.Random(20261123)
    for profile in (SPANISH, ANGLO_AMERICAN, FONTAINEBLEAU):
        bench_auctions(profile, rng)
    bench_settlements(rng)
    bench_play(rng)


if __name__ == "__main__":
    main()
