"""Demo data: a club and its people. Each issue's demo grows from here.

The club has sixteen members (three of them can log in) and club nights across the current
season: the latest has a finished three-rubber match at table 1, a dummy-whist table and a
table still playing; the earlier ones give the season ladder its rows. Hands are dealt from a
fixed seed, so the demo is the same every time.

Safe to run again: everything is looked up by its natural key before it is created.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from django.db import transaction

from clubs.matches import rubber_start_next
from clubs.models import Club, ClubNight, Member, Membership, Role, RubberRecord, Season, User
from clubs.nights import night_create, table_add
from clubs.rubbers import hand_correct, hand_enter, rubber_state
from engine.deal import deal_from_seed

DEMO_PASSWORD = "whist-demo-2026"


@dataclass(frozen=True)
class DemoOptions:
    """How the demo command loads: ``analyse`` False leaves the double-dummy tables to
    ``manage.py boards_analyse`` (``make demo`` runs it in the background, so the site
    answers before the solver has finished)."""

    analyse: bool = True


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

#: Members without a login, so the club has sixteen.
DEMO_PLAYERS = [
    "Lucía Ortega",
    "Petr Svoboda",
    "Carmen Ruiz",
    "Eva Dvořáková",
    "Alberto Gil",
    "Hana Procházková",
    "Javier Moreno",
    "Karel Černý",
    "Isabel Navarro",
    "Martin Král",
    "Rosa Delgado",
    "Pavla Veselá",
    "Miguel Serrano",
]
#: Weeks before today of the demo club nights (the latest first).
NIGHT_WEEKS = (1, 2, 4, 6, 8)


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
    demo_nights_load(club, today=today)
    return club, DEMO_PEOPLE


def _demo_members(club: Club, today: dt.date) -> list[Member]:
    """The sixteen demo members: the three logins first, then the others."""
    logins = [Member.objects.get(user__username=p.username) for p in DEMO_PEOPLE]
    others = []
    for name in DEMO_PLAYERS:
        member = Member.objects.filter(name=name, memberships__club=club).first()
        if member is None:
            member = Member.objects.create(name=name)
            Membership.objects.create(
                club=club, member=member, valid_from=dt.date(today.year, 1, 1)
            )
        others.append(member)
    return logins + others


def _night_dates(today: dt.date) -> list[dt.date]:
    """Past dates in the current season (the start of the year early in January)."""
    first = dt.date(today.year, 1, 1)
    return [
        max(today - dt.timedelta(weeks=w), first + dt.timedelta(days=k))
        for k, w in enumerate(NIGHT_WEEKS)
    ]


def _play(
    rubber: RubberRecord, rng: random.Random, *, hands: int | None = None, deals: bool = False
) -> None:
    """Play ``rubber`` to its end (or ``hands`` more hands) with tricks from ``rng``; with
    ``deals``, each hand's deal is entered and the honours counted from it."""
    entered = rubber.hands.count()
    played = 0
    while not rubber_state(rubber).is_over and (hands is None or played < hands):
        entered += 1
        played += 1
        kwargs: dict[str, object] = {}
        if deals:
            deal = deal_from_seed(f"demo-{rubber.pk}-{entered}")
            kwargs = {
                "deal": deal.to_pbn(),
                "trump": deal.turned.suit.letter,
                "honours_claimed": False,
            }
        elif rng.random() < 0.25:
            kwargs = {"honours_side": rng.choice(["NS", "EW"]), "honours_count": rng.choice([3, 4])}
        hand_enter(
            rubber=rubber,
            expected_number=entered,
            ns_tricks=rng.choice(range(2, 12)),
            by=None,
            **kwargs,
        )


def _play_match(table, rng: random.Random, *, rubbers: int = 3, deals: bool = False) -> None:
    _play(table.rubbers.get(number=1), rng, deals=deals)
    for _ in range(rubbers - 1):
        _play(rubber_start_next(table=table), rng, deals=deals)


@transaction.atomic
def demo_nights_load(club: Club, *, today: dt.date) -> list[ClubNight]:
    """The demo club nights (each created once: a night already there is left as it is)."""
    members = _demo_members(club, today)
    secretary = User.objects.get(username="marta")
    nights = []
    for index, date in enumerate(_night_dates(today)):
        night = ClubNight.objects.filter(club=club, date=date).first()
        if night is None:
            night = night_create(club=club, date=date)
            rng = random.Random(f"demo-night-{index}")
            if index == 0:
                _latest_night(night, members, rng, secretary)
            else:
                order = rng.sample(members, len(members))
                for t in range(4):
                    table = table_add(
                        night=night,
                        members=order[4 * t : 4 * t + 4],
                        first_dealer=rng.choice("NESW"),
                    )
                    _play_match(table, rng, rubbers=1 + (index + t) % 3)
        nights.append(night)
    return nights


def _latest_night(
    night: ClubNight, members: list[Member], rng: random.Random, secretary: User
) -> None:
    """Table 1: a finished three-rubber match (deals entered); table 2: dummy whist, two
    rubbers; table 3: still playing its first rubber, with a corrected hand."""
    match = table_add(night=night, members=members[0:4], first_dealer="S")
    _play_match(match, rng, deals=True)
    dummy = table_add(night=night, members=members[4:7])
    _play_match(dummy, rng, rubbers=2)
    playing = table_add(night=night, members=members[7:11], first_dealer="E")
    rubber = playing.rubbers.get()
    hand_enter(rubber=rubber, expected_number=1, ns_tricks=8, by=secretary)
    hand_enter(rubber=rubber, expected_number=2, ns_tricks=5, by=secretary)
    hand_correct(
        hand=rubber.hands.get(number=2),
        by=secretary,
        reason="East–West took seven tricks, not eight: the last trick was miscounted.",
        ns_tricks=6,
    )
