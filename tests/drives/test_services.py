"""The drive run through its services as the pages and the API run it: seatings stored as
called, cards equal to the engine's whole-drive run on the same tricks, every refusal with
nothing stored."""

from __future__ import annotations

import random

import pytest
from django.db import IntegrityError, transaction

from clubs.errors import HandConflict
from drives.models import DriveEntry, DriveEntryCorrection, DrivePlayer, DriveStatus
from drives.running import cut_record, drive_start, entry_correct, entry_record, hand_next
from drives.selectors import drive_state
from drives.services import DriveRefused, drive_update, player_add, player_leave
from engine.drives.movement import TableKind
from engine.drives.run import Arrival, Leave, run_drive
from engine.drives.settings import DriveSettings
from tests.drives.conftest import new_drive, play_hand, play_out, seat


def test_a_ten_table_drive_of_37_with_a_late_arrival_and_a_leaver_matches_the_engine(club, people):
    drive = new_drive(club, people["organiser"], hands=6, half_time_after=2)
    seat(drive, 19, 18)  # 37 players: 10 tables, three ghosts (one lady, two gents)
    drive_start(drive=drive)
    drive.refresh_from_db()
    assert drive.tables == 10
    tricks: dict[tuple[int, int], int] = {}
    rng = random.Random(5)
    players = {p.name: p for p in drive.players.all()}
    leaver = players["Lady 3"]
    while drive.status != DriveStatus.FINISHED:
        if drive.current_hand == 2:
            late = player_add(drive=drive, name="Late Gent", role="gent")
            player_leave(drive=drive, player=leaver)
        for th in drive_state(drive).hand(drive.current_hand):
            if not th.done:
                a = rng.randint(0, 13)
                tricks[(th.hand, th.table)] = a
                entry_record(
                    drive=drive,
                    hand=th.hand,
                    table=th.table,
                    tricks_a=a,
                    tricks_b=13 - a,
                    by=people["organiser"],
                    via="mc",
                )
        drive = hand_next(drive=drive)
    state = drive_state(drive)
    ladies = [p.pk for p in state.players.values() if p.role == "lady" and p.first_round == 1]
    gents = [p.pk for p in state.players.values() if p.role == "gent" and p.first_round == 1]
    engine = run_drive(
        DriveSettings.from_dict(drive.settings),
        ladies,
        gents,
        lambda th: tricks[(th.hand, th.table)],
        arrivals=[Arrival(late.pk, "gent", 3)],
        leaves=[Leave(leaver.pk, 2)],
    )
    assert state.cards == engine.cards
    assert [a.winners for a in state.awards] == [a.winners for a in engine.awards]
    assert state.cards[late.pk].rows[0].kind == "absent"
    assert state.cards[leaver.pk].rows[-1].kind == "absent"
    assert any(th.kind is TableKind.SIT_OUT for th in state.hand(1))  # three ghosts at 10


def test_entries_that_do_not_make_thirteen_are_refused_and_nothing_is_stored(drive):
    drive_start(drive=drive)
    with pytest.raises(DriveRefused, match="13"):
        entry_record(drive=drive, hand=1, table=1, tricks_a=7, tricks_b=7, by=None)
    with pytest.raises(DriveRefused):
        entry_record(drive=drive, hand=2, table=1, tricks_a=7, tricks_b=6, by=None)
    assert not DriveEntry.objects.exists()


def test_the_database_refuses_an_entry_that_does_not_make_thirteen(drive):
    drive_start(drive=drive)
    with pytest.raises(IntegrityError), transaction.atomic():
        DriveEntry.objects.create(drive=drive, hand=1, table=1, tricks_a=8, tricks_b=8)


def test_a_second_entry_from_another_phone_is_a_conflict_with_the_stored_one(drive):
    drive_start(drive=drive)
    entry_record(drive=drive, hand=1, table=1, tricks_a=8, tricks_b=5, by=None)
    with pytest.raises(HandConflict) as conflict:
        entry_record(drive=drive, hand=1, table=1, tricks_a=5, tricks_b=8, by=None)
    assert conflict.value.stored.tricks_a == 8


def test_a_sit_out_table_cannot_enter(club, people):
    drive = new_drive(club, people["organiser"], incomplete_table="sit_out")
    seat(drive, 4, 3)  # 2 tables, one ghost gent: table 2 sits out
    drive_start(drive=drive)
    assert drive_state(drive).hand(1)[1].kind is TableKind.SIT_OUT
    with pytest.raises(DriveRefused, match="sits out"):
        entry_record(drive=drive, hand=1, table=2, tricks_a=7, tricks_b=6, by=None)


