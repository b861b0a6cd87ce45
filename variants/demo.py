"""Demo data: a table of each game of the whist family at a club night, with hands played
(knock-out to its winner) and a secretary's correction. Safe to run again: a night that
already has whist-family tables is left as it is.

:func:`demo_variants_load` is the loader the site's demo command calls."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from clubs.demo import DemoOptions
from clubs.models import Club, ClubNight, Member, Membership, User
from variants.models import Game, VariantTable
from variants.services import HandEntry, hand_correct, hand_enter, variant_table_create

#: The demo club's own points grid for colour whist. Club data, not a published grid:
#: no complete one was found (docs/variants.md).
DEMO_GRID = {
    "name": "demo club",
    "contracts": {
        "ask_join": {"base": 2, "over": 1, "under": 1},
        "alone": {"base": 3, "over": 1, "under": 1},
        "small_misery": {"base": 6},
        "piccolissimo": {"base": 7},
        "piccolo": {"base": 8},
        "abondance": {"base": 10, "over": 1, "under": 1},
        "large_misery": {"base": 12},
        "troel": {"base": 2, "over": 1, "under": 1},
        "open_misery": {"base": 24},
        "solo_slim": {"base": 60},
    },
    "all_tricks": 2,
    "troel_multiplier": 2,
}

#: game → (players, preset, hands, own table)
DEMO_TABLES = {
    Game.SOLO: (
        4,
        "foster",
        [
            HandEntry(calls=("solo", "pass", "pass", "pass"), tricks=7),
            HandEntry(contract="proposal", declarer=2, partner=0, tricks=9),
            HandEntry(contract="misere", declarer=3, tricks=1),
            HandEntry(calls=("pass", "abundance", "pass", "pass"), tricks=9),
        ],
        None,
    ),
    Game.COLOUR: (
        4,
        "club_grid",
        [
            HandEntry(calls=("ask_join:8:H", "join", "pass", "pass"), tricks=9),
            HandEntry(contract="abondance", declarer=2, level=9, suit="S", tricks=10),
            HandEntry(contract="small_misery", declarer=3, tricks=0),
            HandEntry(
                contract="troel", declarer=0, partner=3, suit="D", troel_ace_led=True, tricks=8
            ),
        ],
        DEMO_GRID,
    ),
    Game.BID: (
        4,
        "parlett",
        [
            HandEntry(calls=("4:uptown", "pass", "5:uptown", "pass"), tricks=10),
            HandEntry(declarer=3, level=4, contract="downtown", tricks=8),
            HandEntry(declarer=0, level=6, contract="uptown", tricks=10),
        ],
        None,
    ),
    Game.MINNESOTA: (
        4,
        "pagat",
        [
            HandEntry(grander=1, tricks=4),
            HandEntry(grander=None, tricks=5),
            HandEntry(grander=0, tricks=8),
        ],
        None,
    ),
    Game.KNOCKOUT: (
        5,
        "pagat",
        [
            HandEntry(suit="H", tricks_each=(3, 2, 0, 1, 1)),
            HandEntry(suit="S", tricks_each=(2, 1, 1, 2, 0)),
            HandEntry(suit="D", tricks_each=(2, 2, 0, 1, None)),
            HandEntry(suit="C", tricks_each=(4, 0, None, 0, None)),
        ],
        None,
    ),
    Game.EXACT: (
        4,
        "romanian",
        [
            HandEntry(suit="H", bids=(0, 1, 0, 1), tricks_each=(0, 1, 0, 0)),
            HandEntry(suit="S", bids=(1, 0, 0, 1), tricks_each=(0, 0, 1, 0)),
            HandEntry(suit="C", bids=(0, 0, 1, 1), tricks_each=(0, 0, 1, 0)),
            HandEntry(suit="D", bids=(1, 1, 0, 0), tricks_each=(1, 0, 0, 0)),
            HandEntry(suit="H", bids=(1, 1, 1, 1), tricks_each=(1, 0, 1, 0)),
        ],
        None,
    ),
}
CORRECTION = HandEntry(contract="misere", declarer=3, tricks=0)


def _members(club: Club, count: int) -> list[Member]:
    """``count`` members of the club, the demo player "tomas" first so he can enter."""
    members = list(
        Member.objects.filter(memberships__club=club).distinct().order_by("user__username", "pk")
    )
    tomas = [m for m in members if m.user and m.user.username == "tomas"]
    others = [m for m in members if m not in tomas and not (m.user and m.user.username == "marta")]
    chosen = (tomas + others)[:count]
    for n in range(len(chosen), count):
        member = Member.objects.create(name=f"Whist player {n + 1}")
        Membership.objects.create(club=club, member=member, valid_from=dt.date(2020, 1, 1))
        chosen.append(member)
    return chosen


@transaction.atomic
def demo_variants_load(club: Club, *, today: dt.date | None = None) -> list[VariantTable]:
    """A table of each game at the club's latest club night (one is made if there is
    none), with hands played; returns the night's whist-family tables."""
    today = today or dt.date.today()
    night = ClubNight.objects.filter(club=club).order_by("-date", "-pk").first()
    if night is None:
        night = ClubNight.objects.create(
            club=club, date=today - dt.timedelta(days=7), rule_profile=club.rule_profile
        )
    if night.variant_tables.exists():
        return list(night.variant_tables.order_by("number"))
    tables = []
    for game, (players, preset, hands, own) in DEMO_TABLES.items():
        table = variant_table_create(
            club_night=night,
            game=game,
            preset=preset,
            members=_members(club, players),
            own_table=own,
        )
        for number, entry in enumerate(hands, start=1):
            hand_enter(table=table, expected_number=number, entry=entry, by=None)
        tables.append(table)
    secretary = User.objects.filter(username="marta").first()
    if secretary is not None:
        hand_correct(
            hand=tables[0].hands.get(number=3),
            entry=CORRECTION,
            by=secretary,
            reason="West took no trick: the last trick was North's.",
        )
    return tables


def demo_load(club: Club, options: DemoOptions) -> list[str]:
    """The demo command's part (named in VariantsConfig): a table of each game of the whist
    family at the latest club night, and a line saying where they are."""
    tables = demo_variants_load(club)
    if not tables:
        return []
    return [
        f"  whist-family tables ({len(tables)}) at the club night of {tables[0].club_night.date}"
    ]
