"""Tests for engine.pbn: reading and writing board sets."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.boards import DDTable, TrumpScheme, board_set, make_board
from engine.cards import Card, Seat, Suit
from engine.deal import deal_from_seed
from engine.errors import PBNError
from engine.pbn import format_dd_tricks, parse_dd_tricks, read_pbn, write_pbn

DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def test_pbn_reads_board_dealer_deal_and_trump():
    text = f'[Board "2"]\n[Dealer "S"]\n[Deal "{DEAL}"]\n[Trump "H"]\n'
    (board,) = read_pbn(text)
    assert (board.number, board.dealer, board.trump) == (2, Seat.S, Suit.HEARTS)
    assert board.deal.holder(Card.parse("AS")) is Seat.N
    assert board.dd_tricks is None and board.deal.turned is None


def test_pbn_no_trump_is_written_nt_and_read_from_nt_or_dash():
    for value in ("NT", "-", "nt"):
        (board,) = read_pbn(f'[Board "1"]\n[Deal "{DEAL}"]\n[Trump "{value}"]\n')
        assert board.trump is None
    board = make_board(6, deal_from_seed(6, Seat.E), TrumpScheme.NT_SHDC)
    assert '[Trump "NT"]' in write_pbn([board])


def test_pbn_missing_dealer_and_trump_come_from_the_number_and_scheme():
    (board,) = read_pbn(f'[Board "3"]\n[Deal "{DEAL}"]\n')
    assert board.dealer is Seat.S and board.trump is Suit.SPADES
    (board,) = read_pbn(f'[Board "1"]\n[Deal "{DEAL}"]\n', scheme=TrumpScheme.NT_SHDC)
    assert board.trump is None


def test_pbn_tolerates_comments_directives_crlf_sections_and_unknown_tags():
    text = (
        "% PBN 2.1\r\n% EXPORT\r\n"
        '[Event "Club night"]\r\n[Site "Hall"]\r\n\r\n'
        '[Board "1"] ; the first board\r\n'
        '{ a commentary\r\n that spans [Deal "nonsense"] lines }\r\n'
        '[Dealer "N"]\r\n[Vulnerable "None"]\r\n'
        f'[Deal "{DEAL}"]\r\n'
        '[Auction "N"]\r\nPass Pass Pass Pass\r\n'
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\r\nN NT  7\r\n\r\n'
        '\r\n[Board "2"]\r[Deal "' + DEAL + '"]\r'
    )
    boards = read_pbn(text)
    assert [b.number for b in boards] == [1, 2]
    assert boards[0].dealer is Seat.N and boards[1].dealer is Seat.E


def test_pbn_dd_tricks_layout_is_declarers_n_s_e_w_then_strains_nt_s_h_d_c():
    # Rows by seat N E S W in DDTable; the tag orders declarers N S E W.
    table = DDTable(((7, 1, 2, 3, 4), (5, 6, 7, 8, 9), (10, 11, 12, 13, 0), (3, 3, 3, 3, 3)))
    assert format_dd_tricks(table) == "71234" + "abcd0" + "56789" + "33333"
    assert parse_dd_tricks("71234ABCD05678933333") == table


def test_pbn_dd_tricks_with_unknown_entries_read_as_no_table():
    assert parse_dd_tricks("7123*abcd05678933333") is None


def test_pbn_dd_tricks_malformed_value_is_an_error():
    for value in ("123", "7123eabcd05678933333", "71234abcd05678933333x"):
        with pytest.raises(PBNError, match="DoubleDummyTricks"):
            parse_dd_tricks(value)


def test_pbn_errors_name_the_board_and_line():
    twice = DEAL.replace("AKQJT98765432...", "AKQJT9876543H...", 1)  # no 2S, not a rank
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Board "7"]\n[Dealer "E"]\n[Deal "{twice}"]\n'
    with pytest.raises(PBNError, match="^board 7, line 6: 'H' in N's hand is not a rank"):
        read_pbn(text)


def test_pbn_error_for_a_card_twice_and_a_short_hand():
    twice = DEAL.replace(".AKQJT98765432..", ".AKQJT9876543A..", 1)
    with pytest.raises(PBNError, match="^board 4, line 2: AH appears twice$"):
        read_pbn(f'[Board "4"]\n[Deal "{twice}"]\n')
    short = DEAL.replace("..AKQJT98765432.", "..AKQJT9876543.", 1)
    with pytest.raises(PBNError, match="^board 5, line 3: S holds 12 cards; 2D is missing$"):
        read_pbn(f'\n[Board "5"]\n[Deal "{short}"]\n')


def test_pbn_error_for_malformed_tags_and_values():
    cases = [
        ('[Board "1"]\n[Deal "' + DEAL + '"\n', "line 2: malformed tag"),
        ('[Board "x"]\n', "line 1: board number 'x'"),
        (
            '[Board "1"]\n[Dealer "Q"]\n[Deal "' + DEAL + '"]\n',
            "board 1, line 2: 'Q' is not a seat",
        ),
        ('[Board "1"]\n[Deal "' + DEAL + '"]\n[Trump "Z"]\n', "board 1, line 3: trump 'Z'"),
        ('[Board "1"]\n[Dealer "N"]\n', "board 1, line 1: the board has no \\[Deal\\] tag"),
        ('[Board "1"]\n[Deal "' + DEAL + '"]\n[Deal "' + DEAL + '"]\n', "a second \\[Deal\\]"),
        ('[Board "1"]\n{ never closed\n', "line 2: a comment opened"),
    ]
    for text, message in cases:
        with pytest.raises(PBNError, match=message):
            read_pbn(text)


def test_pbn_turned_card_is_kept_and_checked_against_the_dealer():
    board = make_board(1, deal_from_seed("t", Seat.N), TrumpScheme.TURNED)
    (back,) = read_pbn(write_pbn([board]))
    assert back.deal.turned == board.deal.turned and back.trump is board.trump
    text = write_pbn([board]).replace('[Dealer "N"]', '[Dealer "E"]')
    with pytest.raises(PBNError, match="turned card .* is not the dealer's"):
        read_pbn(text)


def test_pbn_writes_the_deal_from_the_dealer():
    board = make_board(3, deal_from_seed("w", Seat.S))
    assert f'[Deal "{board.deal.to_pbn(Seat.S)}"]' in write_pbn([board])


tables = st.lists(st.integers(0, 13), min_size=20, max_size=20).map(
    lambda v: DDTable(tuple(tuple(v[5 * k : 5 * k + 5]) for k in range(4)))
)


@given(
    st.integers(1, 40),
    st.text(max_size=8),
    st.sampled_from(TrumpScheme),
    st.lists(st.one_of(st.none(), tables), min_size=1, max_size=6),
)
@settings(max_examples=60, deadline=None)
def test_pbn_write_then_read_gives_the_same_boards(first, seed, scheme, dd):
    boards = [
        make_board(b.number, b.deal, scheme, dd_tricks=table)
        for b, table in zip(board_set(len(dd), seed, first=first), dd, strict=True)
    ]
    assert read_pbn(write_pbn(boards)) == boards
    assert read_pbn(write_pbn(boards).replace("\n", "\r\n")) == boards
