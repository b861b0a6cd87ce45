"""Writes for tournaments: events, entries, board sets and schedules.

Each service loads rows, converts them to engine or movement values, calls the pure code,
and saves in one transaction. Errors are :class:`~tournaments.errors.TournamentError`
subclasses with a message an organiser can act on.
"""

from __future__ import annotations

import datetime as dt
import logging
import secrets
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.models import Club, Member
from engine.boards import Board as EngineBoard
from engine.boards import TrumpScheme as EngineTrumpScheme
from engine.boards import board_set as engine_board_set
from engine.errors import EngineError
from engine.pbn import format_dd_tricks, read_pbn
from tournaments import selectors
from tournaments.errors import (
    BoardPlayedError,
    BoardSetError,
    EntryError,
    ScheduleError,
    StatusError,
)
from tournaments.models import (
    STATUS_TRANSITIONS,
    Board,
    BoardPlay,
    BoardSet,
    Direction,
    Entry,
    EntryChange,
    Seating,
    Section,
    Session,
    Tournament,
    TournamentStatus,
)

logger = logging.getLogger(__name__)

MAX_BOARDS = 200


@transaction.atomic
def tournament_create(
    *,
    club: Club,
    name: str,
    starts: dt.date,
    ends: dt.date | None = None,
    rule_profile: str = "duplicate",
    trump_scheme: str = EngineTrumpScheme.HDSC,
    scoring_method: str = "matchpoints",
    individual: bool = False,
    sessions: int = 1,
) -> Tournament:
    """A draft event with its sessions, each with a section A."""
    if sessions < 1:
        raise StatusError(_("An event has at least one session."))
    base = slugify(name)[:60] or "event"
    slug, n = base, 2
    while Tournament.objects.filter(club=club, slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    tournament = Tournament(
        club=club,
        name=name,
        slug=slug,
        starts=starts,
        ends=ends,
        rule_profile=rule_profile,
        trump_scheme=trump_scheme,
        scoring_method=scoring_method,
        individual=individual,
    )
    tournament.full_clean()
    tournament.save()
    for number in range(1, sessions + 1):
        session = Session.objects.create(tournament=tournament, number=number)
        Section.objects.create(session=session, name="A")
    return tournament


@transaction.atomic
def tournament_set_status(*, tournament: Tournament, status: str) -> Tournament:
    """Move the event along draft → scheduled → running → finished (or back one step where
    allowed). Scheduling needs every section to have a schedule."""
    if status == tournament.status:
        return tournament
    if status not in STATUS_TRANSITIONS.get(tournament.status, frozenset()):
        raise StatusError(
            _("An event cannot go from %(old)s to %(new)s.")
            % {"old": tournament.get_status_display(), "new": TournamentStatus(status).label}
        )
    if status == TournamentStatus.SCHEDULED:
        unscheduled = [
            str(s) for s in Section.objects.filter(session__tournament=tournament) if not s.movement
        ]
        if unscheduled:
            raise StatusError(
                _("Generate a schedule first for: %(sections)s")
                % {"sections": ", ".join(unscheduled)}
            )
    tournament.status = status
    tournament.save(update_fields=["status"])
    return tournament


def _check_changes_before_start(section: Section, what: str) -> None:
    if section.session.tournament.status in (TournamentStatus.RUNNING, TournamentStatus.FINISHED):
        raise EntryError(
            _(
                "The event has started: %(what)s is no longer possible; substitute a player or "
                "withdraw the pair instead."
            )
            % {"what": what}
        )


@transaction.atomic
def entry_add(
    *,
    section: Section,
    member1: Member | None = None,
    member2: Member | None = None,
    guest1: str = "",
    guest2: str = "",
    direction: str = Direction.NONE,
) -> Entry:
    """Add a pair (or, in an individual event, one player) with the next free number.
    Adding after the schedule was generated clears the schedule: regenerate it."""
    _check_changes_before_start(section, _("adding an entry"))
    individual = section.session.tournament.individual
    if member1 is None and not guest1.strip():
        raise EntryError(_("Give the first player: a member or a guest's name."))
    if individual and (member2 is not None or guest2.strip()):
        raise EntryError(_("An individual event has one player per entry."))
    if not individual and member2 is None and not guest2.strip():
        raise EntryError(_("A pair needs a second player: a member or a guest's name."))
    members = {m.pk for m in (member1, member2) if m is not None}
    if member1 is not None and member2 is not None and member1.pk == member2.pk:
        raise EntryError(_("A player cannot partner themselves."))
    taken = selectors.members_entered(section=section) & members
    if taken:
        names = ", ".join(m.name for m in Member.objects.filter(pk__in=taken))
        raise EntryError(_("Already entered in this section: %(names)s") % {"names": names})
    number = (
        Entry.objects.filter(section=section)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
        or 0
    ) + 1
    entry = Entry(
        section=section,
        number=number,
        member1=member1,
        member2=member2,
        guest1=guest1.strip(),
        guest2=guest2.strip(),
        direction=direction,
    )
    entry.full_clean()
    entry.save()
    _schedule_clear(section)
    return entry


@transaction.atomic
def entry_remove(*, entry: Entry) -> None:
    """Before the start, take an entry out entirely and renumber the rest (the schedule is
    cleared: regenerate it)."""
    section = entry.section
    _check_changes_before_start(section, _("removing an entry"))
    _schedule_clear(section)
    entry.delete()
    for number, other in enumerate(Entry.objects.filter(section=section).order_by("number"), 1):
        if other.number != number:
            Entry.objects.filter(pk=other.pk).update(number=number)


def _entry_snapshot(entry: Entry) -> dict[str, Any]:
    return {
        "member1": entry.member1_id,
        "member2": entry.member2_id,
        "guest1": entry.guest1,
        "guest2": entry.guest2,
        "withdrawn": entry.withdrawn,
    }


@transaction.atomic
def entry_substitute(
    *,
    entry: Entry,
    position: int,
    member: Member | None = None,
    guest: str = "",
    changed_by=None,
    reason: str,
) -> Entry:
    """Replace player ``position`` (1 or 2) of ``entry`` during play; the entry keeps its
    number and the change is kept in its history."""
    if position not in (1, 2) or (position == 2 and entry.section.session.tournament.individual):
        raise EntryError(_("Choose which player is replaced: 1 or 2."))
    if member is None and not guest.strip():
        raise EntryError(_("Give the substitute: a member or a guest's name."))
    if not reason.strip():
        raise EntryError(_("Say why the player is replaced."))
    before = _entry_snapshot(entry)
    setattr(entry, f"member{position}", member)
    setattr(entry, f"guest{position}", "" if member is not None else guest.strip())
    entry.full_clean()
    entry.save()
    EntryChange.objects.create(
        entry=entry,
        changed_by=changed_by,
        before=before,
        after=_entry_snapshot(entry),
        reason=reason.strip(),
    )
    return entry


@transaction.atomic
def entry_withdraw(*, entry: Entry, from_round: int, changed_by=None, reason: str) -> int:
    """Withdraw a pair during play: its boards from ``from_round`` on become not played
    (flagged for scoring). Returns how many board plays were flagged."""
    if not reason.strip():
        raise EntryError(_("Say why the pair withdraws."))
    before = _entry_snapshot(entry)
    entry.withdrawn = True
    entry.save(update_fields=["withdrawn"])
    flagged = (
        BoardPlay.objects.filter(
            seating__section=entry.section_id,
            seating__round__gte=from_round,
        )
        .filter(selectors.seated_q(entry.pk, prefix="seating__"))
        .update(not_played=True)
    )
    EntryChange.objects.create(
        entry=entry,
        changed_by=changed_by,
        before=before,
        after=_entry_snapshot(entry),
        reason=reason.strip(),
    )
    return flagged


def _engine_scheme(value: str) -> EngineTrumpScheme:
    try:
        return EngineTrumpScheme(value)
    except ValueError:
        raise BoardSetError(_("Unknown trump scheme: %(scheme)s") % {"scheme": value}) from None


def _board_row(board_set: BoardSet, board: EngineBoard) -> Board:
    return Board(
        board_set=board_set,
        number=board.number,
        dealer=board.dealer.name,
        trump=board.trump.letter if board.trump is not None else "",
        deal=board.deal.to_pbn(),
        turned=str(board.deal.turned) if board.deal.turned else "",
        dd_tricks=format_dd_tricks(board.dd_tricks) if board.dd_tricks is not None else "",
    )


def _analyse_later(board_set: BoardSet) -> None:
    """Ask a worker for the double-dummy tricks once the set is committed.

    On the embedded default (tasks run eagerly, no worker) nothing is started: the solver
    would run inside the web request and load into the web process. There the analysis is
    run by ``manage.py demo`` or by a worker once Redis is configured.
    """
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return

    def enqueue() -> None:
        try:
            from scoring.tasks import board_set_analyse_task
        except ImportError:  # the scoring app's task is not installed
            return
        try:
            board_set_analyse_task.delay(board_set.pk)
        except Exception:  # noqa: BLE001 - the broker is unavailable: analyse later
            logger.warning(
                "double-dummy analysis of board set %s not started", board_set.pk, exc_info=True
            )

    transaction.on_commit(enqueue)


@transaction.atomic
def board_set_generate(
    *, club: Club, count: int, seed: str | None = None, trump_scheme: str = "hdsc", name: str = ""
) -> BoardSet:
    """Boards 1…``count`` dealt from ``seed`` (a new random seed is recorded when none is
    given, so the set can always be dealt again)."""
    if not 1 <= count <= MAX_BOARDS:
        raise BoardSetError(_("A board set has 1 to %(max)s boards.") % {"max": MAX_BOARDS})
    seed = (seed or "").strip() or secrets.token_hex(8)
    scheme = _engine_scheme(trump_scheme)
    board_set = BoardSet.objects.create(
        club=club,
        name=name or _("Boards from seed %(seed)s") % {"seed": seed},
        source=BoardSet.Source.SEED,
        seed=seed,
        trump_scheme=scheme.value,
    )
    Board.objects.bulk_create(
        _board_row(board_set, b) for b in engine_board_set(count, seed, scheme)
    )
    _analyse_later(board_set)
    return board_set


@transaction.atomic
def board_set_import_pbn(
    *, club: Club, text: str, trump_scheme: str = "hdsc", name: str = ""
) -> BoardSet:
    """A board set read from a PBN file; nothing is saved when any board is wrong."""
    scheme = _engine_scheme(trump_scheme)
    try:
        boards = read_pbn(text, scheme)
    except EngineError as error:
        raise BoardSetError(str(error)) from error
    if not boards:
        raise BoardSetError(_("The PBN file has no boards."))
    numbers = [b.number for b in boards]
    if len(set(numbers)) != len(numbers):
        twice = sorted({n for n in numbers if numbers.count(n) > 1})
        raise BoardSetError(_("Board %(n)s appears twice in the file.") % {"n": twice[0]})
    board_set = BoardSet.objects.create(
        club=club,
        name=name or _("Imported boards"),
        source=BoardSet.Source.PBN,
        trump_scheme=scheme.value,
    )
    Board.objects.bulk_create(_board_row(board_set, b) for b in boards)
    _analyse_later(board_set)
    return board_set


SEATS = ("N", "E", "S", "W")


def _deal_text(deal_pbn: str | None, hands: Mapping[str, str] | None) -> str:
    """The PBN deal when given, else the four hands as one PBN deal from North."""
    if (deal_pbn or "").strip():
        return deal_pbn.strip()
    if hands is None:
        raise BoardSetError(_("Give the deal in PBN or the four hands."))
    missing = [seat for seat in SEATS if not (hands.get(seat) or "").strip()]
    if missing:
        raise BoardSetError(
            _("Give all four hands; missing: %(seats)s.") % {"seats": ", ".join(missing)}
        )
    return "N:" + " ".join(hands[seat].strip() for seat in SEATS)


def _turned_kept(board: Board, deal: Any) -> str:
    """The turned card stays when the new deal still gives it to the dealer; a board whose
    trumps are the turned card cannot lose it."""
    from engine.cards import Card, Seat

    if not board.turned:
        return ""
    if Card.parse(board.turned) in deal.hand(Seat.parse(board.dealer)):
        return board.turned
    if board.board_set.trump_scheme == EngineTrumpScheme.TURNED.value:
        raise BoardSetError(
            _(
                "Trumps on board %(n)s are the turned card %(card)s, which the new deal does "
                "not give the dealer (%(dealer)s)."
            )
            % {"n": board.number, "card": board.turned, "dealer": board.dealer}
        )
    return ""


@transaction.atomic
def board_deal_change(
    *, board: Board, deal_pbn: str | None = None, hands: Mapping[str, str] | None = None
) -> Board:
    """Correct a board's deal, given in PBN (``N:… … … …``) or as four hands by seat
    (``{"N": "AKQJ.T98.765.432", …}``, suits spades to clubs; the PBN wins when both are
    given). Refused once a result exists for the board (:class:`BoardPlayedError`) and for
    an impossible deal (a card twice, a hand of 12); nothing is saved then. The
    double-dummy table is cleared and the board set's analysis job, which analyses the
    boards lacking one, recomputes it."""
    from engine.deal import parse_pbn_deal

    board = Board.objects.select_for_update().select_related("board_set").get(pk=board.pk)
    if selectors.board_has_results(board):
        raise BoardPlayedError(
            _("Board %(n)s already has results: its deal can no longer change.")
            % {"n": board.number}
        )
    try:
        deal = parse_pbn_deal(_deal_text(deal_pbn, hands))
    except EngineError as error:
        raise BoardSetError(
            _("Board %(n)s: the deal cannot be used: %(error)s")
            % {"n": board.number, "error": error}
        ) from error
    if deal.to_pbn() == board.deal:
        return board
    board.deal, board.turned, board.dd_tricks = deal.to_pbn(), _turned_kept(board, deal), ""
    board.full_clean()
    board.save(update_fields=["deal", "turned", "dd_tricks"])
    _analyse_later(board.board_set)
    return board


def _schedule_clear(section: Section) -> None:
    if section.movement:
        BoardPlay.objects.filter(seating__section=section).delete()
        Seating.objects.filter(section=section).delete()
        section.movement, section.movement_type = {}, ""
        section.save(update_fields=["movement", "movement_type"])


@transaction.atomic
def section_schedule_save(
    *, section: Section, movement: Mapping[str, Any], board_set: BoardSet | None = None
) -> Section:
    """Save a movement (its JSON, already validated) as the section's schedule rows."""
    if section.session.tournament.status in (TournamentStatus.RUNNING, TournamentStatus.FINISHED):
        raise ScheduleError(_("The event has started: its schedule can no longer be replaced."))
    board_set = board_set or section.board_set
    if board_set is None:
        raise ScheduleError(_("Choose or create the board set first."))
    entries = {e.number: e for e in Entry.objects.filter(section=section)}
    boards = {b.number: b for b in Board.objects.filter(board_set=board_set)}
    individual = movement.get("type") in ("individual", "rubber3")
    _schedule_clear(section)
    seatings, plays = [], []
    for round_ in movement.get("rounds", []):
        for table in round_["tables"]:
            keys = ("north", "south", "east", "west") if individual else ("ns", "ew")
            try:
                seats = {k: entries[table[k]] for k in keys}
            except KeyError as missing:
                raise ScheduleError(
                    _("The movement needs entry %(n)s, which this section does not have.")
                    % {"n": table.get(missing.args[0], missing.args[0])}
                ) from None
            seating = Seating(
                section=section,
                round=round_["round"],
                table=table["table"],
                ns=seats["north" if individual else "ns"],
                ew=seats["east" if individual else "ew"],
                south=seats.get("south"),
                west=seats.get("west"),
            )
            seatings.append(seating)
            for number in table["boards"]:
                if number not in boards:
                    raise ScheduleError(
                        _("The movement uses board %(n)s but the board set has %(count)s boards.")
                        % {"n": number, "count": len(boards)}
                    )
                plays.append((seating, boards[number]))
    Seating.objects.bulk_create(seatings)
    BoardPlay.objects.bulk_create(BoardPlay(seating=s, board=b) for s, b in plays)
    directions = selectors.movement_directions(movement)
    for number, direction in directions.items():
        if number in entries and entries[number].direction != direction:
            Entry.objects.filter(pk=entries[number].pk).update(direction=direction)
    section.movement, section.movement_type = dict(movement), movement.get("type", "")
    section.board_set = board_set
    section.save(update_fields=["movement", "movement_type", "board_set"])
    return section


@transaction.atomic
def section_board_set_choose(*, section: Section, board_set: BoardSet) -> Section:
    """Use ``board_set`` for the section (clearing a schedule made with another set)."""
    if section.board_set_id != board_set.pk:
        if section.session.tournament.status in (
            TournamentStatus.RUNNING,
            TournamentStatus.FINISHED,
        ):
            raise BoardSetError(_("The event has started: its boards can no longer change."))
        _schedule_clear(section)
        section.board_set = board_set
        section.save(update_fields=["board_set"])
    return section
