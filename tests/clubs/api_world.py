"""A small club for the API tests: the five roles of the permission matrix, a club night
with one table (the player seated at it), a rubber with two hands, and a season.

Rows are made with the ORM and the real services (hand_enter), nothing mocked.
"""

from __future__ import annotations

import datetime as dt
import itertools
from dataclasses import dataclass, field

from rest_framework.test import APIClient

from clubs.models import (
    Club,
    ClubNight,
    HandRecord,
    Member,
    Membership,
    Role,
    RubberRecord,
    RubberTable,
    Season,
    TableSeat,
    User,
)
from clubs.rubbers import hand_enter

ROLES = ["anonymous", "player", "organiser", "secretary", "other_secretary"]
NIGHT_DATE = dt.date(2026, 3, 5)
_counter = itertools.count(1)


def person(club: Club, role: str = Role.PLAYER, *, login: bool = True, **contact) -> Member:
    n = next(_counter)
    user = User.objects.create_user(f"api{n}", password="pw") if login else None
    member = Member.objects.create(name=f"Member {n:03d}", user=user, **contact)
    Membership.objects.create(club=club, member=member, role=role, valid_from=dt.date(2020, 1, 1))
    return member


def seat_table(night: ClubNight, members: list[Member], number: int) -> RubberTable:
    table = RubberTable.objects.create(club_night=night, number=number)
    for seat, member in zip("NESW", members, strict=True):
        TableSeat.objects.create(table=table, seat=seat, member=member)
    return table


@dataclass
class World:
    club: Club
    other: Club
    users: dict[str, User | None]
    night: ClubNight
    table: RubberTable
    rubber: RubberRecord
    hand: HandRecord
    season: Season
    members: dict[str, Member] = field(default_factory=dict)

    def client(self, role: str) -> APIClient:
        """A client logged in as ``role``, with a fresh user object (as in a real request,
        no roles cached from an earlier one)."""
        client = APIClient()
        if self.users[role] is not None:
            client.force_authenticate(User.objects.get(pk=self.users[role].pk))
        return client

    @property
    def base(self) -> str:
        return f"/api/clubs/{self.club.slug}/"


def world_make() -> World:
    club = Club.objects.create(name="Casino", slug="casino")
    other = Club.objects.create(name="Ateneo", slug="ateneo")
    members = {
        "player": person(club, email="player@example.org", phone="600 000 001"),
        "organiser": person(club, Role.ORGANISER),
        "secretary": person(club, Role.SECRETARY),
        "other_secretary": person(other, Role.SECRETARY),
    }
    users = {"anonymous": None} | {role: m.user for role, m in members.items()}
    night = ClubNight.objects.create(club=club, date=NIGHT_DATE, rule_profile="short")
    others = [person(club, login=False) for _ in range(3)]
    table = seat_table(night, [members["player"], *others], 1)
    rubber = RubberRecord.objects.create(table=table, number=1, first_dealer="N")
    hand = hand_enter(rubber=rubber, expected_number=1, ns_tricks=9, by=None)
    hand_enter(rubber=rubber, expected_number=2, ns_tricks=5, by=None)
    season = Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )
    return World(club, other, users, night, table, rubber, hand, season, members)
