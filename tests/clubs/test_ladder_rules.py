"""Both season ladders under one counting rule: rubber points summed, percentages averaged,
never mixed; ranks shared by equal values (pure, no database)."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from clubs.ladder import (
    CountingRule,
    LadderResult,
    percentage_standings,
    standings,
)

D = dt.date(2026, 3, 5)


def _results(scores: dict[int, list[float]]) -> list[LadderResult]:
    return [LadderResult(m, D, s) for m, ss in scores.items() for s in ss]


def test_rubber_ladder_says_how_many_results_counted_of_those_played():
    (row,) = standings(_results({1: [5, 3, -2]}), CountingRule(best=2))
    assert (row.total, row.counted, row.played) == (8, 2, 3)


def test_percentage_ladder_averages_the_best_n_percentages():
    rows = percentage_standings(_results({1: [60.0, 40.0, 55.0], 2: [52.0]}), CountingRule(best=2))
    assert [(r.member_id, r.average, r.counted, r.played) for r in rows] == [
        (1, 57.5, 2, 3),
        (2, 52.0, 1, 1),
    ]


def test_percentage_ladder_ties_share_a_rank_after_rounding():
    rows = percentage_standings(
        _results({1: [50.0, 60.0], 2: [55.0], 3: [70.0 / 3, 100.0 - 70.0 / 3]}),
        CountingRule(),
    )
    assert [r.rank for r in rows] == [1, 1, 3]
    assert rows[2].member_id == 3 and rows[2].average == 50.0


def test_percentage_ladder_minimum_attendance():
    rows = percentage_standings(_results({1: [80.0], 2: [50.0, 51.0]}), CountingRule(2, 2))
    assert [r.member_id for r in rows] == [2]


ladders = st.dictionaries(
    st.integers(1, 30),
    st.lists(st.integers(-40, 40).map(float), min_size=1, max_size=6),
    min_size=1,
    max_size=12,
)
rules = st.builds(
    CountingRule, best=st.none() | st.integers(1, 4), min_attendance=st.integers(1, 3)
)


@given(ladders, rules)
def test_rank_is_one_plus_the_number_strictly_ahead(scores, rule):
    for rows, value in (
        (standings(_results(scores), rule), lambda r: r.total),
        (percentage_standings(_results(scores), rule), lambda r: r.average),
    ):
        for row in rows:
            ahead = sum(1 for other in rows if value(other) > value(row))
            assert row.rank == ahead + 1
            assert row.counted <= row.played
            assert row.played >= rule.min_attendance
            assert rule.best is None or row.counted <= rule.best
