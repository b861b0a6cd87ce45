"""Fixtures of the Boston tests: a club with four seated players, an outsider, an organiser,
a secretary, a member of another club, and a Boston table on a club night."""

from __future__ import annotations

import datetime as dt

import pytest

from boston.services import boston_table_create
from clubs.models import Club, ClubNight, Member, Membership, Role, User

NIGHT = dt.date(2026, 3, 5)

#: A club's own payment table with a price for everything the demo and the tests play.
CLUB_TABLE = {
    "name": "casino",
    "made": {"5": 2, "6": 3, "8": 5, "9": 7},
    "per_overtrick": 1,
    "failed": {"5": [2, 4, 6, 8, 10], "6": [3, 5, 7, 9, 11], "8": [5, 7, 9, 11, 13, 15, 17, 19]},
    "misere": {
        "PEQUENA_MISERIA": 6,
        "GRAN_MISERIA": 12,
        "MISERIA_CUATRO_ASES": 16,
        "MISERIA_EN_LA_MESA": 24,
    },
    "pool_on_failure": "none",
}


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
def people(club) -> dict[str, User]:
    """Logins by role: N E S W seated, "player" not seated, organiser, secretary, "other"
    (a secretary of another club)."""
    users = {}
    for seat, name in zip("NESW", ["Ana", "Bruno", "Carla", "David"], strict=True):
        users[seat] = person(club, name)[0]
    users["player"] = person(club, "Eva")[0]
    users["organiser"] = person(club, "Olga", Role.ORGANISER)[0]
    users["secretary"] = person(club, "Sara", Role.SECRETARY)[0]
    other = Club.objects.create(name="Other", slug="other")
    users["other"] = person(other, "Xavier", Role.SECRETARY)[0]
    return users


@pytest.fixture
def table(night, people):
    members = {seat: people[seat].member for seat in "NESW"}
    return boston_table_create(
        club_night=night,
        members=members,
        payment_table="own",
        own_payment_table=CLUB_TABLE,
        first_dealer="N",
    )
