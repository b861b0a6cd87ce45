"""A late group (issue #25). Bridge-club practice admits a latecomer only to make a half
table whole [BCL] (drives.md §8): the default, a latecomer takes an empty seat or is
refused. Halls that let a late group play set ``late_tables``: three or four latecomers
with no empty seat open a new table at the next round, ghosts in any empty seat."""

from __future__ import annotations

import pytest

from drives.models import DrivePlayer, DriveTable
from drives.running import drive_start, entry_record, hand_next
from drives.selectors import drive_state
from drives.services import DriveRefused, player_add
from engine.drives.movement import TableKind
from tests.drives.conftest import new_drive, seat


def play(drive, hand):
    for th in drive_state(drive).hand(hand):
        if not th.done:
            entry_record(drive=drive, hand=hand, table=th.table, tricks_a=8, tricks_b=5, by=None)


def started(club, people, **settings):
    drive = new_drive(club, people["organiser"], **settings)
    seat(drive, 8, 8)  # four full tables
    drive_start(drive=drive)
    drive.refresh_from_db()
    return drive


def test_without_the_setting_a_full_hall_refuses_a_latecomer(club, people):
    drive = started(club, people)
    with pytest.raises(DriveRefused, match="other role"):
        player_add(drive=drive, name="Late Lady", role="lady")


def test_a_late_group_of_four_opens_table_five_at_the_next_round(club, people):
    drive = started(club, people, late_tables=True)
    group = [
        player_add(drive=drive, name=name, role=role)
        for name, role in (("Ann", "lady"), ("Bea", "lady"), ("Cy", "gent"), ("Dan", "gent"))
    ]
    play(drive, 1)
    hand_next(drive=drive)
    drive.refresh_from_db()
    assert drive.tables == 5 and DriveTable.objects.filter(drive=drive, number=5).exists()
    table_5 = drive_state(drive).hand(2)[4]
    assert table_5.kind is TableKind.PLAYED
    # ladies take the lady seats, gents the gent seats: (Ann, Cy) v (Bea, Dan)
    assert table_5.pair_a == (group[0].pk, group[2].pk)
    assert table_5.pair_b == (group[1].pk, group[3].pk)
    entry_record(drive=drive, hand=2, table=5, tricks_a=9, tricks_b=4, by=None)
    play(drive, 2)
    hand_next(drive=drive)  # the movement now runs over five tables
    state = drive_state(drive)
    card = state.cards[group[0].pk]
    assert [row.kind for row in card.rows[:2]] == ["absent", "played"]
    assert card.total == 9
    seated = {p for th in state.hand(3) for p in (*th.pair_a, *th.pair_b)}
    assert len(seated) == 20 and {g.pk for g in group} <= seated


def test_two_latecomers_cannot_open_a_table_and_wait(club, people):
    drive = started(club, people, late_tables=True)
    pair = [player_add(drive=drive, name=n, role=r) for n, r in (("Ann", "lady"), ("Cy", "gent"))]
    play(drive, 1)
    hand_next(drive=drive)
    drive.refresh_from_db()
    assert drive.tables == 4
    assert all(DrivePlayer.objects.get(pk=p.pk).token is None for p in pair)
    assert {p.pk for p in drive_state(drive).waiting_arrivals} == {p.pk for p in pair}


def test_the_drive_page_states_the_hall_s_choices(client, club, people):
    drive = new_drive(
        club,
        people["organiser"],
        short_hands=True,
        late_tables=True,
        half_time_prize_card="full_card",
    )
    page = client.get(f"/drives/{drive.pk}/").content.decode()
    assert "The half-time prize needs: The hands every prize needs" in page
    assert "A hand stopped by the bell counts the tricks played" in page
    assert "Late arrivals may open a new table" in page
