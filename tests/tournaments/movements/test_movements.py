"""Movements: every generated size passes the validator, and the validator catches faults."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import (
    Movement,
    MovementError,
    howell,
    individual,
    mitchell,
    rubber3,
    suggest_movements,
    validate,
    validate_or_raise,
)


@pytest.mark.parametrize("tables", range(3, 31))
@pytest.mark.parametrize("arrow", [False, True])
def test_mitchell_every_size_passes_the_validator(tables, arrow):
    for even in [None] if tables % 2 else ["skip", "relay"]:
        movement = mitchell(tables, 3, even=even, arrow_switch=arrow)
        assert validate(movement) == []
        assert len(movement.rounds) == (tables - 1 if even == "skip" else tables)


def test_mitchell_seven_tables_matches_the_documented_json():
    data = mitchell(7, boards_per_round=3).to_json()
    assert data["type"] == "mitchell"
    assert data["rounds"][0]["tables"][0] == {"table": 1, "ns": 1, "ew": 8, "boards": [1, 2, 3]}
    # Round 2: EW pairs move up a table, boards move down.
    second = {t["table"]: t for t in data["rounds"][1]["tables"]}
    assert second[2]["ew"] == 8 and second[1]["boards"] == [4, 5, 6]
    assert Movement.from_json(data).to_json() == data


def test_mitchell_relay_shares_boards_only_between_first_and_last_table():
    movement = mitchell(6, 2, even="relay")
    for rnd in movement.rounds:
        sets = [t.boards for t in rnd.tables]
        assert sets[0] == sets[-1]
        assert len(set(sets[1:-1])) == 4 and sets[0] not in sets[1:-1]


def test_mitchell_arrow_switch_marks_the_last_round():
    movement = mitchell(5, 2, arrow_switch=True)
    flagged = [r.round for r in movement.rounds if any(t.arrow_switch for t in r.tables)]
    assert flagged == [5]
    assert movement.to_json()["rounds"][-1]["tables"][0]["arrow_switch"] is True


@pytest.mark.parametrize("pairs", range(4, 17))
def test_howell_every_size_meets_everyone_once_and_passes_the_validator(pairs):
    movement = howell(pairs, 2)
    assert validate(movement) == []
    rounds = pairs - 1 if pairs % 2 == 0 else pairs
    assert len(movement.rounds) == rounds
    if pairs % 2:
        sat_out = sorted(e for r in movement.rounds for e in r.sit_out)
        assert sat_out == list(range(1, pairs + 1))


@pytest.mark.parametrize("pairs", range(7, 17))
def test_howell_shares_no_boards_in_a_round_where_a_room_square_exists(pairs):
    movement = howell(pairs, 2)
    for rnd in movement.rounds:
        assert len({t.boards for t in rnd.tables}) == len(rnd.tables)
    # and still: every pair plays every board exactly once
    assert validate(movement) == []


@pytest.mark.parametrize("players", [4, 8, 12, 16])
def test_individual_everyone_partners_everyone_once(players):
    movement = individual(players, 2)
    assert validate(movement) == []
    first = movement.to_json()["rounds"][0]["tables"][0]
    assert set(first) == {"table", "north", "south", "east", "west", "boards"}


def test_rubber3_is_three_rounds_of_one_table():
    movement = rubber3()
    assert movement.type == "rubber3" and len(movement.rounds) == 3 and validate(movement) == []


@given(st.integers(3, 20), st.integers(1, 4), st.booleans(), st.sampled_from(["skip", "relay"]))
@settings(max_examples=60, deadline=None)
def test_property_generated_mitchells_are_valid(tables, per_round, arrow, even):
    movement = mitchell(tables, per_round, even=None if tables % 2 else even, arrow_switch=arrow)
    assert validate(movement) == []


def _broken(data: dict) -> Movement:
    return Movement.from_json(data)


def test_validator_catches_a_player_seated_twice_and_a_board_played_twice():
    data = mitchell(3, 1).to_json()
    data["rounds"][0]["tables"][1]["ew"] = data["rounds"][0]["tables"][0]["ew"]
    problems = validate(_broken(data))
    assert any("seated twice" in p for p in problems)
    data = mitchell(3, 1).to_json()
    data["rounds"][1]["tables"][0]["boards"] = data["rounds"][0]["tables"][0]["boards"]
    problems = validate(_broken(data))
    assert any("plays board 1 2 times" in p for p in problems)
    assert any("not played equally often" in p for p in problems)


def test_validator_catches_a_howell_pair_that_never_meets():
    data = howell(6, 1).to_json()
    data["rounds"] = data["rounds"][:-1]
    assert any("meet 0 times" in p for p in validate(_broken(data)))
    with pytest.raises(MovementError, match="unsound"):
        validate_or_raise(_broken(data))


def test_clear_errors_for_what_cannot_work():
    with pytest.raises(MovementError, match="at least 3 tables"):
        mitchell(2, 2)
    with pytest.raises(MovementError, match="even: choose a skip or a relay"):
        mitchell(4, 2)
    with pytest.raises(MovementError, match="4 to 16 pairs"):
        howell(3, 2)
    with pytest.raises(MovementError, match="4, 8, 12 or 16 players"):
        individual(6, 2)
    with pytest.raises(MovementError, match="too few"):
        suggest_movements(2)


def test_suggestions_for_fourteen_pairs_and_21_boards_start_with_a_7_table_mitchell():
    options = suggest_movements(14, boards_available=21)
    first = options[0]
    assert (first.type, first.tables, first.boards_per_round, first.winners) == (
        "mitchell",
        7,
        3,
        2,
    )
    assert any(o.option == "arrow" and o.winners == 1 for o in options)
    assert any(o.type == "howell" for o in options)
