"""The MC's evening with paper cards (issue #25): the next hand called with tables still to
enter, their results entered later with the seating recomputed (players move by the result
they know at the table: drives.md §5 [WD][GOA]); hands cut short by the bell [TIO2]; an
entry's cost that does not grow with the hands already played."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from drives.models import DriveRound, DriveStatus
from drives.running import drive_start, entry_correct, entry_record, hand_next
from drives.selectors import drive_state
from drives.services import DriveRefused
from engine.drives.movement import Side, first_seating, next_seating, seating_from_json
from engine.drives.run import run_drive, tricks_from_rows
from engine.drives.settings import DriveSettings
from tests.drives.conftest import new_drive, seat

A, B = Side.A, Side.B

# pair A's tricks, hand by hand, table by table
ROWS = [[8, 5, 9, 7], [6, 7, 8, 10], [7, 7, 6, 3], [9, 4, 5, 8]]


def enter(drive, hand, table):
    a = ROWS[hand - 1][table - 1]
    entry_record(drive=drive, hand=hand, table=table, tricks_a=a, tricks_b=13 - a, by=None)


@pytest.fixture
def full(club, people):
    """Four full tables (8 ladies, 8 gents), four hands, one a move, winners move."""
    made = new_drive(club, people["organiser"])
    seat(made, 8, 8)
    drive_start(drive=made)
    return made


def test_the_next_hand_is_called_with_a_table_still_to_enter(full):
    for table in (1, 3, 4):
        enter(full, 1, table)
    with pytest.raises(DriveRefused, match="hand 1: 2"):
        hand_next(drive=full)  # without the MC's say-so the hall still waits
    hand_next(drive=full, late=True)
    full.refresh_from_db()
    assert full.current_hand == 2
    second = DriveRound.objects.get(drive=full, number=2)
    # table 2's winners move: its lady to table 3, its gent to table 1; its losers stay
    assert second.waiting == [1, 2, 3] and second.winners == ["A", None, "A", "A"]
    state = drive_state(full)
    assert state.late_tables() == [(1, [2])]
    assert [th.waits for th in state.hand(2)] == [True, True, True, False]
    enter(full, 2, 4)  # table 4's players do not depend on table 2
    with pytest.raises(DriveRefused, match="table 1"):
        enter(full, 2, 1)


def test_the_late_result_moves_the_players_as_the_hall_moved_them(full):
    for table in (1, 3, 4):
        enter(full, 1, table)
    hand_next(drive=full, late=True)
    enter(full, 1, 2)  # 5 v 8: pair B won at table 2
    second = DriveRound.objects.get(drive=full, number=2)
    expected = next_seating(first_seating(4), [A, B, A, A], full.rules())
    assert seating_from_json(second.seating) == expected
    assert second.waiting == [] and second.winners == ["A", "B", "A", "A"]
    assert drive_state(full).late_tables() == []


def test_totals_and_movement_come_out_as_if_every_card_had_been_typed_in_time(full):
    for table in (1, 3, 4):
        enter(full, 1, table)
    hand_next(drive=full, late=True)
    enter(full, 2, 4)
    enter(full, 1, 2)
    for table in (1, 2, 3):
        enter(full, 2, table)
    hand_next(drive=full)
    for table in (1, 2, 4):
        enter(full, 3, table)
    hand_next(drive=full, late=True)
    enter(full, 3, 3)
    for table in (1, 2, 3):
        enter(full, 4, table)
    with pytest.raises(DriveRefused, match="hand 4: 4"):
        hand_next(drive=full, late=True)  # the last hand: prizes need every card
    enter(full, 4, 4)
    hand_next(drive=full)
    full.refresh_from_db()
    assert full.status == DriveStatus.FINISHED
    state = drive_state(full)
    ladies = [p.pk for p in state.players.values() if p.role == "lady"]
    gents = [p.pk for p in state.players.values() if p.role == "gent"]
    engine = run_drive(
        DriveSettings(hands=4, half_time_after=2), ladies, gents, tricks_from_rows(ROWS)
    )
    assert {p: c.total for p, c in state.cards.items()} == {
        p: c.total for p, c in engine.cards.items()
    }
    assert list(state.seatings) == list(engine.seatings)


def test_the_drive_is_not_finished_while_an_earlier_hand_is_missing(club, people):
    drive = new_drive(club, people["organiser"], hands=2, half_time_after=1)
    seat(drive, 4, 4)
    drive_start(drive=drive)
    enter(drive, 1, 1)
    hand_next(drive=drive, late=True)
    for table in (1, 2):
        with pytest.raises(DriveRefused, match="enter that table"):
            enter(drive, 2, table)  # two tables: both depend on table 2's result
    enter(drive, 1, 2)
    enter(drive, 2, 1)
    enter(drive, 2, 2)
    hand_next(drive=drive)
    drive.refresh_from_db()
    assert drive.status == DriveStatus.FINISHED


def test_a_hand_stopped_by_the_bell_where_the_hall_allows_it(club, people):
    drive = new_drive(club, people["organiser"], short_hands=True)
    seat(drive, 4, 4)
    drive_start(drive=drive)
    entry = entry_record(drive=drive, hand=1, table=1, tricks_a=5, tricks_b=3, by=None)
    with pytest.raises(DriveRefused, match="neither is ahead"):
        entry_record(drive=drive, hand=1, table=2, tricks_a=4, tricks_b=4, by=None)
    entry_correct(entry=entry, tricks_a=3, tricks_b=5, by=people["organiser"], reason="card")
    card = drive_state(drive).cards
    scores = sorted(c.rows[0].score for c in card.values() if c.rows[0].table == 1)
    assert scores == [3, 3, 5, 5]


def test_a_hall_playing_every_hand_out_refuses_a_short_one(club, people):
    drive = new_drive(club, people["organiser"])
    seat(drive, 4, 4)
    drive_start(drive=drive)
    with pytest.raises(DriveRefused, match="13"):
        entry_record(drive=drive, hand=1, table=1, tricks_a=5, tricks_b=3, by=None)


def _entry_queries(drive, hand: int) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        entry_record(drive=drive, hand=hand, table=1, tricks_a=7, tricks_b=6, by=None)
    return [q["sql"] for q in captured.captured_queries]


def test_an_entry_costs_the_same_queries_at_the_first_hand_and_the_last(club, people):
    """Each entry read the whole drive (every round, every entry): its cost grew with the
    evening. Now it reads the one round it belongs to."""
    drive = new_drive(club, people["organiser"], hands=8, half_time_after=4)
    seat(drive, 8, 8)
    drive_start(drive=drive)
    first = _entry_queries(drive, 1)
    for table in (2, 3, 4):
        entry_record(drive=drive, hand=1, table=table, tricks_a=7, tricks_b=6, by=None)
    hand_next(drive=drive)
    for hand in range(2, 8):
        for table in (1, 2, 3, 4):
            entry_record(drive=drive, hand=hand, table=table, tricks_a=7, tricks_b=6, by=None)
        hand_next(drive=drive)
    last = _entry_queries(drive, 8)
    assert len(first) == len(last)
    entry_reads = [q for q in last if q.lstrip().startswith("SELECT") and "driveentry" in q]
    round_reads = [q for q in last if q.lstrip().startswith("SELECT") and "driveround" in q]
    assert len(round_reads) == 1 and '"number" = 8' in round_reads[0].replace("%s", "8")
    assert all('"hand"' in q for q in entry_reads)  # never every entry of the drive
