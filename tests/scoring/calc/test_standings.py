"""Ranking with shared places, fields (Mitchell, arrow switch, Howell), several sessions."""

import pytest

from engine.cards import Side
from scoring.calc import (
    BoardResult,
    MatchpointSettings,
    Method,
    SessionTotal,
    combine_sessions,
    home_fields,
    rank_totals,
    standings,
    two_fields,
)


def test_rank_totals_ties_share_place_and_next_place_skips():
    totals = [SessionTotal(e, t, 1) for e, t in [(1, 10), (2, 12), (3, 10), (4, 8), (5, 12)]]
    rows = rank_totals(totals)[None]
    assert [(r.entry, r.rank, r.label) for r in rows] == [
        (2, 1, "1="),
        (5, 1, "1="),
        (1, 3, "3="),
        (3, 3, "3="),
        (4, 5, "5"),
    ]


def test_rank_totals_percentage_decides_before_total():
    totals = [SessionTotal(1, 50.0, 10, 62.5), SessionTotal(2, 60.0, 12, 60.0)]
    assert [r.entry for r in rank_totals(totals)[None]] == [1, 2]


def test_rank_totals_float_noise_does_not_split_a_tie():
    totals = [SessionTotal(1, 0.1 + 0.2, 1), SessionTotal(2, 0.3, 1)]
    assert [r.label for r in rank_totals(totals)[None]] == ["1=", "1="]


def test_two_fields_mitchell_unless_arrow_switched():
    assert two_fields("mitchell")
    assert not two_fields("mitchell", arrow_switched=True)
    assert not two_fields("howell")
    assert not two_fields("individual")


def _mitchell():
    # Two NS pairs (1, 2) and two EW pairs (11, 12), two boards.
    return [
        BoardResult(1, 1, 11, ns_tricks=9),
        BoardResult(1, 2, 12, ns_tricks=5),
        BoardResult(2, 1, 12, ns_tricks=8),
        BoardResult(2, 2, 11, ns_tricks=8),
    ]


def test_standings_mitchell_has_ns_and_ew_winners():
    table = standings(_mitchell(), Method.MATCHPOINTS, separate_fields=True)
    assert set(table.fields) == {Side.NS, Side.EW}
    ns = table.fields[Side.NS]
    assert [(r.entry, r.label, r.percentage) for r in ns] == [(1, "1", 75.0), (2, "2", 25.0)]
    ew = table.fields[Side.EW]
    assert [(r.entry, r.label) for r in ew] == [(12, "1"), (11, "2")]


def test_standings_one_field_ranks_everyone_together():
    table = standings(_mitchell(), Method.MATCHPOINTS, separate_fields=False)
    assert list(table.fields) == [None]
    # 1 and 12 each scored 2 + 1 of 4; 2 and 11 each 0 + 1.
    assert [(r.entry, r.label) for r in table.fields[None]] == [
        (1, "1="),
        (12, "1="),
        (2, "3="),
        (11, "3="),
    ]


def test_home_fields_arrow_switched_results_keep_listed_direction():
    results = [BoardResult(1, 1, 11, ns_tricks=9, arrow_switched=True)]
    assert home_fields(results, separate=True) == {1: Side.NS, 11: Side.EW}


def test_standings_total_tricks_and_compass():
    results = _mitchell()
    tricks = standings(results, Method.TOTAL_TRICKS, separate_fields=True)
    assert [(r.entry, r.total) for r in tricks.fields[Side.NS]] == [(1, 17), (2, 13)]
    plus_minus = standings(results, Method.COMPASS, separate_fields=True)
    assert [(r.entry, r.total) for r in plus_minus.fields[Side.NS]] == [(1, 2.0), (2, -2.0)]
    assert tricks.travellers[1][0].ew_points == 4


def test_standings_travellers_carry_both_directions():
    table = standings(
        _mitchell(),
        Method.MATCHPOINTS,
        separate_fields=True,
        settings=MatchpointSettings(neuberg=False),
    )
    row = table.travellers[2][0]
    assert (row.ns_points, row.ew_points, row.ns_percentage) == (1.0, 1.0, 50.0)


def test_combine_sessions_weights_percentages_by_boards():
    first = {1: SessionTotal(1, 60.0, 20, 60.0)}
    second = {1: SessionTotal(1, 30.0, 10, 30.0)}
    combined = combine_sessions([first, second])[1]
    assert (combined.total, combined.boards) == (90.0, 30)
    assert combined.percentage == pytest.approx(50.0)  # (60*20 + 30*10) / 30


def test_combine_sessions_carry_forward_counts_as_a_part():
    sessions = [{1: SessionTotal(1, 5, 10), 2: SessionTotal(2, -5, 10)}]
    carry = {2: SessionTotal(2, 12, 0)}
    combined = combine_sessions(sessions, carry)
    assert combined[1].total == 5 and combined[2].total == 7
    assert combined[2].percentage is None


def test_combine_sessions_then_rank_gives_event_standings():
    first = {1: SessionTotal(1, 30.0, 10, 60.0), 2: SessionTotal(2, 20.0, 10, 40.0)}
    second = {1: SessionTotal(1, 8.0, 20, 40.0), 2: SessionTotal(2, 12.0, 20, 60.0)}
    rows = rank_totals(combine_sessions([first, second]).values())[None]
    # 1: (60*10 + 40*20)/30 = 46.67 %; 2: (40*10 + 60*20)/30 = 53.33 %.
    assert [(r.entry, r.label) for r in rows] == [(2, "1"), (1, "2")]
    assert rows[0].percentage == pytest.approx(160 / 3)
