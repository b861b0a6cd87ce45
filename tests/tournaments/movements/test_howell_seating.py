"""The balanced seatings of the Howells for 7–16 pairs (``howell_seating``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import comparison_spread, howell, shared_boards, validate
from tournaments.movements.generators import _howell
from tournaments.movements.howell_seating import (
    BALANCED_HOWELL_SEATINGS,
    SPREADS,
    seating_bits,
    seating_hex,
)
from tournaments.movements.seating_search import _meetings, _State, search

SIZES = range(7, 17)


def _meetings_of(movement):
    return [(r.round, frozenset((t.ns, t.ew)), t.boards) for r in movement.rounds for t in r.tables]


@pytest.mark.parametrize("pairs", SIZES)
def test_every_size_has_a_recorded_seating_and_spread(pairs):
    assert pairs in BALANCED_HOWELL_SEATINGS
    assert pairs in SPREADS


@pytest.mark.parametrize("pairs", SIZES)
@pytest.mark.parametrize("boards_per_round", [1, 2, 3])
def test_balanced_seating_is_at_most_the_recorded_spread_and_beats_the_plain_one(
    pairs, boards_per_round
):
    movement = howell(pairs, boards_per_round)
    plain = _howell(pairs, boards_per_round, None)
    assert validate(movement) == []
    assert shared_boards(movement) == []
    spread = comparison_spread(movement)
    plain_spread = comparison_spread(plain)
    recorded_plain, recorded = SPREADS[pairs]
    assert plain_spread == recorded_plain * boards_per_round
    assert spread <= recorded * boards_per_round
    if recorded < recorded_plain:
        assert spread < plain_spread
    else:
        assert spread <= plain_spread


@pytest.mark.parametrize("pairs", SIZES)
def test_turning_tables_keeps_the_meetings_and_boards(pairs):
    movement = howell(pairs, 2)
    plain = _howell(pairs, 2, None)
    assert _meetings_of(movement) == _meetings_of(plain)
    assert [r.sit_out for r in movement.rounds] == [r.sit_out for r in plain.rounds]
    # the stationary pair (the highest even number) stays at table 1
    n = pairs + pairs % 2
    if pairs % 2 == 0:
        assert all(n in r.tables[0].seated for r in movement.rounds)


def test_eight_pairs_have_equal_comparisons():
    # 28 meetings, 7 boards played 4 times: every two pairs compared on 3 boards
    movement = howell(8, 1)
    assert comparison_spread(movement) == 0
    assert comparison_spread(_howell(8, 1, None)) == 4


def test_seating_bits_round_trip_and_reject_too_many_bits():
    bits = (True, False, False, True, True)
    assert seating_bits(seating_hex(bits), 5) == bits
    assert seating_bits("0", 3) == (False, False, False)
    with pytest.raises(ValueError):
        seating_bits("ff", 7)


@settings(max_examples=30, deadline=None)
@given(pairs=st.sampled_from(list(SIZES)), data=st.data())
def test_incremental_comparisons_match_a_fresh_count(pairs, data):
    meetings = _meetings(pairs)
    bits = data.draw(st.lists(st.booleans(), min_size=len(meetings), max_size=len(meetings)))
    flips = data.draw(st.lists(st.integers(0, len(meetings) - 1), max_size=20))
    state = _State(pairs, meetings, list(bits))
    for k in flips:
        state.flip(k)
    fresh = _State(pairs, meetings, list(state.bits))
    assert state.count == fresh.count
    assert state.score() == fresh.score()
    movement = _howell(pairs, 1, seating_hex(state.bits))
    assert comparison_spread(movement) == state.score()[0]


def test_search_is_deterministic_and_reports_its_seatings_spread():
    first = search(8, seed=3, iterations=2_000)
    assert first == search(8, seed=3, iterations=2_000)
    (spread, _), seating = first
    assert comparison_spread(_howell(8, 1, seating)) == spread
