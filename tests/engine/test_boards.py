"""Tests for engine.boards: dealer rotation, trump schemes (rules.md §9) and board values."""

import pytest

from engine.boards import (
    STRAINS,
    Board,
    DDTable,
    TrumpScheme,
    board_dealer,
    board_set,
    board_trump,
    make_board,
)
from engine.cards import Card, Seat, Suit
from engine.deal import deal_from_seed
from engine.errors import DealError

H, D, S, C = Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS


def test_board_dealer_rotates_n_e_s_w():
    assert [board_dealer(n) for n in range(1, 10)] == [
        Seat.N,
        Seat.E,
        Seat.S,
        Seat.W,
        Seat.N,
        Seat.E,
        Seat.S,
        Seat.W,
        Seat.N,
    ]


def test_board_numbers_start_at_one():
    for number in (0, -3):
        with pytest.raises(DealError, match="board numbers start at 1"):
            board_dealer(number)


def test_board_trump_hdsc_is_hearts_diamonds_spades_clubs():
    # rules.md §9 / Decision 7: board n has trump HDSC[(n-1) mod 4].
    trumps = [board_trump(n, TrumpScheme.HDSC) for n in range(1, 10)]
    assert trumps == [H, D, S, C, H, D, S, C, H]


def test_board_trump_nt_shdc_cycles_every_five():
    trumps = [board_trump(n, TrumpScheme.NT_SHDC) for n in range(1, 12)]
    assert trumps == [None, S, H, D, C, None, S, H, D, C, None]


def test_board_trump_turned_is_the_suit_of_the_turned_card():
    deal = deal_from_seed("turned", Seat.E)
    assert board_trump(2, TrumpScheme.TURNED, deal) is deal.turned.suit
    assert board_trump(2, "turned", deal) is deal.turned.suit


def test_board_trump_turned_needs_the_turned_card():
    with pytest.raises(DealError, match="turned card"):
        board_trump(1, TrumpScheme.TURNED)


def test_trump_scheme_values_are_stable_strings():
    assert [scheme.value for scheme in TrumpScheme] == ["hdsc", "nt_shdc", "turned"]


def test_make_board_takes_dealer_and_trump_from_the_number():
    deal = deal_from_seed("b7", Seat.S)
    board = make_board(7, deal, TrumpScheme.HDSC)
    assert (board.dealer, board.trump, board.leader) == (Seat.S, S, Seat.W)


def test_board_refuses_a_turned_card_that_is_not_the_dealers():
    deal = deal_from_seed("b1", Seat.N)
    with pytest.raises(DealError, match="turned card .* is not the dealer's"):
        Board(2, Seat.E, None, deal)


def test_board_set_is_reproducible_and_numbered():
    first = board_set(6, seed="night", scheme=TrumpScheme.NT_SHDC, first=3)
    assert first == board_set(6, seed="night", scheme=TrumpScheme.NT_SHDC, first=3)
    assert [board.number for board in first] == [3, 4, 5, 6, 7, 8]
    assert all(board.deal.holder(board.deal.turned) is board.dealer for board in first)
    assert first[3].trump is None  # board 6 of NT_SHDC


def _table() -> DDTable:
    # N/S as declarer: 9, 8, 7, 6, 5 in NT S H D C; E/W: 4, 5, 6, 7, 8.
    return DDTable(((9, 8, 7, 6, 5), (4, 5, 6, 7, 8), (9, 8, 7, 6, 5), (4, 5, 6, 7, 8)))


def test_dd_table_reads_by_declarer_and_strain():
    table = _table()
    assert STRAINS == (None, S, H, D, C)
    assert table.declarer_tricks(Seat.N, None) == 9
    assert table.declarer_tricks(Seat.W, C) == 8


def test_dd_table_whist_tricks_treats_the_dealer_as_declarer():
    table = _table()
    assert table.whist_tricks(Seat.N, H) == (7, 6)
    assert table.whist_tricks(Seat.E, H) == (7, 6)  # E's side takes 6 in hearts
    assert table.whist_tricks(Seat.W, D) == (6, 7)


def test_board_dd_result_uses_its_own_dealer_and_trump():
    board = make_board(2, deal_from_seed("dd", Seat.E), dd_tricks=_table())
    assert board.dd_result == (6, 7)  # dealer E, trump diamonds
    assert make_board(2, deal_from_seed("dd", Seat.E)).dd_result is None


def test_dd_table_refuses_impossible_tables():
    with pytest.raises(DealError):
        DDTable(((14, 0, 0, 0, 0),) * 4)
    with pytest.raises(DealError):
        DDTable(((1, 2, 3, 4),) * 4)


def test_board_turned_card_check_uses_the_dealt_cards():
    deal = deal_from_seed("x", Seat.W)
    assert deal.turned in deal.hand(Seat.W)
    assert isinstance(deal.turned, Card)
