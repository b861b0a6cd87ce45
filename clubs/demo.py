"""Demo data: a club and its people. Each issue's demo grows from here.

Safe to run again: everything is looked up by its natural key before it is created.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction

from clubs.models import Club, Member, Membership, Role, Season, User

DEMO_PASSWORD = "whist-demo-2026"


@dataclass(frozen=True)
class DemoLogin:
    username: str
    role: str
    name: str


DEMO_PEOPLE = [
    DemoLogin("marta", Role.SECRETARY, "Marta Secretaria"),
    DemoLogin("jana", Role.ORGANISER, "Jana Nováková"),
    DemoLogin("tomas", Role.PLAYER, "Tomás Jugador"),
]


@transaction.atomic
def demo_club_load(*, today: dt.date | None = None) -> tuple[Club, list[DemoLogin]]:
    """The demo club with a secretary, an organiser and a player who can log in."""
    today = today or dt.date.today()
    club, _ = Club.objects.get_or_create(
        slug="demo", defaults={"name": "Club de Whist Tenace", "rule_profile": "short"}
    )
    Season.objects.get_or_create(
        club=club,
        name=str(today.year),
        defaults={"starts": dt.date(today.year, 1, 1), "ends": dt.date(today.year, 12, 31)},
    )
    for person in DEMO_PEOPLE:
        user, created = User.objects.get_or_create(username=person.username)
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        member, _ = Member.objects.get_or_create(user=user, defaults={"name": person.name})
        Membership.objects.get_or_create(
            club=club,
            member=member,
            role=person.role,
            defaults={"valid_from": dt.date(today.year, 1, 1)},
        )
    return club, DEMO_PEOPLE
