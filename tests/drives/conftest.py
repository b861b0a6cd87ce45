"""Fixtures of the drive tests: a club with a player, an organiser, a secretary, a
secretary of another club; a helper that seats a drive of named players and plays it."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from clubs.models import Club, Member, Membership, Role, User
from drives.codes import card_code
from drives.models import Drive, DriveStatus
from drives.running import drive_start, entry_record, hand_next
from drives.selectors import drive_state
from drives.services import drive_create, player_add

DAY = dt.date(2026, 3, 7)


def person(club: Club | None, name: str, role: str = Role.PLAYER) -> User:
    user = User.objects.create_user(name.lower(), password="pw")
    member = Member.objects.create(name=name, user=user)
    if club is not None:
        Membership.objects.create(
            club=club, member=member, role=role, valid_from=dt.date(2020, 1, 1)
        )
    return user


@pytest.fixture
def club(db) -> Club:
    return Club.objects.create(name="Parish Hall", slug="parish")


@pytest.fixture
def people(club) -> dict[str, User]:
    other = Club.objects.create(name="Other", slug="other")
    return {
        "player": person(club, "Pam"),
        "organiser": person(club, "Olga", Role.ORGANISER),
        "secretary": person(club, "Sara", Role.SECRETARY),
        "other": person(other, "Xavier", Role.SECRETARY),
        "outsider": person(None, "Nobody"),
    }


def new_drive(club, organiser, **settings) -> Drive:
    settings = {"hands": 4, "half_time_after": 2, **settings}
    return drive_create(
        organiser=organiser, club=club, name="Saturday drive", date=DAY, settings=settings
    )


def seat(drive: Drive, ladies: int, gents: int) -> None:
    for n in range(ladies):
        player_add(drive=drive, name=f"Lady {n + 1}", role="lady")
    for n in range(gents):
        player_add(drive=drive, name=f"Gent {n + 1}", role="gent")


def play_hand(drive: Drive, rng: random.Random, by=None) -> None:
    """Every playing table enters random tricks for the hand being played."""
    drive.refresh_from_db()
    for th in drive_state(drive).hand(drive.current_hand):
        if not th.done:
            a = rng.randint(0, 13)
            entry_record(
                drive=drive,
                hand=drive.current_hand,
                table=th.table,
                tricks_a=a,
                tricks_b=13 - a,
                by=by,
            )


def play_out(drive: Drive, seed: int = 1) -> Drive:
    rng = random.Random(seed)
    drive.refresh_from_db()
    if drive.status == DriveStatus.SETUP:
        drive_start(drive=drive)
    while True:
        drive.refresh_from_db()
        if drive.status == DriveStatus.FINISHED:
            return drive
        play_hand(drive, rng)
        hand_next(drive=drive)


@pytest.fixture
def drive(club, people) -> Drive:
    """A club drive of 8 ladies and 7 gents (4 tables, one ghost), not started."""
    made = new_drive(club, people["organiser"])
    seat(made, 8, 7)
    return made


@pytest.fixture(autouse=True)
def _no_guesses_counted():
    """Each test starts with no wrong table codes counted."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def card_at(drive: Drive, table: int, hand: int | None = None) -> str:
    """The card code of a player seated at ``table`` in ``hand`` (default: the hand being
    played): what a table's phone types with its hand."""
    drive.refresh_from_db()
    state = drive_state(drive)
    th = next(t for t in state.hand(hand or drive.current_hand) if t.table == table)
    player = next(p for p in (*th.pair_a, *th.pair_b) if p is not None)
    return card_code(drive_id=drive.pk, number=state.players[player].number)