def test_the_next_hand_waits_for_every_table(drive):
    drive_start(drive=drive)
    entry_record(drive=drive, hand=1, table=1, tricks_a=8, tricks_b=5, by=None)
    with pytest.raises(DriveRefused, match="2, 3, 4"):
        hand_next(drive=drive)


def test_a_late_arrival_needs_an_empty_seat_of_their_role(drive):
    drive_start(drive=drive)  # 8 ladies fill the ladies' seats; one gent's seat is empty
    with pytest.raises(DriveRefused, match="other role"):
        player_add(drive=drive, name="Late Lady", role="lady")
    late = player_add(drive=drive, name="Late Gent", role="gent")
    assert late.token is None and late.first_round == 2
    with pytest.raises(DriveRefused):
        player_add(drive=drive, name="Second Gent", role="gent")
    play_hand(drive, random.Random(1))
    hand_next(drive=drive)
    late.refresh_from_db()
    assert late.token is not None
    assert all(th.kind is TableKind.PLAYED for th in drive_state(drive).hand(2))


def test_settings_are_fixed_once_the_drive_has_started_except_the_mystery_number(drive):
    drive_start(drive=drive)
    settings = dict(drive.settings, movement="couple")
    with pytest.raises(DriveRefused):
        drive_update(drive=drive, name="x", date=drive.date, settings=settings)
    drive_update(
        drive=drive,
        name="Renamed",
        date=drive.date,
        settings=dict(drive.settings, mystery_number=77),
    )
    drive.refresh_from_db()
    assert drive.name == "Renamed" and drive.settings["mystery_number"] == 77


def test_a_correction_keeps_who_when_before_after_and_why(drive, people):
    drive_start(drive=drive)
    entry = entry_record(drive=drive, hand=1, table=1, tricks_a=8, tricks_b=5, by=None)
    with pytest.raises(DriveRefused):
        entry_correct(entry=entry, tricks_a=5, tricks_b=8, by=people["organiser"], reason=" ")
    entry_correct(
        entry=entry,
        tricks_a=5,
        tricks_b=8,
        by=people["organiser"],
        reason="pairs swapped on the card",
    )
    row = DriveEntryCorrection.objects.get()
    assert row.before == {"tricks_a": 8, "tricks_b": 5}
    assert row.after == {"tricks_a": 5, "tricks_b": 8}
    assert row.corrected_by == people["organiser"]


def test_ties_are_cut_by_the_mc_and_the_cut_is_recorded(club, people):
    drive = new_drive(
        club, people["organiser"], hands=2, half_time_after=1, prizes=["lady:total", "lady:total"]
    )
    seat(drive, 2, 2)
    drive_start(drive=drive)
    for _hand in range(2):
        drive.refresh_from_db()
        entry_record(drive=drive, hand=drive.current_hand, table=1, tricks_a=7, tricks_b=6, by=None)
        drive = hand_next(drive=drive)
    # Hand 1: lady 1 (A) 7, lady 2 (B) 6. A wins; the winners split at the one table, so
    # hand 2 seats lady 2 in pair A (7) and lady 1 in pair B (6): 13 each, a tie.
    state = drive_state(drive)
    first = state.awards[0]
    assert first.status == "cut_needed" and len(first.tied) == 2
    lady_2 = DrivePlayer.objects.get(drive=drive, name="Lady 2")
    gent = DrivePlayer.objects.get(drive=drive, name="Gent 1")
    with pytest.raises(DriveRefused):
        cut_record(drive=drive, prize=1, winner=gent, by=people["organiser"])
    cut_record(drive=drive, prize=1, winner=lady_2, by=people["organiser"])
    state = drive_state(drive)
    assert state.awards[0].winners == (lady_2.pk,)
    assert state.awards[1].status == "awarded" and state.awards[1].winners != (lady_2.pk,)
    with pytest.raises(DriveRefused):
        cut_record(drive=drive, prize=1, winner=lady_2, by=people["organiser"])


def test_leaving_before_the_start_takes_the_player_off(drive):
    player = drive.players.first()
    player_leave(drive=drive, player=player)
    assert not DrivePlayer.objects.filter(pk=player.pk).exists()


def test_a_played_out_drive_is_finished_with_every_card_complete(drive):
    drive = play_out(drive)
    state = drive_state(drive)
    assert all(len(card.rows) == 4 for card in state.cards.values())
    assert all(not row.pending for card in state.cards.values() for row in card.rows)
