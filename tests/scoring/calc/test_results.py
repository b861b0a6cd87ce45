"""The input values: a result is checked when it is made."""

import pytest

from engine.errors import EngineError
from scoring.calc import Adjusted, BoardResult, CalcError, individual_result, results_by_board


def test_board_result_impossible_tricks_rejected():
    with pytest.raises(CalcError, match="board 2: NS cannot take 14 tricks"):
        BoardResult(2, 1, 5, ns_tricks=14)


def test_board_result_tricks_and_adjustment_rejected():
    with pytest.raises(CalcError, match="both tricks and an adjustment"):
        BoardResult(1, 1, 5, ns_tricks=7, adjusted=Adjusted.AVERAGE)


def test_board_result_entry_on_both_sides_rejected():
    with pytest.raises(CalcError):
        BoardResult(1, 3, 3, ns_tricks=7)


def test_calc_error_is_an_engine_error():
    assert issubclass(CalcError, EngineError)


def test_board_result_ew_take_the_rest_of_thirteen():
    assert BoardResult(1, 1, 2, ns_tricks=8).ew_tricks == 5


def test_board_result_single_adjustment_applies_to_both_sides():
    result = BoardResult(1, 1, 2, adjusted=Adjusted.AVERAGE)
    assert (result.ns_adjusted, result.ew_adjusted) == (Adjusted.AVERAGE, Adjusted.AVERAGE)


def test_board_result_split_adjustment_keeps_each_side():
    result = BoardResult(1, 1, 2, adjusted=(Adjusted.AVERAGE_PLUS, Adjusted.AVERAGE_MINUS))
    assert result.ns_adjusted is Adjusted.AVERAGE_PLUS
    assert result.ew_adjusted is Adjusted.AVERAGE_MINUS


def test_board_result_arrow_switch_gives_listed_ns_pair_the_ew_cards():
    result = BoardResult(1, 1, 2, ns_tricks=8, arrow_switched=True)
    assert result.ns_members == (2,)
    assert result.ew_members == (1,)
    assert result.ns_home == (1,)


def test_adjusted_parse_accepts_secretary_spellings():
    assert Adjusted.parse("a+") is Adjusted.AVERAGE_PLUS
    assert Adjusted.parse("40") is Adjusted.AVERAGE_MINUS
    assert Adjusted.parse("Avg") is Adjusted.AVERAGE


def test_adjusted_parse_unknown_rejected():
    with pytest.raises(CalcError, match="not an adjusted score"):
        Adjusted.parse("B")


def test_individual_result_four_players_two_per_side():
    result = individual_result(3, "ann", "bob", "cat", "dan", ns_tricks=6)
    assert result.ns_members == ("ann", "bob")
    assert result.ew_members == ("cat", "dan")


def test_results_by_board_same_entry_twice_on_a_board_rejected():
    results = [BoardResult(5, 3, 4, ns_tricks=7), BoardResult(5, 6, 3, ns_tricks=6)]
    with pytest.raises(CalcError, match="board 5: 3 has two results"):
        results_by_board(results)


def test_board_result_malformed_adjustment_rejected():
    with pytest.raises(CalcError, match="A\\+, A or A- for NS and EW"):
        BoardResult(1, 1, 2, adjusted=(Adjusted.AVERAGE,))
