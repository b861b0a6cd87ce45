"""Duplicate whist's trick methods: total tricks, Foster's compass, AWL teams, pair matches."""

from fractions import Fraction

import pytest

from engine.cards import Side
from scoring.calc import (
    BoardResult,
    CalcError,
    PairMatch,
    TeamPair,
    compass,
    nearest_whole,
    pair_matches,
    plus_minus_average,
    rank_matches,
    team_aggregates,
    teams_plus_minus,
    total_tricks,
)


def test_plus_minus_average_foster_compass_example():
    # Foster p.114: 5 tables, NS totals 201, 204, 211, 207, 212 -> average 207.
    totals = {1: 201, 2: 204, 3: 211, 4: 207, 5: 212}
    assert plus_minus_average(totals) == {1: -6, 2: -3, 3: 4, 4: 0, 5: 5}


def test_total_tricks_each_side_counts_its_own_tricks():
    results = [
        BoardResult(1, 1, 2, ns_tricks=8),
        BoardResult(2, 1, 2, ns_tricks=4),
        BoardResult(3, 1, 2),  # not played
    ]
    totals = total_tricks(results)
    assert (totals[1].tricks, totals[1].boards) == (12, 2)
    assert (totals[2].tricks, totals[2].boards) == (14, 2)


def test_compass_compares_each_pair_with_its_own_direction():
    # Two NS pairs (9+8=17, 5+6=11: average 14) and two EW pairs (4+7=11, 8+5=13: avg 12).
    results = [
        BoardResult(1, 1, 11, ns_tricks=9),
        BoardResult(1, 2, 12, ns_tricks=5),
        BoardResult(2, 1, 12, ns_tricks=8),
        BoardResult(2, 2, 11, ns_tricks=6),
    ]
    fields = {1: Side.NS, 2: Side.NS, 11: Side.EW, 12: Side.EW}
    scores = compass(results, fields)
    assert {e: s.plus_minus for e, s in scores.items()} == {1: 3, 2: -3, 11: -1, 12: 1}
    assert scores[1].average == 14 and scores[11].average == 12


def test_compass_foster_example_from_board_results():
    # Foster's totals spread over 30 deals (201 = 21 deals of 7 tricks + 9 of 6, ...).
    totals = {1: 201, 2: 204, 3: 211, 4: 207, 5: 212}
    results = []
    for pair, total in totals.items():
        for deal in range(30):
            tricks = total // 30 + (1 if deal < total % 30 else 0)
            results.append(BoardResult(deal + 1, pair, 100 + pair, ns_tricks=tricks))
    fields = {**{p: Side.NS for p in totals}, **{100 + p: Side.EW for p in totals}}
    scores = compass(results, fields)
    assert [scores[p].tricks for p in totals] == [201, 204, 211, 207, 212]
    assert [scores[p].plus_minus for p in totals] == [-6, -3, 4, 0, 5]


def test_nearest_whole_disregards_fractions():
    assert [nearest_whole(Fraction(x, 4)) for x in (5, 6, 7, -5, -6)] == [1, 2, 2, -1, -2]


def test_teams_plus_minus_two_teams_win_by_excess_over_half():
    # 156 tricks in all: A took 83 -> wins by 83 - 78 = 5.
    assert teams_plus_minus({"A": 83, "B": 73}) == {"A": 5, "B": -5}


def test_teams_plus_minus_more_teams_against_average_nearest_whole():
    # Average of 100, 104, 97 = 100 1/3 -> -1/3, 3 2/3, -3 1/3 -> 0, +4, -3.
    assert teams_plus_minus({"A": 100, "B": 104, "C": 97}) == {"A": 0, "B": 4, "C": -3}


def test_teams_plus_minus_one_team_rejected():
    with pytest.raises(CalcError):
        teams_plus_minus({"A": 50})


