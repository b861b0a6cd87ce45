"""Properties of the pure calculations, on random travellers (Hypothesis)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.calc import (
    Adjusted,
    BoardResult,
    MatchpointSettings,
    Method,
    SessionTotal,
    board_matchpoints,
    plus_minus_average,
    rank_totals,
    score_matchpoints,
    standings,
)

tricks_lists = st.lists(st.integers(0, 13), min_size=2, max_size=30)


@settings(max_examples=200, deadline=None)
@given(tricks_lists)
def test_board_matchpoints_one_direction_sums_to_n_times_n_minus_one(tricks):
    n = len(tricks)
    assert sum(board_matchpoints(tricks)) == n * (n - 1)


def _board(tricks, adjusted=0):
    rows = [BoardResult(1, i, 1000 + i, ns_tricks=t) for i, t in enumerate(tricks)]
    rows += [
        BoardResult(1, 500 + i, 1500 + i, adjusted=Adjusted.AVERAGE_PLUS) for i in range(adjusted)
    ]
    return rows


@settings(max_examples=100, deadline=None)
@given(tricks_lists, st.integers(0, 3), st.booleans())
def test_score_matchpoints_ns_and_ew_on_a_result_sum_to_top(tricks, adjusted, use_neuberg):
    rows = score_matchpoints(_board(tricks, adjusted), MatchpointSettings(neuberg=use_neuberg))
    for row in rows.travellers[1]:
        if row.result.played:
            assert row.ns_points + row.ew_points == pytest.approx(row.top)
            assert 0.0 <= row.ns_percentage <= 100.0
            assert 0.0 <= row.ew_percentage <= 100.0


@settings(max_examples=100, deadline=None)
@given(tricks_lists, st.integers(1, 10))
def test_neuberg_keeps_the_board_average_at_half_top(tricks, missing):
    expected = len(tricks) + missing
    rows = score_matchpoints(_board(tricks), MatchpointSettings(expected=expected))
    traveller = rows.travellers[1]
    ns = sum(r.ns_points for r in traveller)
    assert ns == pytest.approx(len(tricks) * traveller[0].top / 2)


def _session(seed, pairs=6, boards=8):
    rng = random.Random(seed)
    results = []
    for board in range(1, boards + 1):
        for table in range(pairs):
            if rng.random() < 0.1:
                continue
            results.append(BoardResult(board, table, 100 + table, ns_tricks=rng.randint(3, 10)))
    return results


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(list(Method)), st.booleans())
def test_standings_invariant_under_permuting_the_input(seed, method, separate):
    results = _session(seed)
    shuffled = list(results)
    random.Random(seed + 1).shuffle(shuffled)
    first = standings(results, method, separate_fields=separate).fields
    second = standings(shuffled, method, separate_fields=separate).fields
    assert {f: [(r.entry, r.rank, r.label) for r in rows] for f, rows in first.items()} == {
        f: [(r.entry, r.rank, r.label) for r in rows] for f, rows in second.items()
    }


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_entry_percentages_lie_between_zero_and_hundred(seed):
    for entry in score_matchpoints(_session(seed)).entries.values():
        assert 0.0 <= entry.percentage <= 100.0


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.integers(0, 50), st.integers(0, 400), min_size=1, max_size=40))
def test_plus_minus_average_sums_to_zero(totals):
    assert sum(plus_minus_average(totals).values()) == 0


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6))
def test_compass_pluses_and_minuses_of_a_direction_sum_to_zero(seed):
    table = standings(_session(seed), Method.COMPASS, separate_fields=True)
    for rows in table.fields.values():
        assert sum(r.total for r in rows) == pytest.approx(0.0, abs=1e-9)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 20), min_size=1, max_size=30))
def test_ranking_place_counts_entries_strictly_ahead(values):
    rows = rank_totals([SessionTotal(i, v, 1) for i, v in enumerate(values)])[None]
    for row in rows:
        assert row.rank == 1 + sum(1 for v in values if v > row.total)
        assert row.label.endswith("=") == (values.count(row.total) > 1)
