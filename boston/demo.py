"""Demo data: a Boston table at the demo club's latest club night, with made and failed
contracts, a redeal, misères and a secretary's correction. Safe to run again: a night that
already has a Boston table is left as it is."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from boston.models import BostonTable
from boston.services import HandEntry, boston_table_create, hand_correct, hand_enter
from clubs.demo import DemoOptions
from clubs.models import Club, ClubNight, Member, Membership, User

#: The demo club's own payment table: a price for every Spanish contract it plays.
DEMO_PAYMENTS = {
    "name": "demo club",
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

#: The hands, dealer North first: the calls in turn, or just the contract; then the tricks.
DEMO_HANDS = [
    HandEntry(calls=("PIDO:H", "pass", "sostengo"), turned="H", trump="pequeno", tricks=9),
    HandEntry(calls=("pass", "pass", "pass", "pass"), turned="S"),
    HandEntry(level="PEQUENA_INDEPENDENCIA", suit="S", declarer="W", turned="S", tricks=5),
    HandEntry(calls=("GRAN_MISERIA", "pass", "pass", "pass"), turned="D", tricks=0),
    HandEntry(calls=("PIDO:S", "pass", "pass", "pass"), turned="S", trump="pequeno", tricks=6),
    HandEntry(calls=("pass", "PEQUENA_MISERIA", "pass", "pass"), turned="C", tricks=1),
]
CORRECTED = HandEntry(level="PEQUENA_INDEPENDENCIA", suit="S", declarer="W", turned="S", tricks=4)


def _seated(club: Club) -> list[Member]:
    """Four members of the club, the demo player "tomas" first so he can enter hands."""
    members = list(
        Member.objects.filter(memberships__club=club).distinct().order_by("user__username", "pk")
    )
    tomas = [m for m in members if m.user and m.user.username == "tomas"]
    others = [m for m in members if m not in tomas and not (m.user and m.user.username == "marta")]
    seated = (tomas + others)[:4]
    for n in range(len(seated), 4):  # a club smaller than a table: add the missing players
        member = Member.objects.create(name=f"Boston player {n + 1}")
        Membership.objects.create(club=club, member=member, valid_from=dt.date(2020, 1, 1))
        seated.append(member)
    return seated


@transaction.atomic
def demo_boston_load(club: Club, *, today: dt.date | None = None) -> BostonTable:
    """The Boston table of the club's latest club night (one is made if there is none)."""
    today = today or dt.date.today()
    night = ClubNight.objects.filter(club=club).order_by("-date", "-pk").first()
    if night is None:
        night = ClubNight.objects.create(
            club=club, date=today - dt.timedelta(days=7), rule_profile=club.rule_profile
        )
    existing = night.boston_tables.order_by("number").first()
    if existing is not None:
        return existing
    seated = _seated(club)
    table = boston_table_create(
        club_night=night,
        members=dict(zip("NESW", seated, strict=True)),
        payment_table="own",
        own_payment_table=DEMO_PAYMENTS,
        unit="counters",
    )
    for number, entry in enumerate(DEMO_HANDS, start=1):
        hand_enter(table=table, expected_number=number, entry=entry, by=None)
    secretary = User.objects.filter(username="marta").first()
    if secretary is not None:
        hand_correct(
            hand=table.hands.get(number=3),
            entry=CORRECTED,
            by=secretary,
            reason="West took four tricks, not five: a trick was counted twice.",
        )
    return table


def demo_load(club: Club, options: DemoOptions) -> list[str]:
    """The demo command's part (named in BostonConfig): the Boston table, and a line saying
    where it is."""
    table = demo_boston_load(club)
    return [f"  Boston table {table.number} at the club night of {table.club_night.date}"]