def test_team_aggregates_odd_pair_adds_average_of_opposite_positions():
    pairs = [
        TeamPair("A", 1, Side.NS, 80),
        TeamPair("A", 2, Side.EW, 70),
        TeamPair("B", 3, Side.NS, 75),
        TeamPair("B", 4, Side.EW, 72),
        TeamPair("B", 5, Side.NS, 77),  # B's odd pair sits NS: B adds the EW average
    ]
    aggregates = team_aggregates(pairs)
    assert aggregates["A"] == 150
    assert aggregates["B"] == 75 + 72 + 77 + 71  # EW average (70 + 72) / 2


def test_pair_matches_most_matches_won_tie_counts_half():
    records = pair_matches(
        [
            PairMatch(1, 2, 30, 22),
            PairMatch(1, 3, 26, 26),
            PairMatch(2, 3, 27, 25),
        ]
    )
    assert records[1].matches == Fraction(3, 2)
    assert records[2].matches == 1
    assert records[3].matches == Fraction(1, 2)
    assert records[1].tricks == 56 and records[1].played == 2


def test_rank_matches_most_matches_first_tricks_break_ties():
    # 1 beats 2 and ties 3; 2 ties 4; 3 and 4 tie each other. 3 and 4 have the same matches
    # (two ties) and the same tricks (20 each), so they share second place.
    records = pair_matches(
        [
            PairMatch(1, 2, 24, 20),
            PairMatch(1, 3, 20, 20),
            PairMatch(2, 4, 20, 20),
            PairMatch(3, 4, 0, 0),
        ]
    )
    # matches: 1 → 1 + ½ = 1½; 2 → 0 + ½ = ½; 3 → ½ + ½ = 1; 4 → ½ + ½ = 1
    rows = rank_matches(records.values())[None]
    assert [(r.entry, r.label, r.total) for r in rows] == [
        (1, "1", 1.5),
        (3, "2=", 1.0),
        (4, "2=", 1.0),
        (2, "4", 0.5),
    ]


def test_rank_matches_equal_matches_split_by_tricks():
    records = pair_matches([PairMatch(1, 2, 26, 26), PairMatch(3, 4, 30, 30)])
    rows = rank_matches(records.values())[None]
    # all four have ½ a match; tricks 30, 30, 26, 26 decide
    assert [(r.entry, r.label) for r in rows] == [(3, "1="), (4, "1="), (1, "3="), (2, "3=")]


def _foster_compass_results():
    """Foster's five NS totals over 30 deals (p.114); each EW pair plays one NS pair all
    evening here, so its total is 390 − that NS pair's total."""
    totals = {1: 201, 2: 204, 3: 211, 4: 207, 5: 212}
    results = []
    for pair, total in totals.items():
        for deal in range(30):
            tricks = total // 30 + (1 if deal < total % 30 else 0)
            results.append(BoardResult(deal + 1, pair, 100 + pair, ns_tricks=tricks))
    return totals, results


def test_compass_single_winner_ranks_both_directions_as_one_field():
    from scoring.calc import Method, standings

    totals, results = _foster_compass_results()
    two = standings(results, Method.COMPASS, separate_fields=True)
    one = standings(results, Method.COMPASS, separate_fields=True, single_winner=True)
    # Two fields: NS pair 5 (+5) and EW pair 101 (390 − 201 = 189 against 183: +6) each win.
    assert [r.entry for r in two.fields[Side.NS]][0] == 5
    assert [r.entry for r in two.fields[Side.EW]][0] == 101
    # One field: each pair keeps its ± against its own direction's average (rules.md §7:
    # "the pair most above average wins"), all ten ranked together.
    assert list(one.fields) == [None]
    ranked = one.fields[None]
    expected = {p: t - 207 for p, t in totals.items()}
    expected |= {100 + p: (390 - t) - 183 for p, t in totals.items()}
    assert {r.entry: r.total for r in ranked} == expected
    assert ranked[0].entry == 101 and ranked[0].rank == 1  # +6 beats NS pair 5's +5
    assert [r.total for r in ranked] == sorted(expected.values(), reverse=True)
