"""Demo whist drives for ``manage.py demo`` (the site's demo command calls it):
:func:`demo_drives_load` sets up, through the services, a finished club drive of 37 players
on 10 tables (three ghosts, a late arrival, a leaver, a tie cut by the MC) and a drive
still being played (hand 3 of 8 at 4 tables), with a few club members among the players so
the drive ladder and the player pages have something to show."""

from __future__ import annotations

import datetime as dt
import random

from django.db import transaction
from django.utils import timezone

from clubs.demo import DemoOptions
from clubs.models import Club, Member, Membership, Role, User
from drives.models import Drive, DriveStatus
from drives.running import cut_record, drive_start, entry_record, hand_next
from drives.selectors import drive_state
from drives.services import drive_create, player_add, player_leave

LADIES = [
    "Ada",
    "Bea",
    "Cora",
    "Dora",
    "Edna",
    "Flo",
    "Gwen",
    "Hilda",
    "Ivy",
    "Joan",
    "Kitty",
    "Lil",
    "Mabel",
    "Nell",
    "Olive",
    "Pearl",
    "Queenie",
    "Rose",
    "Sybil",
]
GENTS = [
    "Alf",
    "Bert",
    "Cyril",
    "Den",
    "Ern",
    "Fred",
    "George",
    "Harold",
    "Ike",
    "Jack",
    "Ken",
    "Len",
    "Maurice",
    "Norm",
    "Ollie",
    "Percy",
    "Reg",
    "Stan",
]


def _play(drive: Drive, rng: random.Random, hands: int, *, events=None) -> Drive:
    """Enter random tricks for ``hands`` hands (calling each next hand); ``events`` maps a
    hand number to a function run before it is entered."""
    for _ in range(hands):
        drive.refresh_from_db()
        if drive.status != DriveStatus.RUNNING:
            break
        if events and drive.current_hand in events:
            events[drive.current_hand](drive)
        for th in drive_state(drive).hand(drive.current_hand):
            if not th.done:
                tricks = rng.randint(2, 11)
                entry_record(
                    drive=drive,
                    hand=th.hand,
                    table=th.table,
                    tricks_a=tricks,
                    tricks_b=13 - tricks,
                    by=None,
                )
        drive = hand_next(drive=drive)
    return drive


def _cut_ties(drive: Drive, organiser: User) -> None:
    for _ in range(10):
        awards = [a for a in drive_state(drive).awards if a.status == "cut_needed"]
        if not awards:
            return
        award = awards[0]
        winner = drive.players.get(pk=award.tied[0])
        cut_record(drive=drive, prize=award.number, winner=winner, by=organiser)


@transaction.atomic
def demo_drives_load(club: Club) -> list[Drive]:
    """Two drives of ``club``, run by its first organiser (or secretary) with a login; four
    of its members play the finished one as themselves (two as ladies, two as gents). Safe
    to run again: a club that already has drives is left as it is."""
    existing = list(club.drives.order_by("date", "pk"))
    if existing:
        return existing
    runner = (
        Membership.objects.filter(
            club=club, role__in=[Role.ORGANISER, Role.SECRETARY], member__user__isnull=False
        )
        .select_related("member__user")
        .order_by("role", "pk")
        .first()
    )
    if runner is None:
        return []
    organiser = runner.member.user
    members = list(
        Member.objects.filter(memberships__club=club)
        .exclude(pk=runner.member_id)
        .distinct()
        .order_by("pk")[:4]
    )
    rng = random.Random(1889)  # the first British mention of progressive whist
    today = timezone.localdate()
    finished = drive_create(
        organiser=organiser,
        club=club,
        name="Parish hall whist drive",
        date=today - dt.timedelta(days=7),
        settings={"hands": 12, "half_time_after": 6},
        counts_for_ladder=True,
    )
    linked = members
    as_lady, as_gent = linked[:2], linked[2:4]
    for n, name in enumerate(LADIES):
        member = as_lady[n] if n < len(as_lady) else None
        player_add(drive=finished, name=member.name if member else name, role="lady", member=member)
    for n, name in enumerate(GENTS):
        member = as_gent[n] if n < len(as_gent) else None
        player_add(drive=finished, name=member.name if member else name, role="gent", member=member)
    drive_start(drive=finished)

    def arrive_and_leave(drive: Drive) -> None:
        player_add(drive=drive, name="Tom (late)", role="gent")
        player_leave(drive=drive, player=drive.players.get(name="Sybil"))

    finished = _play(finished, rng, 12, events={3: arrive_and_leave})
    _cut_ties(finished, organiser)

    running = drive_create(
        organiser=organiser,
        club=club,
        name="Friday drive",
        date=today,
        settings={"hands": 8, "half_time_after": 4},
    )
    for name in LADIES[:8]:
        player_add(drive=running, name=name, role="lady")
    for name in GENTS[:7]:
        player_add(drive=running, name=name, role="gent")
    drive_start(drive=running)
    running = _play(running, rng, 2)
    return [finished, running]


def demo_load(club: Club, options: DemoOptions) -> list[str]:
    """The demo command's part (named in DrivesConfig): the club's drives, and a line
    saying what they are."""
    drives = demo_drives_load(club)
    return [
        f"  whist drive: {drive.name} ({drive.date}, {drive.get_status_display()})"
        for drive in drives
    ]
