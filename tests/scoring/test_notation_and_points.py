"""The traveller notation and the standings points, by hand-checked boards and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.calc_bridge import compute_fields
from scoring.errors import ResultRefused
from scoring.forms import parse_cell
from scoring.tally import EntryRow, ResultRow, SectionInput


def test_parse_cell_reads_tricks_adjusted_and_not_played():
    assert parse_cell("9").ns_tricks == 9
    assert parse_cell(" ").__class__ is type(None)
    adjusted = parse_cell("a+")
    assert (adjusted.kind, adjusted.adjusted_ns, adjusted.adjusted_ew) == ("adjusted", "A+", "A-")
    assert (parse_cell("A/A-").adjusted_ns, parse_cell("A/A-").adjusted_ew) == ("A", "A-")
    assert parse_cell("np").kind == "not_played"


def test_parse_cell_refuses_what_is_not_a_result():
    with pytest.raises(ResultRefused, match="is not a result"):
        parse_cell("9x")


def _row(id_, board, ns, ew, tricks, kind="played", adj=("", "")):
    return ResultRow(id_, board, 1, id_, ns, ew, kind, tricks, tricks, adj[0], adj[1], "confirmed")


def _section(rows, method="matchpoints", movement=None):
    entries = tuple(EntryRow(i, i, f"Pair {i}") for i in range(1, 9))
    return SectionInput(1, method, movement or {"type": "mitchell"}, entries, tuple(rows))


def test_matchpoints_on_a_hand_checked_board():
    """NS 9, 7, 7: the 9 beats two (4 of top 4); each 7 beats none and ties one (1).
    EW get the rest: 0, 3, 3."""
    rows = [_row(1, 1, 1, 5, 9), _row(2, 1, 2, 6, 7), _row(3, 1, 3, 7, 7)]
    _fields, boards = compute_fields(_section(rows))
    points = [(r["ns_points"], r["ew_points"]) for r in boards["1"]]
    assert points == [(4.0, 0.0), (1.0, 3.0), (1.0, 3.0)]


def test_adjusted_scores_stay_out_of_the_comparisons_and_neuberg_scales_the_rest():
    """Three real scores and one A+/A-: N = 4 expected, n = 3 real, top 2(N-1) = 6. The 9
    beats two (4) → (4 + 1)·4/3 − 1 = 5.67; A+ is 60 % of 6 = 3.6, A- 40 % = 2.4."""
    rows = [
        _row(1, 1, 1, 5, 9),
        _row(2, 1, 2, 6, 7),
        _row(3, 1, 3, 7, 7),
        _row(4, 1, 4, 8, None, kind="adjusted", adj=("A+", "A-")),
    ]
    _fields, boards = compute_fields(_section(rows))
    assert boards["1"][0]["ns_points"] == 5.67
    assert (boards["1"][3]["ns_points"], boards["1"][3]["ew_points"]) == (3.6, 2.4)


def test_mitchell_gives_two_fields_and_howell_one():
    rows = [_row(1, 1, 1, 5, 9), _row(2, 1, 2, 6, 7)]
    mitchell, _ = compute_fields(_section(rows))
    howell, _ = compute_fields(_section(rows, movement={"type": "howell"}))
    assert [f["name"] for f in mitchell] == ["NS", "EW"]
    assert [f["name"] for f in howell] == [""]


def test_compass_compares_each_pair_with_its_directions_average():
    """Foster's worked example: NS totals 201, 204, 211, 207, 212 → average 207 →
    −6, −3, +4, 0, +5 (one board per pair here, trick totals scaled down by hand)."""
    totals = [201, 204, 211, 207, 212]
    rows = []
    for i, total in enumerate(totals, start=1):
        # Split each total over boards of at most 13 tricks.
        board = 0
        remaining = total
        while remaining:
            board += 1
            take = min(13, remaining)
            rows.append(_row(len(rows) + 1, board, i, 10 + i, take))
            remaining -= take
    entries = tuple(EntryRow(i, i, "") for i in [*range(1, 6), *range(11, 16)])
    section = SectionInput(1, "compass", {"type": "mitchell"}, entries, tuple(rows))
    fields, _ = compute_fields(section)
    ns = {
        row["number"]: row["total"] for row in next(f for f in fields if f["name"] == "NS")["rows"]
    }
    assert ns == {1: -6, 2: -3, 3: 4, 4: 0, 5: 5}


def test_compass_single_winner_setting_ranks_one_field_against_each_directions_average():
    """Foster's totals (NS 201, 204, 211, 207, 212 over 30 deals; each EW pair meets one NS
    pair all evening, so EW totals are 390 − those): with the event's compass_winners "one"
    there is one field; each pair keeps its ± against its own direction (NS average 207,
    EW 183), and EW pair 11 (+6) beats NS pair 5 (+5)."""
    totals = [201, 204, 211, 207, 212]
    rows = []
    for i, total in enumerate(totals, start=1):
        for deal in range(30):
            tricks = total // 30 + (1 if deal < total % 30 else 0)
            rows.append(_row(len(rows) + 1, deal + 1, i, 10 + i, tricks))
    entries = tuple(EntryRow(i, i, "") for i in [*range(1, 6), *range(11, 16)])
    one = SectionInput(1, "compass", {"type": "mitchell"}, entries, tuple(rows), True)
    two = SectionInput(1, "compass", {"type": "mitchell"}, entries, tuple(rows))
    fields, _ = compute_fields(one)
    assert [f["name"] for f in fields] == [""]
    ranked = [(r["number"], r["total"], r["rank"]) for r in fields[0]["rows"]]
    assert ranked[0] == (11, 6, 1) and ranked[1] == (5, 5, 2)
    expected = {i: t - 207 for i, t in enumerate(totals, start=1)}
    expected |= {10 + i: (390 - t) - 183 for i, t in enumerate(totals, start=1)}
    assert {n: total for n, total, _rank in ranked} == expected
    assert [f["name"] for f in compute_fields(two)[0]] == ["NS", "EW"]


def test_equal_percentages_share_a_place_marked_with_equals():
    """Board 1: pairs 1 and 2 both take 7 (NS), so they tie on 50 %; pair 3 takes 9."""
    rows = [_row(1, 1, 1, 5, 7), _row(2, 1, 2, 6, 7), _row(3, 1, 3, 7, 9)]
    fields, _ = compute_fields(_section(rows))
    ns = next(f for f in fields if f["name"] == "NS")["rows"]
    assert [(r["number"], r["rank_label"]) for r in ns] == [(3, "1"), (1, "2="), (2, "2=")]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=2, max_size=12))
def test_ns_matchpoints_on_a_board_sum_to_n_times_n_minus_one(tricks):
    rows = [_row(i + 1, 1, i + 1, 100 + i, t) for i, t in enumerate(tricks)]
    _fields, boards = compute_fields(_section(rows))
    n = len(tricks)
    assert sum(r["ns_points"] for r in boards["1"]) == n * (n - 1)
    assert all(r["ns_points"] + r["ew_points"] == 2 * (n - 1) for r in boards["1"])


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 13))
def test_parse_cell_reads_back_any_trick_count(tricks):
    assert parse_cell(str(tricks)).ns_tricks == tricks
