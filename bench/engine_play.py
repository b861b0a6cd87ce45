"""Benchmark: replaying complete legal records of play, and trick winner / legal cards.

Run: ``.venv/bin/python bench/engine_play.py [hands]`` (default 20,000 hands). Prints hands/s
for :func:`engine.play.replay` on one core (one process, one thread), and per-call times for
``trick_winner`` and the follow-suit check. Timing only; correctness is in
``tests/engine/test_play.py``.

Side by side with the PyPI package ``whist-core`` (a peer, never a dependency of Tenace):

    python3.11 -m venv bench/.venv-peer && bench/.venv-peer/bin/pip install whist-core
    PYTHONPATH=. bench/.venv-peer/bin/python bench/engine_play.py

When ``whist_core`` is importable the script also times its trick winner
(``OrderedCardContainer.get_turn_and_winner_card``) and legality check
(``LegalChecker.check_legal``) on the same tricks and hands, after checking both give the
same answers, and prints the ratio.

``.venv/bin/python bench/engine_play.py --dd`` times double-dummy analysis (needs the
``analysis`` extra): one call per board against one batched call. Peer objects are built before the clock starts, so only
the calls are timed for both. whist-core has no no-trump, so those tricks use suit trumps.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import FULL_DECK, Card, Rank, Seat, Suit  # noqa: E402
from engine.deal import Deal, deal_from_seed  # noqa: E402
from engine.play import is_revoke, legal_cards, replay, trick_winner  # noqa: E402


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


def best_time(run: Callable[[], object], repeat: int = 5) -> float:
    """The best of ``repeat`` wall-clock times of ``run()``, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def trick_inputs(inputs: list) -> list[tuple[list[Card], Suit]]:
    """Every trick of the first 2,000 records, with a suit trump (whist-core needs one)."""
    tricks = []
    for n, (_, _, _, record) in enumerate(inputs[:2000]):
        trump = Suit(n % 4)
        tricks += [(record[i : i + 4], trump) for i in range(0, 52, 4)]
    return tricks


def legality_inputs(inputs: list) -> list[tuple[tuple[Card, ...], Card, Suit]]:
    """(hand, card, suit led) for every card of every hand of the first 500 deals."""
    cases = []
    for n, (deal, _, _, _) in enumerate(inputs[:500]):
        for seat in Seat:
            hand = deal.hand(seat)
            cases += [(hand, card, Suit((n + seat) % 4)) for card in hand]
    return cases


def ours(tricks: list, cases: list) -> tuple[float, float, list, list]:
    def winners() -> list:
        return [trick_winner(cards, Seat.N, trump) for cards, trump in tricks]

    def legal() -> list:
        return [not is_revoke(hand, led, card) for hand, card, led in cases]

    return best_time(winners), best_time(legal), winners(), legal()


def peer(tricks: list, cases: list) -> tuple[float, float, list, list] | None:
    try:
        from whist_core.cards.card import Card as PeerCard
        from whist_core.cards.card import Rank as PeerRank
        from whist_core.cards.card import Suit as PeerSuit
        from whist_core.cards.card_container import OrderedCardContainer, UnorderedCardContainer
        from whist_core.game.legal_checker import LegalChecker
    except ImportError:
        return None
    suits = {suit: PeerSuit(int(suit)) for suit in Suit}  # same order: C D H S
    cards = {c: PeerCard(suit=suits[c.suit], rank=PeerRank(int(c.rank) - 2)) for c in FULL_DECK}
    stacks = [
        (OrderedCardContainer.with_cards(*(cards[c] for c in trick)), suits[trump])
        for trick, trump in tricks
    ]
    hands = {
        hand: UnorderedCardContainer.with_cards(*(cards[c] for c in hand)) for hand, _, _ in cases
    }
    # The peer checks against the first card of the trick: any card of the suit led will do.
    firsts = {suit: cards[Card(suit, Rank.TWO)] for suit in Suit}
    peer_cases = [(hands[hand], cards[card], firsts[led]) for hand, card, led in cases]

    def winners() -> list:
        return [Seat(stack.get_turn_and_winner_card(trump)[0]) for stack, trump in stacks]

    def legal() -> list:
        return [LegalChecker.check_legal(hand, card, first) for hand, card, first in peer_cases]

    return best_time(winners, 3), best_time(legal, 3), winners(), legal()


def bench_double_dummy(count: int = 40) -> None:
    """One call per board against one batched call, for ``count`` boards (both cores)."""
    from engine.analysis import analysis_available, dd_tricks, dd_tricks_many
    from engine.boards import board_set

    if not analysis_available():
        print("double dummy: the 'analysis' extra is not installed")
        return
    items = [(b.deal, b.dealer, b.trump) for b in board_set(count, seed="bench-dd")]
    dd_tricks(*items[0])  # load DDS before timing
    single = best_time(lambda: [dd_tricks(*item) for item in items], 2)
    batched = best_time(lambda: dd_tricks_many(items), 2)
    print(
        f"double dummy, {count} boards: one by one {single / count * 1000:.1f} ms/board, "
        f"batched {batched / count * 1000:.1f} ms/board ({single / batched:.1f}x)"
    )


def main() -> None:
    if "--dd" in sys.argv:
        bench_double_dummy()
        return
    count = (
        int(sys.argv[1])
        if len(sys.argv) > 1
        else (200 if os.environ.get("BENCH_TINY") == "1" else 20_000)
    )
    inputs = make_inputs(count)
    best = max(bench_replay(inputs) for _ in range(3))
    print(f"replay: {best:,.0f} complete hands/s ({count} hands, best of 3, one core)")
    tricks, cases = trick_inputs(inputs), legality_inputs(inputs)
    win_s, legal_s, our_winners, our_legal = ours(tricks, cases)
    print(f"trick_winner: {win_s / len(tricks) * 1e6:.2f} µs per trick ({len(tricks)} tricks)")
    print(f"follow-suit check: {legal_s / len(cases) * 1e6:.2f} µs per card ({len(cases)} cards)")
    other = peer(tricks, cases)
    if other is None:
        print("whist-core not importable: see the module docstring to run the comparison")
        return
    peer_win_s, peer_legal_s, peer_winners, peer_legal = other
    assert peer_winners == our_winners, "trick winners disagree with whist-core"
    assert peer_legal == our_legal, "legality disagrees with whist-core"
    print(
        f"whist-core trick winner: {peer_win_s / len(tricks) * 1e6:.2f} µs per trick "
        f"-> Tenace is {peer_win_s / win_s:.1f}x faster (same {len(tricks)} answers)"
    )
    print(
        f"whist-core check_legal: {peer_legal_s / len(cases) * 1e6:.2f} µs per card "
        f"-> Tenace is {peer_legal_s / legal_s:.1f}x faster (same {len(cases)} answers)"
    )


if __name__ == "__main__":
    main()
