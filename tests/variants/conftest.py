"""Fixtures of the whist-family tests: a club with seated players, an outsider, an
organiser, a secretary, a member of another club, and a table of each game."""

from __future__ import annotations

import datetime as dt

import pytest

from clubs.models import Club, ClubNight, Member, Membership, Role, Season, User
from variants.demo import DEMO_GRID
from variants.services import variant_table_create

NIGHT = dt.date(2026, 3, 5)
NAMES = ["Ana", "Bruno", "Carla", "David", "Elena", "Felix"]


def person(club: Club, name: str, role: str = Role.PLAYER) -> tuple[User, Member]:
    user = User.objects.create_user(name.lower().replace(" ", "-"))
    member = Member.objects.create(name=name, user=user)
    Membership.objects.create(club=club, member=member, role=role, valid_from=dt.date(2020, 1, 1))
    return user, member


@pytest.fixture
def club(db) -> Club:
    return Club.objects.create(name="Casino", slug="casino")


@pytest.fixture
def night(club) -> ClubNight:
    return ClubNight.objects.create(club=club, date=NIGHT, rule_profile="short")


@pytest.fixture
def season(club) -> Season:
    return Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )


@pytest.fixture
def people(club) -> dict[str, User]:
    """Logins: seats 0–5 by index, "player" not seated, organiser, secretary, "other"."""
    users: dict[str, User] = {}
    for index, name in enumerate(NAMES):
        users[str(index)] = person(club, name)[0]
    users["player"] = person(club, "Eva")[0]
    users["organiser"] = person(club, "Olga", Role.ORGANISER)[0]
    users["secretary"] = person(club, "Sara", Role.SECRETARY)[0]
    other = Club.objects.create(name="Other", slug="other")
    users["other"] = person(other, "Xavier", Role.SECRETARY)[0]
    return users


def seated(people, count: int) -> list[Member]:
    return [people[str(i)].member for i in range(count)]


@pytest.fixture
def make_table(night, people):
    def make(game: str, players: int = 4, **kwargs):
        if game == "colour" and "own_table" not in kwargs:
            kwargs["own_table"] = DEMO_GRID
        return variant_table_create(
            club_night=night, game=game, members=seated(people, players), **kwargs
        )

    return make


@pytest.fixture
def table(make_table):
    return make_table("solo")
