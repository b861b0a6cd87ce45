"""The next hand called with tables still to enter (paper cards: the hall does not wait for
the MC's typing). Players move by the result they know at the table (drives.md §5: the
winning lady up one table, the winning gent down one [WD][GOA]); the program, missing
that result, marks the tables whose seating depends on it and recomputes it on entry."""

import pytest

from engine.drives.drive import Entry, Holding, hand_tables, table_winners
from engine.drives.errors import DriveError
from engine.drives.movement import (
    Side,
    TableSeating,
    first_seating,
    next_seating,
    seating_after,
)
from engine.drives.settings import DriveSettings

A, B = Side.A, Side.B
RULES = DriveSettings(hands=4, half_time_after=2)


def test_a_missing_result_marks_the_tables_its_movers_go_to():
    """Four tables, table 2 not entered. Its winners' lady goes up to table 3, its winners'
    gent down to table 1, its losers stay at table 2: tables 1, 2 and 3 wait; table 4
    (fed by tables 3 and 1, both entered) does not."""
    seating = first_seating(4)
    provisional, waiting = seating_after(seating, [A, None, B, A], RULES)
    assert waiting == {1, 2, 3}
    assert provisional[3] == next_seating(seating, [A, B, B, A], RULES)[3]
    # table 4 = its losing lady (pair B, token 14) with the gent from table 1's winners
    # (pair A: token 1); table 3's winning lady (pair B: token 10) arrives as pair B with
    # table 4's losing gent (pair B: token 15)
    assert provisional[3] == TableSeating(14, 1, 10, 15)


def test_every_result_in_means_nothing_waits():
    seating = first_seating(3)
    moved, waiting = seating_after(seating, [A, B, A], RULES)
    assert waiting == frozenset() and moved == next_seating(seating, [A, B, A], RULES)


def test_the_seating_recomputed_with_the_late_result_is_the_movement_the_hall_made():
    seating = first_seating(4)
    assumed, _ = seating_after(seating, [A, None, B, A], RULES)
    late, waiting = seating_after(seating, [A, B, B, A], RULES)
    assert not waiting and late == next_seating(seating, [A, B, B, A], RULES)
    assert late[0] != assumed[0]  # table 1's gent came from table 2's real winners


def test_a_waiting_table_cannot_enter_until_the_late_result_is_in():
    seatings = [first_seating(2), first_seating(2)]
    holdings = [Holding(p, p) for p in range(8)]
    entries = {(1, 1): Entry(8, 5), (2, 1): Entry(7, 6)}
    with pytest.raises(DriveError) as refused:
        hand_tables(RULES, seatings, holdings, entries, waiting=[(), {1}])
    assert refused.value.code == "drive_table_waits"
    hands = hand_tables(RULES, seatings, holdings, {(1, 1): Entry(8, 5)}, waiting=[(), {1, 2}])
    assert [th.waits for th in hands[1]] == [True, True]
    assert table_winners([hands[0]]) == [A, None]  # table 2's hand 1 still to come
