"""Tests for PBN files as clubs have them: games, repeated boards, dealer rule, tables."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.boards import TrumpScheme
from engine.cards import Seat, Suit
from engine.errors import PBNError
from engine.pbn import DealerNote, DealerRule, read_pbn, read_pbn_file
from engine.pbn_games import read_games
from engine.pbn_tables import Column, format_table, parse_columns, parse_rows

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "pbn"
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
OTHER = "N:.AKQJT98765432.. AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432"


def game(board: str | None, deal: str | None = DEAL, **tags: str) -> str:
    lines = [f'[Board "{board}"]'] if board is not None else []
    lines += [f'[Deal "{deal}"]'] if deal is not None else []
    lines += [f'[{name} "{value}"]' for name, value in tags.items()]
    return "\n".join(lines) + "\n\n"


def test_identical_repeats_of_a_board_are_one_board_with_every_game_kept():
    text = game("1", Result="9") + game("1", Result="7") + game("2", OTHER, Result="6")
    read = read_pbn_file(text)
    assert [b.number for b in read.boards] == [1, 2]
    assert [(g.number, g.value("Result")) for g in read.games] == [(1, "9"), (1, "7"), (2, "6")]


def test_a_board_repeated_with_another_deal_is_refused_naming_both_lines():
    text = game("1") + game("2", OTHER) + game("1", OTHER)
    with pytest.raises(PBNError, match=r"board 1 appears twice .* \(lines 2 and 8\)") as error:
        read_pbn(text)
    assert error.value.code == "pbn_board_twice"
    assert error.value.params == {"board": 1, "first": 2, "second": 8}


def test_a_board_repeated_with_another_dealer_is_refused():
    text = game("1", Dealer="N") + game("1", Dealer="E")
    with pytest.raises(PBNError, match="board 1 appears twice"):
        read_pbn(text)


def test_games_without_board_are_named_by_their_position():
    text = game(None) + game(None, OTHER) + game("7") + game(None, OTHER)
    assert [b.number for b in read_pbn(text)] == [1, 2, 7, 8]


def test_a_game_without_board_and_deal_is_another_table_of_the_board_before():
    text = game("3", Result="9") + game(None, None, Result="8", North="Ann")
    read = read_pbn_file(text)
    assert [b.number for b in read.boards] == [3]
    assert [(g.number, g.value("North")) for g in read.games] == [(3, ""), (3, "Ann")]
    assert read.games[1].deal_line == read.games[0].deal_line == 2


def test_a_game_with_the_same_deal_and_no_board_is_another_table():
    read = read_pbn_file(game("4") + game(None) + game(None, OTHER))
    assert [g.number for g in read.games] == [4, 4, 5]


def test_hash_copies_the_value_of_the_game_before():
    text = game("1", Table="7", Round="1") + game("1", Table="#", Round="#", Event="#")
    first, second = read_games(text)
    assert (second.value("Table"), second.value("Round"), second.value("Event")) == ("7", "1", "")


def test_header_tags_before_the_first_game_are_left_out():
    text = '[Event "Club"]\n[Site "Hall"]\n\n' + game("1")
    (only,) = read_games(text)
    assert only.number == 1 and "Event" not in only.tags


def test_repeatable_tags_and_quoted_strings_in_section_data():
    text = (
        '[Board "1"]\n[Deal "' + DEAL + '"]\n[Note "1: x"]\n[Note "2: y"]\n'
        '[ScoreTable "PairId_NS\\2R;Names\\20L"]\n 1 "a ; b [c {d"\n 2 "e"\n'
        '[Result "9"]\n'
    )
    (only,) = read_games(text)
    assert only.value("Note") == "1: x" and only.value("Result") == "9"
    assert only.tables["ScoreTable"] == [' 1 "a ; b [c {d"', ' 2 "e"']


def test_a_tag_tenace_reads_repeated_in_one_game_is_an_error():
    with pytest.raises(
        PBNError, match=r"line 3: a second \[Result\] tag \(the first is on line 2\)"
    ):
        read_pbn('[Board "1"]\n[Result "9"]\n[Result "8"]\n[Deal "' + DEAL + '"]\n')


def test_dealer_rule_file_takes_the_file_and_notes_boards_off_the_convention():
    text = (
        game("1", Dealer="E") + game("2", OTHER, Dealer="E") + game("3", OTHER.replace("N:", "E:"))
    )
    read = read_pbn_file(text, dealer_rule=DealerRule.FILE)
    assert [b.dealer for b in read.boards] == [Seat.E, Seat.E, Seat.S]
    assert read.dealer_notes == (DealerNote(1, Seat.E, Seat.N),)


def test_dealer_rule_number_takes_the_number_whatever_the_file_says():
    text = game("1", Dealer="E") + game("2", OTHER, Dealer="E")
    read = read_pbn_file(text, dealer_rule=DealerRule.NUMBER)
    assert [b.dealer for b in read.boards] == [Seat.N, Seat.E]
    assert read.dealer_notes == (DealerNote(1, Seat.E, Seat.N),)


def test_a_file_without_turned_cards_for_a_turned_card_scheme_says_which_board():
    with pytest.raises(PBNError, match="board 1, line 2: the trump is the turned card") as error:
        read_pbn(game("1"), TrumpScheme.TURNED)
    assert error.value.code == "turned_card_unknown"


@pytest.mark.parametrize(
    ("name", "boards", "games", "first_dealer"),
    [
        ("bigdeal.pbn", [1, 2, 3, 4], 4, Seat.N),
        ("dealer_output.pbn", [1, 2], 2, Seat.N),
        ("bridgecomposer_results.pbn", [1, 2], 2, Seat.N),
        ("bbo_results.pbn", [1, 2], 4, Seat.N),
        ("realbridge_2021_excerpt.pbn", [11], 3, Seat.S),
        ("eyc_1998_excerpt.pbn", [1, 2], 4, Seat.N),
        ("rpbridge_2012_excerpt.pbn", [1, 2], 4, Seat.N),
    ],
)
def test_files_from_several_producers_read_as_boards_and_games(name, boards, games, first_dealer):
    read = read_pbn_file((FIXTURES / name).read_text(encoding="utf-8"))
    assert [b.number for b in read.boards] == boards
    assert len(read.games) == games
    assert read.boards[0].dealer is first_dealer
    assert read.boards[0].trump is Suit.HEARTS if boards[0] % 4 == 1 else True
    assert all(len(b.deal.hand(seat)) == 13 for b in read.boards for seat in Seat)


def test_bridge_composer_double_dummy_and_tables_are_read():
    read = read_pbn_file((FIXTURES / "bridgecomposer_results.pbn").read_text())
    assert read.boards[0].dd_tricks is not None
    first = read.games[0]
    columns = parse_columns(first.value("ScoreTable"))
    rows = parse_rows(columns, first.tables["ScoreTable"])
    assert [c.name for c in columns][:2] == ["PairId_NS", "PairId_EW"]
    assert rows[0][:5] == ["1", "4", "2S", "N", "8"]
    totals = parse_rows(
        parse_columns(first.value("TotalScoreTable")), first.tables["TotalScoreTable"]
    )
    assert totals[0][5] == "Ann Abel - Bob Baker"


def test_table_columns_read_their_order_width_and_alignment():
    assert parse_columns("+Rank\\2R;Names\\40;Pair") == [
        Column("Rank", 2, "R", "+"),
        Column("Names", 40, "L", ""),
        Column("Pair", 0, "L", ""),
    ]
    with pytest.raises(PBNError, match="is not a table column"):
        parse_columns("Rank\\2X")


def test_a_table_row_with_the_wrong_number_of_values_is_an_error():
    columns = parse_columns("A;B")
    with pytest.raises(PBNError, match="2 columns"):
        parse_rows(columns, ["1 2 3"])
    with pytest.raises(PBNError, match="2 columns"):
        format_table("ScoreTable", columns, [[1]])


cells = st.one_of(
    st.none(),
    st.integers(-500, 500),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")), max_size=12),
)


@given(
    st.lists(st.tuples(st.integers(1, 12), st.sampled_from("LR")), min_size=1, max_size=5),
    st.data(),
)
@settings(max_examples=80, deadline=None)
def test_tables_written_read_back_to_the_same_values(spec, data):
    columns = [Column(f"C{k}", width, align) for k, (width, align) in enumerate(spec)]
    rows = data.draw(st.lists(st.lists(cells, min_size=len(columns), max_size=len(columns))))
    lines = format_table("ScoreTable", columns, rows)
    assert parse_columns(lines[0].split('"')[1]) == columns

    def expected(value):
        text = " ".join(str(value).split()) if value is not None else ""
        return text or "-"

    assert parse_rows(columns, lines[1:]) == [[expected(v) for v in row] for row in rows]
