"""rules.md §9 (fixed trump rotation, a per-event setting) and the turned-card method (§1)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.boards import TrumpScheme, board_dealer, board_set, board_trump, make_board
from engine.cards import Seat, Suit
from engine.deal import deal_from_seed
from engine.profiles import AMERICAN, DUMMY, DUPLICATE, LONG, SHORT

LETTER = {"H": Suit.HEARTS, "D": Suit.DIAMONDS, "S": Suit.SPADES, "C": Suit.CLUBS, "NT": None}


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10_000))
def test_s9_seed_rotation_board_n_is_hdsc_of_n_minus_one_mod_four(n):
    # Seed / Decision 7: board n -> "HDSC"[(n-1) mod 4]
    assert board_trump(n, TrumpScheme.HDSC) is LETTER["HDSC"[(n - 1) % 4]]


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10_000))
def test_s9_alternative_no_trump_then_spades_hearts_diamonds_clubs_every_five(n):
    # paloaltobridge: deal 1 no-trumps, then spades, hearts, diamonds, clubs; cycles every 5.
    assert board_trump(n, TrumpScheme.NT_SHDC) is LETTER[("NT", "S", "H", "D", "C")[(n - 1) % 5]]


def test_s9_first_boards_of_each_scheme():
    assert [board_trump(n, "hdsc") for n in range(1, 6)] == [
        Suit.HEARTS,
        Suit.DIAMONDS,
        Suit.SPADES,
        Suit.CLUBS,
        Suit.HEARTS,
    ]
    assert [board_trump(n, "nt_shdc") for n in range(1, 7)] == [
        None,
        Suit.SPADES,
        Suit.HEARTS,
        Suit.DIAMONDS,
        Suit.CLUBS,
        None,
    ]


@pytest.mark.parametrize("n", range(1, 9))
def test_s9_turned_card_method_stays_available(n):
    # §1: the last card dealt, the dealer's, is turned for trumps.
    deal = deal_from_seed(f"s9/{n}", board_dealer(n))
    board = make_board(n, deal, TrumpScheme.TURNED)
    assert board.trump is deal.turned.suit
    assert deal.turned in deal.hand(board.dealer)


def test_s9_the_scheme_is_a_setting_rubbers_turn_duplicate_rotates():
    for profile in (SHORT, AMERICAN, LONG, DUMMY):
        assert profile.trump_scheme is TrumpScheme.TURNED
    assert DUPLICATE.trump_scheme is TrumpScheme.HDSC
    event = DUPLICATE.override(trump_scheme="nt_shdc")
    assert event.trump_scheme is TrumpScheme.NT_SHDC
    boards = board_set(5, "event", scheme=event.trump_scheme)
    assert [b.trump for b in boards] == [None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]


def test_s9_boards_rotate_the_dealer_and_the_dealers_left_leads():
    boards = board_set(8, "lead")
    assert [b.dealer for b in boards] == [Seat.N, Seat.E, Seat.S, Seat.W] * 2
    assert all(b.leader is b.dealer.left for b in boards)
