"""Entry is bound to where the player sits now: a table's phone enters a hand with the card
code of a player seated at that table in that hand (``drives.codes.card_seated``). A player
who has moved on (he knows his old table's code from its number card) cannot enter for the
table he left, on the page nor through the API, and that table's own entry still goes in."""

from __future__ import annotations

import html
import random

import pytest
from django.urls import reverse

from drives.codes import card_code
from drives.models import DriveEntry, DriveTable
from drives.running import drive_start, hand_next
from drives.selectors import drive_state
from tests.drives.conftest import card_at, play_hand

REFUSAL = (
    "This card code is not that of a player at table 1 in hand 2: enter the hand at the table "
    "where you sit now, with the code on your own score card."
)


def _numbers_at(drive, hand: int, table: int) -> set[int]:
    state = drive_state(drive)
    th = next(t for t in state.hand(hand) if t.table == table)
    return {state.players[p].number for p in (*th.pair_a, *th.pair_b) if p is not None}


@pytest.fixture
def moved(drive):
    """Hand 2 of the drive; a player who sat at table 1 in hand 1 and sits elsewhere now."""
    drive_start(drive=drive)
    play_hand(drive, random.Random(3))
    hand_next(drive=drive)
    drive.refresh_from_db()
    assert drive.current_hand == 2
    gone = _numbers_at(drive, 1, 1) - _numbers_at(drive, 2, 1)
    number = min(gone)
    now = next(t for t in range(1, 5) if number in _numbers_at(drive, 2, t))
    return {"number": number, "card": card_code(drive_id=drive.pk, number=number), "now": now}


def _url(drive, table: int) -> str:
    return reverse("drives:table", args=[DriveTable.objects.get(drive=drive, number=table).code])


def test_a_player_who_moved_on_cannot_enter_for_the_table_he_left(client, drive, moved):
    body = {"hand": 2, "tricks_a": 8, "tricks_b": 5}
    refused = client.post(_url(drive, 1), {**body, "card": moved["card"]})
    assert refused.status_code == 200
    assert REFUSAL in html.unescape(refused.content.decode())
    assert not DriveEntry.objects.filter(drive=drive, hand=2, table=1).exists()
    stored = client.post(_url(drive, 1), {**body, "card": card_at(drive, 1)})
    assert stored.status_code == 302
    assert DriveEntry.objects.get(drive=drive, hand=2, table=1).tricks_a == 8
    # His card works where he sits now.
    here = client.post(_url(drive, moved["now"]), {**body, "card": moved["card"]})
    assert here.status_code == 302
    assert DriveEntry.objects.get(drive=drive, hand=2, table=moved["now"]).tricks_a == 8


def test_the_api_binds_entry_to_the_seated_players_too(client, drive, moved):
    code = DriveTable.objects.get(drive=drive, number=1).code
    url = f"/api/drive-tables/{code}/hands/"
    body = {"hand": 2, "tricks_a": 8, "tricks_b": 5}
    refused = client.post(url, {**body, "card": moved["card"]}, content_type="application/json")
    assert refused.status_code == 400
    assert refused.json() == {"card": [REFUSAL]}
    assert not DriveEntry.objects.filter(drive=drive, hand=2, table=1).exists()
    missing = client.post(url, body, content_type="application/json")
    assert missing.status_code == 400 and missing.json() == {"card": ["This field is required."]}
    stored = client.post(url, {**body, "card": card_at(drive, 1)}, content_type="application/json")
    assert stored.status_code == 201


def test_a_wrong_card_code_counts_as_a_wrong_guess(client, drive, moved):
    for _ in range(10):
        client.post(_url(drive, 1), {"hand": 2, "tricks_a": 8, "tricks_b": 5, "card": "ZZZZZ"})
    assert client.get(_url(drive, 1)).status_code == 429


def test_card_codes_are_the_mcs_to_hand_out(client, drive, people):
    number = drive.players.order_by("number").first().number
    expected = card_code(drive_id=drive.pk, number=number)
    assert len(expected) == 5
    assert client.get(reverse("drives:print_cards", args=[drive.pk])).status_code == 403
    client.force_login(people["organiser"])
    for name in ("drives:print_cards", "drives:players"):
        assert expected in client.get(reverse(name, args=[drive.pk])).content.decode()
    public = client.get(reverse("drives:card", args=[drive.pk, drive.players.first().pk]))
    assert expected not in public.content.decode()
