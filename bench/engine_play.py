"""Benchmark: replaying complete legal records of play, and trick winner / legal cards.

Run: ``.venv/bin/python bench/engine_play.py [hands]`` (default 20,000 hands). Prints hands/s
for :func:`engine.play.replay` on one core, and per-call times for ``trick_winner`` and
``legal_cards``. Timing only; correctness is in ``tests/engine/test_play.py``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import Seat, Suit  # noqa: E402
from engine.deal import Deal, deal_from_seed  # noqa: E402
from engine.play import legal_cards, replay, trick_winner  # noqa: E402


def random_record(deal: Deal, dealer: Seat, trump: Suit | None, rng: random.Random) -> list:
    """A complete record of legal play, each player choosing at random among legal cards."""
    hands = {seat: list(deal.hand(seat)) for seat in Seat}
    record = []
    leader = dealer.left
    for _ in range(13):
        trick = []
        for position in range(4):
            seat = Seat((leader + position) % 4)
            led = trick[0].suit if trick else None
            card = rng.choice(legal_cards(hands[seat], led))
            hands[seat].remove(card)
            trick.append(card)
        record.extend(trick)
        leader = trick_winner(trick, leader, trump)
    return record


def make_inputs(count: int, seed: int = 2026) -> list[tuple[Deal, Seat, Suit | None, list]]:
    rng = random.Random(seed)
    inputs = []
    for n in range(count):
        dealer = Seat(n % 4)
        deal = deal_from_seed(f"bench/{n}", dealer)
        trump = (None, *Suit)[n % 5]
        inputs.append((deal, dealer, trump, random_record(deal, dealer, trump, rng)))
    return inputs


def bench_replay(inputs: list) -> float:
    start = time.perf_counter()
    for deal, dealer, trump, record in inputs:
        replay(deal, dealer, trump, record)
    return len(inputs) / (time.perf_counter() - start)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    inputs = make_inputs(count)
    best = max(bench_replay(inputs) for _ in range(3))
    print(f"replay: {best:,.0f} complete hands/s ({count} hands, best of 3)")
    tricks = [(record[i : i + 4], trump) for _, _, trump, record in inputs[:2000] for i in
              range(0, 52, 4)]
    start = time.perf_counter()
    for cards, trump in tricks:
        trick_winner(cards, Seat.N, trump)
    per = (time.perf_counter() - start) / len(tricks) * 1e6
    print(f"trick_winner: {per:.2f} µs per trick ({len(tricks)} tricks)")


if __name__ == "__main__":
    main()
