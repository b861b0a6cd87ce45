"""The MC's grid for paper cards (issue #25): each card carries its own player's tricks
(drives.md §2: "each player keeps an individual card: tricks per hand" [GOA][ESX]), so the
grid asks by the card's number and name, not for "pair A"; and the MC may call the next
hand before every card is typed, entering the late ones from the screen's link."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from drives.models import DriveEntry, DriveRound
from drives.running import drive_start
from drives.selectors import drive_state
from tests.drives.conftest import new_drive, seat


@pytest.fixture
def hall(client, club, people):
    drive = new_drive(club, people["organiser"])
    seat(drive, 4, 4)  # two full tables
    drive_start(drive=drive)
    client.force_login(people["organiser"])
    drive.refresh_from_db()
    return drive


def names_at(drive, table):
    th = drive_state(drive).hand(drive.current_hand)[table - 1]
    players = drive_state(drive).players
    return [players[pk] for pk in (*th.pair_a, *th.pair_b)]


def test_the_grid_names_each_card_by_its_number_and_player(client, hall):
    page = html.unescape(client.get(reverse("drives:enter", args=[hall.pk])).content.decode())
    for player in names_at(hall, 1) + names_at(hall, 2):
        assert f"{player.number}. {player.name}" in page
    assert "pair A's tricks" not in page.lower()


def test_one_card_of_a_table_is_enough_the_others_follow(client, hall):
    # table 1's gent B card says 9: pair B 9, pair A 4
    client.post(reverse("drives:enter", args=[hall.pk]), {"t1_gent_b": 9, "hand": 1})
    entry = DriveEntry.objects.get(drive=hall, hand=1, table=1)
    assert (entry.tricks_a, entry.tricks_b) == (4, 9)
    lady_a = names_at(hall, 1)[0]
    assert drive_state(hall).cards[lady_a.pk].rows[0].score == 4


def test_partners_cards_that_disagree_are_named_and_kept_out(client, hall):
    data = {"t1_lady_a": 8, "t1_gent_a": 7, "t2_lady_b": 6, "hand": 1}
    page = client.post(reverse("drives:enter", args=[hall.pk]), data).content.decode()
    assert "Partners&#x27; cards disagree: 7 and 8 tricks." in page
    assert not DriveEntry.objects.filter(table=1).exists()
    table_2 = DriveEntry.objects.get(table=2)
    assert (table_2.tricks_a, table_2.tricks_b) == (7, 6)


def test_the_mc_calls_the_next_hand_and_types_the_late_card_afterwards(client, hall):
    client.post(reverse("drives:enter", args=[hall.pk]), {"t1_lady_a": 8, "hand": 1})
    screen = client.get(reverse("drives:screen", args=[hall.pk])).content.decode()
    assert "Call hand 2 now: the tables still playing enter later" in screen
    client.post(reverse("drives:next", args=[hall.pk]), {"late": "1"})
    hall.refresh_from_db()
    assert hall.current_hand == 2
    screen = client.get(reverse("drives:screen", args=[hall.pk])).content.decode()
    assert "Still to enter:" in screen and "hand 1, tables 2" in screen
    assert f"{reverse('drives:enter', args=[hall.pk])}?hand=1" in screen
    # table 2's card: pair B (lady B) made 8 — pair B won, and the seating follows
    client.post(reverse("drives:enter", args=[hall.pk]), {"t2_lady_b": 8, "hand": 1})
    assert DriveEntry.objects.get(hand=1, table=2).tricks_b == 8
    assert DriveRound.objects.get(drive=hall, number=2).winners == ["A", "B"]
    assert drive_state(hall).late_tables() == []
