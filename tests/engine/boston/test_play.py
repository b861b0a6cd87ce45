"""Boston play: the discard before a little misère, the four-aces renounce allowance."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.boston.auction import Contract, Level
from engine.boston.cards import legal_cards, trick_winner
from engine.boston.payments import hand_result
from engine.boston.play import discard, holds_four_aces, replay_hand
from engine.boston.variants import SPANISH
from engine.cards import Card, Seat, Suit, parse_cards
from engine.deal import deal_from_seed
from engine.errors import BostonError

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# N holds the four aces and long hearts; the others hold the rest.
ACES = {
    N: parse_cards("AS AH AD AC KH QH TH 9H 8H 7H 6H 5H 4H"),
    E: parse_cards("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 3H"),
    S: parse_cards("KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D 2H"),
    W: parse_cards("KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C JH"),
}
FOUR_ACES = Contract(N, Level.MISERIA_CUATRO_ASES)
NO_CARD = SPANISH.override(boston_card="none")


def _record(dealer, tricks):
    """Cards per trick, each trick written from its leader."""
    return [card for trick in tricks for card in parse_cards(trick)]


def test_four_aces_declarer_may_renounce_in_the_first_ten_tricks():
    # W (dealer's left of S) leads clubs; N throws aces and hearts instead of following.
    tricks = ["KC AS 3H 2H"]  # W leads KC, N discards AS holding AC: a renounce
    play = replay_hand(ACES, S, Suit.HEARTS, NO_CARD,
                       _record(S, tricks), FOUR_ACES)  # fmt: skip
    assert [(r.seat, r.trick) for r in play.renounces] == [(N, 1)]
    assert play.revokes == ()


def _play_with_renounces(seed, renounce_in):
    """Random legal play from ACES, except that N renounces when able in ``renounce_in``."""
    rng = random.Random(seed)
    rest = [Card.parse(f"{r}{s}") for s in "SHDC" for r in "KQJT98765432"]
    rng.shuffle(rest)
    hands = {N: parse_cards("AS AH AD AC") + rest[:9], E: rest[9:22], S: rest[22:35]}
    hands[W] = rest[35:]
    held = {seat: list(cards) for seat, cards in hands.items()}
    record, leader, forced = [], W, []
    for number in range(1, 14):
        trick = []
        for offset in range(4):
            seat = Seat((leader + offset) % 4)
            options = legal_cards(held[seat], trick[0] if trick else None, NO_CARD, Suit.HEARTS)
            off = [c for c in held[seat] if trick and c.suit != trick[0].suit]
            if seat == N and number in renounce_in and off and len(options) < len(held[N]):
                options = off
                forced.append(number)
            card = rng.choice(options)
            held[seat].remove(card)
            trick.append(card)
        record += trick
        leader = Seat((leader + trick_winner(trick, NO_CARD, Suit.HEARTS)) % 4)
    return hands, record, forced


def test_four_aces_renounce_after_the_tenth_trick_is_a_revoke():
    for seed in range(500):
        hands, record, forced = _play_with_renounces(seed, {10, 11})
        if forced == [10, 11]:
            break
    else:
        pytest.fail("no seed made N renounce in tricks 10 and 11")
    play = replay_hand(hands, S, Suit.HEARTS, NO_CARD, record, FOUR_ACES)
    assert [(r.seat, r.trick) for r in play.renounces] == [(N, 10)]
    assert [(r.seat, r.trick) for r in play.revokes] == [(N, 11)]
    # the same play under gran miseria: both are revokes
    plain = replay_hand(hands, S, Suit.HEARTS, NO_CARD, record, Contract(N, Level.GRAN_MISERIA))
    assert [r.trick for r in plain.revokes] == [10, 11] and plain.renounces == ()


def test_four_aces_without_the_aces_is_refused():
    with pytest.raises(BostonError, match="E bid miseria de cuatro ases without the four aces"):
        replay_hand(ACES, S, Suit.HEARTS, SPANISH, [], Contract(E, Level.MISERIA_CUATRO_ASES))
    assert holds_four_aces(ACES[N]) and not holds_four_aces(ACES[E])


def test_other_contracts_have_no_renounce_allowance():
    play = replay_hand(ACES, S, Suit.HEARTS, NO_CARD,
                       parse_cards("KC AS 3H 2H"), Contract(N, Level.GRAN_MISERIA))  # fmt: skip
    assert [(r.seat, r.trick, str(r.card)) for r in play.revokes] == [(N, 1, "AS")]
    assert play.renounces == ()


def test_discard_leaves_twelve_and_the_hand_is_twelve_tricks():
    deal = deal_from_seed(7)
    hands = deal.as_mapping()
    chosen = {seat: hands[seat][0] for seat in Seat}
    after = discard(hands, chosen)
    assert all(len(after[s]) == 12 and chosen[s] not in after[s] for s in Seat)
    little = Contract(N, Level.PEQUENA_MISERIA)
    with pytest.raises(BostonError, match="holds 13 cards, but this hand needs 12 after the"):
        replay_hand(hands, W, Suit.SPADES, SPANISH, [], little)
    play = replay_hand(after, W, Suit.SPADES, SPANISH, [], little)
    assert play.tricks_in_hand == 12


def test_discard_must_be_one_held_card_from_everyone():
    hands = deal_from_seed(7).as_mapping()
    with pytest.raises(BostonError, match="W did not"):
        discard(hands, {s: hands[s][0] for s in (N, E, S)})
    with pytest.raises(BostonError, match="N cannot discard"):
        discard(hands, {N: hands[E][0], E: hands[E][0], S: hands[S][0], W: hands[W][0]})


@pytest.mark.parametrize("level", [Level.PEQUENA_MISERIA, Level.LITTLE_MISERE, Level.LITTLE_SPREAD])
def test_little_misere_result_counts_twelve_tricks(level):
    c = Contract(N, level)
    assert hand_result(c, 0).made and not hand_result(c, 12).made
    with pytest.raises(BostonError, match="13 tricks of the 12 played after the discard"):
        hand_result(c, 13)


def test_replay_refuses_impossible_records():
    hands = deal_from_seed(11).as_mapping()
    first = hands[E][0]  # dealer N: E leads
    with pytest.raises(BostonError, match="stops inside trick 1"):
        replay_hand(hands, N, Suit.CLUBS, SPANISH, [first])
    wrong = [hands[S][0], hands[W][0], hands[N][0], hands[E][0]]
    with pytest.raises(BostonError, match="it was E's turn"):
        replay_hand(hands, N, Suit.CLUBS, SPANISH, wrong)
    twice = {**hands, W: (hands[N][0],) + tuple(hands[W][1:])}
    with pytest.raises(BostonError, match="dealt twice"):
        replay_hand(twice, N, Suit.CLUBS, SPANISH, [])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), dealer=st.sampled_from(list(Seat)))
def test_random_legal_play_has_no_revokes_and_thirteen_winners(seed, dealer):
    rng = random.Random(seed)
    hands = deal_from_seed(seed).as_mapping()
    trump = rng.choice(list(Suit))
    held = {s: list(c) for s, c in hands.items()}
    leader, record, winners = dealer.left, [], []
    for _ in range(13):
        trick = []
        for offset in range(4):
            seat = Seat((leader + offset) % 4)
            card = rng.choice(legal_cards(held[seat], trick[0] if trick else None, SPANISH, trump))
            held[seat].remove(card)
            trick.append(card)
        record += trick
        leader = Seat((leader + trick_winner(trick, SPANISH, trump)) % 4)
        winners.append(leader)
    play = replay_hand(hands, dealer, trump, SPANISH, record)
    assert play.trick_winners == tuple(winners)
    assert play.complete and play.revokes == () and sum(play.tricks.values()) == 13
    assert play.trick_winners[-1] == leader
    assert isinstance(record[0], Card)
