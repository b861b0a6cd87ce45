"""rules.md §7 (duplicate whist, one table's board: AWL 1894 Law A).

Comparing tables (two teams, the average of all teams, the odd pair, Foster's compass
example, pair matches) is the tournament scoring's job and is tested against the same rule
texts in ``tests/scoring/calc/test_tricks.py`` and ``tests/scoring/calc/test_matchpoints.py``.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.boards import TrumpScheme, board_set
from engine.cards import Seat, Side
from engine.duplicate import score_board
from engine.errors import ProfileError, ScoringError
from engine.play import legal_cards, replay, trick_winner
from engine.profiles import DUPLICATE
from engine.rubber import start_rubber
from engine.scoring import Revoke, RevokePenalty, score_hand

NS, EW = Side.NS, Side.EW


def test_s7_duplicate_profile_no_honours_every_trick_counts_fixed_trumps():
    assert not DUPLICATE.honours
    assert DUPLICATE.every_trick_counts
    assert not DUPLICATE.rubber_points
    assert DUPLICATE.trump_scheme is TrumpScheme.HDSC


@pytest.mark.parametrize("ns_tricks", range(14))
def test_s7_every_trick_counts_not_only_the_odd_tricks(ns_tricks):
    board = score_board(ns_tricks)
    assert board.tricks == (ns_tricks, 13 - ns_tricks)
    assert board.tricks_played == board.tricks


def test_s7_duplicate_has_no_games_or_rubbers():
    with pytest.raises(ProfileError):
        score_hand(DUPLICATE, (0, 0), 7)
    with pytest.raises(ProfileError):
        start_rubber(DUPLICATE)


def test_s7_a_revoke_in_duplicate_is_paid_in_tricks_our_reading():
    # The AWL revoke law was not found (rules.md §12): tricks move, points cannot.
    assert score_board(8, revokes=[Revoke(NS, RevokePenalty.TAKE_TRICKS)]).tricks == (5, 8)
    with pytest.raises(ScoringError, match="paid in tricks"):
        score_board(8, revokes=[Revoke(NS, RevokePenalty.ADD)])


def _random_play(board, rng):
    hands = {seat: set(board.deal.hand(seat)) for seat in Seat}
    record, leader = [], board.leader
    for _ in range(13):
        trick = []
        for position in range(4):
            seat = Seat((leader + position) % 4)
            led = trick[0].suit if trick else None
            card = rng.choice(sorted(legal_cards(sorted(hands[seat]), led)))
            hands[seat].discard(card)
            trick.append(card)
        record += trick
        leader = trick_winner(trick, leader, board.trump)
    return record


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.integers(0, 2**32))
def test_s7_property_a_board_played_anywhere_scores_its_tricks_summing_to_13(number, seed):
    # "A deal is played once by each player": the same board, replayed at any table with any
    # legal play, gives each side its tricks, and the two add up to thirteen.
    (board,) = board_set(1, "s7", first=number)
    outcome = replay(
        board.deal, board.dealer, board.trump, _random_play(board, random.Random(seed))
    )
    score = score_board(outcome.tricks[NS])
    assert score.tricks == outcome.tricks
    assert sum(score.tricks) == 13
