"""Setting up a drive: create it, change its settings, add players at the door (late
arrivals once it runs) and let players leave. Every write is one transaction; refusals
raise :class:`DriveRefused` with the reason in the reader's language. The caller checks
who may (:mod:`drives.access`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _

from clubs.errors import ClubError
from clubs.models import Club, Member, Membership, User
from drives.models import Drive, DrivePlayer, DriveStatus, RoleName
from drives.rulings import drive_ruling
from engine.drives.errors import DriveError
from engine.drives.settings import DriveSettings


class DriveRefused(ClubError):
    """The drive cannot do what was asked; nothing was stored."""


def refusal(error: DriveError) -> DriveRefused:
    return DriveRefused(drive_ruling(error))


def settings_checked(settings: Mapping[str, object]) -> dict[str, object]:
    """The settings as the engine reads them (defaults filled in), or refused."""
    try:
        return DriveSettings.from_dict(settings).to_dict()
    except DriveError as error:
        raise refusal(error) from None


def version_bump(drive: Drive) -> None:
    """Tell open screens that something changed."""
    Drive.objects.filter(pk=drive.pk).update(version=F("version") + 1)


def _clean(row) -> None:
    try:
        row.full_clean()
    except ValidationError as error:
        raise DriveRefused("; ".join(error.messages)) from None


@transaction.atomic
def drive_create(
    *,
    organiser: User,
    name: str,
    date: dt.date,
    settings: Mapping[str, object],
    club: Club | None = None,
    counts_for_ladder: bool = False,
) -> Drive:
    """A new drive in set-up: a club's, or (``club`` None) a one-off public event."""
    drive = Drive(
        club=club,
        organiser=organiser,
        name=name.strip(),
        date=date,
        settings=settings_checked(settings),
        counts_for_ladder=counts_for_ladder and club is not None,
    )
    _clean(drive)
    drive.save()
    return drive


@transaction.atomic
def drive_update(
    *,
    drive: Drive,
    name: str,
    date: dt.date,
    settings: Mapping[str, object],
    counts_for_ladder: bool = False,
) -> Drive:
    """Change a drive's name, date and settings. Once play has started only the name, the
    date and the mystery number may change (the movement and scoring are fixed)."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    checked = settings_checked(settings)
    if drive.status != DriveStatus.SETUP:
        fixed = {k: v for k, v in checked.items() if k != "mystery_number"}
        stored = {k: v for k, v in drive.rules().to_dict().items() if k != "mystery_number"}
        if fixed != stored:
            raise DriveRefused(_("The drive has started: only the mystery number can change."))
    drive.name, drive.date, drive.settings = name.strip(), date, checked
    drive.counts_for_ladder = counts_for_ladder and drive.club_id is not None
    _clean(drive)
    drive.save()
    version_bump(drive)
    return drive


def _current_round(drive: Drive) -> int:
    return drive.rules().round_of(drive.current_hand)


def _free_seats(drive: Drive, role: str) -> int:
    """Seats of ``role`` no player holds from the next round on (waiting arrivals count)."""
    after = _current_round(drive)
    taken = drive.players.filter(role=role).exclude(last_round__lte=after).count()
    return 2 * drive.tables - taken


@transaction.atomic
def player_add(*, drive: Drive, name: str, role: str, member: Member | None = None) -> DrivePlayer:
    """Add a player typed at the door. Before the start any number may come (tables are
    counted at the start); once playing, a late arrival waits for the next round and takes
    an empty seat of their role then — refused when none is empty (unless the drive lets
    late arrivals open a new table) or no round is left."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    if role not in RoleName.values:
        raise DriveRefused(_("Choose lady or gent."))
    if not name.strip():
        raise DriveRefused(_("Type the player's name."))
    if member is not None:
        _check_member(drive, member)
    first_round = 1
    if drive.status == DriveStatus.FINISHED:
        raise DriveRefused(_("The drive is over."))
    if drive.status == DriveStatus.RUNNING:
        rules = drive.rules()
        first_round = _current_round(drive) + 1
        if first_round > rules.rounds:
            raise DriveRefused(_("This is the last round: there is no round left to join."))
        if _free_seats(drive, role) <= 0 and not rules.late_tables:
            raise refusal(
                DriveError("no empty seat", code="drive_no_empty_seat", params={"role": role})
            )
    number = (drive.players.aggregate(n=Max("number"))["n"] or 0) + 1
    player = DrivePlayer(
        drive=drive,
        number=number,
        name=name.strip(),
        role=role,
        member=member,
        first_round=first_round,
    )
    _clean(player)
    player.save()
    version_bump(drive)
    return player


def _check_member(drive: Drive, member: Member) -> None:
    if drive.club_id is None:
        raise DriveRefused(_("Only a club's drive can name the club's members."))
    if not Membership.objects.filter(club_id=drive.club_id, member=member).exists():
        raise DriveRefused(_("%(name)s is not a member of this club.") % {"name": member.name})
    if drive.players.filter(member=member).exists():
        raise DriveRefused(_("%(name)s is already playing.") % {"name": member.name})


def players_add_lines(*, drive: Drive, text: str) -> list[DrivePlayer]:
    """Add a list typed or pasted at the door, one player a line: ``Name, lady`` or
    ``Name, gent`` (also ``L``/``G`` and the Spanish and Czech words). All or nothing."""
    words = {
        RoleName.LADY: {"lady", "l", "dama", "d", "dáma", "žena", "ž"},
        RoleName.GENT: {"gent", "g", "caballero", "c", "pán", "p", "muž", "m"},
    }
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, _sep, role_word = line.rpartition(",")
        role = next((r for r, w in words.items() if role_word.strip().lower() in w), None)
        if not name.strip() or role is None:
            raise DriveRefused(_("Line %(n)d: write “Name, lady” or “Name, gent”.") % {"n": number})
        rows.append((name.strip(), role))
    with transaction.atomic():
        return [player_add(drive=drive, name=name, role=role) for name, role in rows]


@transaction.atomic
def player_leave(*, drive: Drive, player: DrivePlayer) -> None:
    """A player leaves: before the start (or while waiting to join) they are taken off the
    list; once playing, their seat becomes a ghost's after the current round."""
    drive = Drive.objects.select_for_update().get(pk=drive.pk)
    player = DrivePlayer.objects.select_for_update().get(pk=player.pk, drive=drive)
    if drive.status == DriveStatus.FINISHED:
        raise DriveRefused(_("The drive is over."))
    if drive.status == DriveStatus.SETUP or player.token is None:
        player.delete()
    else:
        if player.last_round is not None:
            raise DriveRefused(_("%(name)s has already left.") % {"name": player.name})
        player.last_round = _current_round(drive)
        player.save(update_fields=["last_round"])
    version_bump(drive)
