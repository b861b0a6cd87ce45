"""Running a drive: start it, record each table's hand, call the next hand (moving the
players at the end of a round and seating late arrivals), correct an entry, record the cut
for a tied prize. Each is one transaction holding the drive's row, so a hand is never
called while a table is still entering it. The engine (:mod:`engine.drives`) referees every
step; its refusals become :class:`drives.services.DriveRefused` in the reader's language."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.errors import HandConflict
from clubs.models import User
from drives.codes import card_seated, code_new
from drives.models import (
    Drive,
    DriveCut,
    DriveEntry,
    DriveEntryCorrection,
    DrivePlayer,
    DriveRound,
    DriveStatus,
    DriveTable,
    EntryVia,
)
from drives.selectors import drive_state
from drives.services import DriveRefused, refusal, version_bump
from engine.drives.drive import (
    Entry,
    check_tricks,
    empty_seat,
    hand_tables,
    holder_map,
    round_winners,
)
from engine.drives.errors import DriveError
from engine.drives.movement import (
    check_seating,
    first_holders,
    first_seating,
    next_seating,
    seating_to_json,
    tables_for,
)
from engine.drives.prizes import AwardStatus


def _locked(drive: Drive) -> Drive:
    return Drive.objects.select_for_update().get(pk=drive.pk)


@transaction.atomic
def drive_start(*, drive: Drive) -> Drive:
    """Count the tables, seat everyone for round 1 (ghosts at the last tables), give each
    table its code, and call hand 1."""
    drive = _locked(drive)
    if drive.status != DriveStatus.SETUP:
        raise DriveRefused(_("The drive has already started."))
    players = list(drive.players.order_by("number"))
    ladies = [p.pk for p in players if p.role == "lady"]
    gents = [p.pk for p in players if p.role == "gent"]
    try:
        drive.rules()
        tables = tables_for(len(ladies), len(gents))
    except DriveError as error:
        raise refusal(error) from None
    holders = first_holders(ladies, gents, tables)
    by_pk = {p.pk: p for p in players}
    for token, pk in holders.items():
        by_pk[pk].token = token
    DrivePlayer.objects.bulk_update(players, ["token"])
    DriveRound.objects.create(drive=drive, number=1, seating=seating_to_json(first_seating(tables)))
    DriveTable.objects.bulk_create(
        DriveTable(drive=drive, number=n, code=code_new()) for n in range(1, tables + 1)
    )
    drive.status, drive.tables, drive.current_hand = DriveStatus.RUNNING, tables, 1
    drive.save(update_fields=["status", "tables", "current_hand"])
    version_bump(drive)
    return drive


def _stored_text(entry: DriveEntry) -> str:
    return _("pair A %(a)d, pair B %(b)d") % {"a": entry.tricks_a, "b": entry.tricks_b}


def entry_record(
    *,
    drive: Drive,
    hand: int,
    table: int,
    tricks_a: int,
    tricks_b: int,
    by: User | None,
    via: str = EntryVia.TABLE,
    card: str | None = None,
) -> DriveEntry:
    """Store table ``table``'s tricks for ``hand`` (the hand being played). Refused: a hand
    not being played, a sit-out table, tricks that do not make 13. Already stored:
    :class:`HandConflict` carrying the stored entry (the MC corrects it).

    A table's phone (page or API) passes ``card``, the card code it was given: refused
    (:class:`CardRefused`, before anything else about the table is said) unless it is the
    card of a player seated at ``table`` in ``hand``."""
    try:
        with transaction.atomic():
            return _entry_record(drive, hand, table, (tricks_a, tricks_b), by, via, card)
    except IntegrityError:
        stored = DriveEntry.objects.filter(drive=drive, hand=hand, table=table).first()
        raise _conflict(stored, hand, table) from None


def _conflict(stored: DriveEntry | None, hand: int, table: int) -> HandConflict:
    text = _stored_text(stored) if stored else ""
    return HandConflict(
        _(
            "Table %(table)d has already entered hand %(hand)d: %(stored)s. Ask the MC to "
            "correct it."
        )
        % {"table": table, "hand": hand, "stored": text},
        stored,
    )


class CardRefused(DriveRefused):
    """The card code typed at a table is not that of a player seated there in this hand."""


def _card_check(state, hand: int, table: int, card: str) -> None:
    seated = next((th for th in state.hand(hand) if th.table == table), None)
    ids = [p for p in (*seated.pair_a, *seated.pair_b) if p is not None] if seated else []
    numbers = [state.players[p].number for p in ids if p in state.players]
    if card_seated(card, drive_id=state.drive.pk, numbers=numbers) is None:
        raise CardRefused(
            _(
                "This card code is not that of a player at table %(table)d in hand %(hand)d: "
                "enter the hand at the table where you sit now, with the code on your own "
                "score card."
            )
            % {"table": table, "hand": hand}
        )


def _entry_record(drive, hand, table, tricks, by, via, card) -> DriveEntry:
    tricks_a, tricks_b = tricks
    drive = _locked(drive)
    if drive.status != DriveStatus.RUNNING or hand != drive.current_hand:
        raise DriveRefused(
            _("Hand %(hand)d is not being played now (the hand being played is %(now)d).")
            % {"hand": hand, "now": drive.current_hand}
        )
    state = drive_state(drive)
    if card is not None:
        _card_check(state, hand, table, card)
    stored = DriveEntry.objects.filter(drive=drive, hand=hand, table=table).first()
    if stored is not None:
        raise _conflict(stored, hand, table)
    try:
        entry = check_tricks(tricks_a, tricks_b)
        values = {k: Entry(e.tricks_a, e.tricks_b) for k, e in state.entries.items()}
        values[(hand, table)] = entry
        hand_tables(state.settings, state.seatings, state.holdings, values)
    except DriveError as error:
        raise refusal(error) from None
    row = DriveEntry.objects.create(
        drive=drive,
        hand=hand,
        table=table,
        tricks_a=tricks_a,
        tricks_b=tricks_b,
        entered_by=by if by is not None and by.is_authenticated else None,
        via=via,
    )
    version_bump(drive)
    return row


@transaction.atomic
def hand_next(*, drive: Drive) -> Drive:
    """Call the next hand once every table has entered this one. At the end of a round the
    players move (the new seating is stored), leavers' seats become ghosts and late
    arrivals take empty seats; after the last hand the drive is finished."""
    drive = _locked(drive)
    if drive.status != DriveStatus.RUNNING:
        raise DriveRefused(_("The drive is not being played."))
    state = drive_state(drive)
    rules = state.settings
    waiting = [th.table for th in state.hand(drive.current_hand) if not th.done]
    if waiting:
        raise DriveRefused(
            _("Tables still to enter hand %(hand)d: %(tables)s.")
            % {"hand": drive.current_hand, "tables": ", ".join(map(str, waiting))}
        )
    if drive.current_hand >= rules.hands:
        drive.status = DriveStatus.FINISHED
        drive.save(update_fields=["status"])
        version_bump(drive)
        return drive
    round_now = rules.round_of(drive.current_hand)
    if rules.round_of(drive.current_hand + 1) != round_now:
        _move(drive, state, round_now)
    drive.current_hand += 1
    drive.save(update_fields=["current_hand"])
    version_bump(drive)
    return drive


def _move(drive: Drive, state, round_now: int) -> None:
    try:
        winners = round_winners(state.settings, state.hands, round_now)
        seating = next_seating(state.seatings[-1], winners, state.settings)
        check_seating(seating, drive.tables, round_now + 1)
        holders = holder_map(state.holdings, round_now + 1)
        arrivals = [p for p in state.players.values() if p.token is None]
        for player in sorted(arrivals, key=lambda p: p.number):
            player.token = empty_seat(seating, holders, player.role)
            player.first_round = round_now + 1
            holders[player.token] = player.pk
            player.save(update_fields=["token", "first_round"])
    except DriveError as error:
        raise refusal(error) from None
    DriveRound.objects.create(drive=drive, number=round_now + 1, seating=seating_to_json(seating))


@transaction.atomic
def entry_correct(
    *, entry: DriveEntry, tricks_a: int, tricks_b: int, by: User, reason: str
) -> DriveEntryCorrection:
    """The MC changes a table's entry, with a reason; kept with who, when, before and
    after. Scores and prizes follow; the seating of rounds already called stays as played."""
    if not reason.strip():
        raise DriveRefused(_("Give a reason for the correction."))
    entry = DriveEntry.objects.select_for_update().get(pk=entry.pk)
    try:
        check_tricks(tricks_a, tricks_b)
    except DriveError as error:
        raise refusal(error) from None
    before = {"tricks_a": entry.tricks_a, "tricks_b": entry.tricks_b}
    entry.tricks_a, entry.tricks_b = tricks_a, tricks_b
    entry.save(update_fields=["tricks_a", "tricks_b"])
    correction = DriveEntryCorrection.objects.create(
        entry=entry,
        corrected_by=by,
        before=before,
        after={"tricks_a": tricks_a, "tricks_b": tricks_b},
        reason=reason.strip(),
    )
    version_bump(entry.drive)
    return correction


@transaction.atomic
def cut_record(*, drive: Drive, prize: int, winner: DrivePlayer, by: User) -> DriveCut:
    """Record who won the cut for tied prize ``prize`` (after the last hand)."""
    drive = _locked(drive)
    if drive.status != DriveStatus.FINISHED:
        raise DriveRefused(_("Prizes are cut after the last hand."))
    state = drive_state(drive)
    award = next((a for a in state.awards if a.number == prize), None)
    if award is None or award.status != AwardStatus.CUT_NEEDED:
        raise DriveRefused(_("This prize has no tie to cut."))
    if winner.pk not in award.tied:
        raise DriveRefused(_("%(name)s is not tied for this prize.") % {"name": winner.name})
    cut = DriveCut.objects.create(
        drive=drive,
        prize=prize,
        winner=winner,
        cut_by=by,
        tied=[{"id": pk, "name": state.name(pk)} for pk in award.tied],
    )
    version_bump(drive)
    return cut
