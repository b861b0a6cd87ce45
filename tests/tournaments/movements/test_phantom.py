"""A Howell with a built-in sit-out keeps its phantom's table, so a late pair can take it:
from round 1 the phantom's tables make the complete Howell of one pair more; from a later
round the earlier rounds stay as they were."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import Movement, MovementError, howell, mitchell, validate
from tournaments.movements.model import phantom_number, phantom_taken

ODD_PAIRS = [5, 7, 9, 11, 13, 15]


@settings(max_examples=25, deadline=None)
@given(pairs=st.sampled_from(ODD_PAIRS), per_round=st.integers(1, 4))
def test_the_phantom_taken_from_round_one_is_the_complete_howell_of_one_pair_more(pairs, per_round):
    movement = howell(pairs, per_round)
    assert phantom_number(movement) == pairs + 1
    full = phantom_taken(movement, 1)
    assert validate(full) == []  # everyone meets everyone once, boards played equally
    assert all(not r.sit_out and r.phantom is None for r in full.rounds)
    assert {s for r in full.rounds for t in r.tables for s in t.seated} == set(range(1, pairs + 2))


def test_the_phantom_table_is_the_sit_out_pair_against_the_phantom_number():
    movement = howell(7, 2)
    for rnd in movement.rounds:
        assert rnd.phantom is not None and rnd.phantom.table == 4
        assert set(rnd.phantom.seated) == {8, *rnd.sit_out}
        # Its boards are a set the round's other tables do not play (a Room square).
        assert not set(rnd.phantom.boards) & {b for t in rnd.tables for b in t.boards}


def test_a_late_pair_from_round_three_leaves_the_first_two_rounds_alone():
    movement = howell(7, 2)
    late = phantom_taken(movement, 3)
    assert late.rounds[:2] == movement.rounds[:2]
    for before, after in zip(movement.rounds[2:], late.rounds[2:], strict=True):
        assert after.tables == (*before.tables, before.phantom) and after.sit_out == ()
    # Pair 8 plays 5 rounds: 10 boards, each once.
    boards = [b for r in late.rounds for t in r.tables if 8 in t.seated for b in t.boards]
    assert len(boards) == len(set(boards)) == 10


def test_the_phantom_survives_the_json_the_section_keeps():
    movement = howell(5, 2)  # the three-table Howell: pair 6's table is the phantom's
    again = Movement.from_json(movement.to_json())
    assert again.rounds == movement.rounds
    assert movement.to_json()["rounds"][0]["phantom"] == {
        "table": 3,
        "ns": 6,
        "ew": 1,
        "boards": [1, 2],
    }
    taken = Movement.from_json(phantom_taken(movement, 2).to_json())
    assert "phantom" not in taken.to_json()["rounds"][1]


def test_no_phantom_to_take_in_a_mitchell_or_an_even_howell():
    for movement in (mitchell(5, 2), howell(8, 2)):
        assert phantom_number(movement) is None
        with pytest.raises(MovementError) as refused:
            phantom_taken(movement, 1)
        assert refused.value.code == "movement_no_phantom_seat"
