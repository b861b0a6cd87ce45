"""Matchpoints on hand-checked travellers, Neuberg's formula and adjusted scores."""

import pytest

from scoring.calc import (
    Adjusted,
    BoardResult,
    MatchpointSettings,
    board_matchpoints,
    individual_result,
    neuberg,
    score_matchpoints,
)

NO_NEUBERG = MatchpointSettings(neuberg=False)


def _traveller(board, tricks, first_ns=1, first_ew=101):
    return [
        BoardResult(board, first_ns + i, first_ew + i, ns_tricks=t) for i, t in enumerate(tricks)
    ]


def test_board_matchpoints_two_per_result_beaten_one_per_tie():
    # 9 beats three results: 6. Each 7 beats the 4 (2) and ties the other 7 (1): 3. 4: 0.
    assert board_matchpoints([7, 9, 7, 4]) == [3.0, 6.0, 3.0, 0.0]


def test_score_matchpoints_ew_receive_top_minus_ns():
    session = score_matchpoints(_traveller(1, [7, 9, 7, 4]))
    rows = session.travellers[1]
    assert [r.ns_points for r in rows] == [3.0, 6.0, 3.0, 0.0]
    assert [r.ew_points for r in rows] == [3.0, 0.0, 3.0, 6.0]
    assert all(r.top == 6.0 for r in rows)
    assert rows[1].ns_percentage == 100.0 and rows[3].ns_percentage == 0.0


def test_score_matchpoints_entry_totals_over_two_boards():
    # Pair 1 NS: board 1 top (6 of 6), board 2 tied middle: 9,7,7,4 -> the 7s get 3.
    results = _traveller(1, [9, 7, 7, 4]) + _traveller(2, [7, 9, 7, 4])
    entry = score_matchpoints(results).entries[1]
    assert (entry.total, entry.top, entry.boards) == (9.0, 12.0, 2)
    assert entry.percentage == pytest.approx(75.0)


def test_neuberg_ebu_worked_example_ten_of_eleven_scores():
    # EBU: 10 results where 11 were expected, top 20: sole top 19.9, next 17.7, bottom 0.1.
    assert neuberg(18, 10, 11) == pytest.approx(19.9)
    assert neuberg(16, 10, 11) == pytest.approx(17.7)
    assert neuberg(0, 10, 11) == pytest.approx(0.1)


def test_score_matchpoints_neuberg_on_board_with_expected_results_missing():
    results = _traveller(1, [13, 12, 11, 10, 9, 8, 7, 6, 5, 0])
    session = score_matchpoints(results, MatchpointSettings(expected=11))
    rows = session.travellers[1]
    assert rows[0].top == 20.0
    assert rows[0].ns_points == pytest.approx(19.9)
    assert rows[1].ns_points == pytest.approx(17.7)
    assert rows[-1].ns_points == pytest.approx(0.1)
    assert rows[-1].ew_points == pytest.approx(19.9)


def test_score_matchpoints_neuberg_scales_to_the_most_played_board():
    # Board 1 has 4 scores (top 6); board 2 only 3: raw 4, 2, 0 -> (mp+1)*4/3 - 1.
    results = _traveller(1, [7, 9, 7, 4]) + _traveller(2, [9, 7, 4])
    rows = score_matchpoints(results).travellers[2]
    assert [r.top for r in rows] == [6.0, 6.0, 6.0]
    assert [r.ns_points for r in rows] == pytest.approx([17 / 3, 3.0, 1 / 3])


def test_score_matchpoints_without_neuberg_each_board_keeps_its_top():
    results = _traveller(1, [7, 9, 7, 4]) + _traveller(2, [9, 7, 4])
    rows = score_matchpoints(results, NO_NEUBERG).travellers[2]
    assert [(r.ns_points, r.top) for r in rows] == [(4.0, 4.0), (2.0, 4.0), (0.0, 4.0)]


def test_score_matchpoints_adjusted_scores_outside_comparisons():
    # Three real scores (9, 7, 4 -> 4, 2, 0 of top 4); table 4 gets A+ for NS, A- for EW.
    results = _traveller(1, [9, 7, 4]) + [
        BoardResult(1, 4, 104, adjusted=(Adjusted.AVERAGE_PLUS, Adjusted.AVERAGE_MINUS))
    ]
    rows = score_matchpoints(results, NO_NEUBERG).travellers[1]
    assert [r.ns_points for r in rows[:3]] == [4.0, 2.0, 0.0]
    assert rows[3].ns_points == pytest.approx(2.4)  # 60 % of 4
    assert rows[3].ew_points == pytest.approx(1.6)  # 40 % of 4
    assert rows[3].ns_percentage == pytest.approx(60.0)


def test_score_matchpoints_adjusted_shares_are_configurable():
    results = _traveller(1, [9, 7, 4]) + [BoardResult(1, 4, 104, adjusted=Adjusted.AVERAGE_PLUS)]
    settings = MatchpointSettings(neuberg=False, average_plus=0.7)
    rows = score_matchpoints(results, settings).travellers[1]
    assert rows[3].ns_percentage == pytest.approx(70.0)
    assert rows[3].ew_percentage == pytest.approx(70.0)


def test_score_matchpoints_adjusted_board_neuberged_to_full_field():
    # With Neuberg, the adjusted table still counts as expected: N = 4, n = 3, top 6.
    results = _traveller(1, [9, 7, 4]) + [BoardResult(1, 4, 104, adjusted=Adjusted.AVERAGE)]
    rows = score_matchpoints(results).travellers[1]
    assert rows[0].ns_points == pytest.approx(17 / 3)
    assert rows[3].ns_points == pytest.approx(3.0)


def test_score_matchpoints_not_played_board_counts_for_nobody():
    results = (
        _traveller(1, [9, 7])
        + [BoardResult(2, 1, 101)]
        + _traveller(2, [5], first_ns=2, first_ew=102)
    )
    session = score_matchpoints(results, NO_NEUBERG)
    assert session.entries[1].boards == 1
    assert session.entries[1].percentage == 100.0
    assert session.travellers[2][0].ns_points is None


def test_score_matchpoints_single_score_on_a_board_is_average():
    session = score_matchpoints(_traveller(1, [9]), NO_NEUBERG)
    assert session.travellers[1][0].ns_percentage == 50.0


def test_score_matchpoints_arrow_switch_gives_ew_cards_score_to_listed_ns_pair():
    results = [
        BoardResult(1, 1, 2, ns_tricks=9),
        BoardResult(1, 3, 4, ns_tricks=7, arrow_switched=True),  # 3 held the EW cards
    ]
    entries = score_matchpoints(results).entries
    assert entries[1].total == 2.0  # NS 9 beats NS 7
    assert entries[4].total == 0.0  # 4 held the NS cards: 7 tricks, beaten
    assert entries[3].total == 2.0  # 3 held the EW cards: 6 tricks beat EW's 4


def test_score_matchpoints_individual_each_player_gets_side_score():
    results = [
        individual_result(1, "a", "b", "c", "d", ns_tricks=8),
        individual_result(1, "e", "f", "g", "h", ns_tricks=6),
    ]
    entries = score_matchpoints(results).entries
    assert entries["a"].total == entries["b"].total == 2.0
    assert entries["c"].total == entries["d"].total == 0.0
    assert entries["g"].total == 2.0


def test_matchpoint_settings_share_out_of_range_rejected():
    with pytest.raises(ValueError, match="0–100 %"):
        MatchpointSettings(average_plus=1.5)
