"""Events and entries: create an event, move it through its life cycle, add, remove,
substitute and withdraw entries."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.models import Club, Member
from engine.boards import TrumpScheme as EngineTrumpScheme
from tournaments import selectors, signals, visibility
from tournaments.errors import (
    DirectorError,
    EntryError,
    StatusError,
)
from tournaments.models import (
    STATUS_TRANSITIONS,
    STATUSES_STARTED,
    BoardPlay,
    Direction,
    Entry,
    EntryChange,
    Section,
    Session,
    StatusChange,
    Tournament,
    TournamentStatus,
)
from tournaments.open_results import open_gate
from tournaments.readiness import tournament_missing
from tournaments.services.sections import _schedule_clear


def before_start(tournament: Tournament) -> bool:
    """Whether play has not begun (draft or ready): entries and schedules may still change."""
    return tournament.status not in STATUSES_STARTED


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
    compass_winners: str = "two",
    individual: bool = False,
    sessions: int = 1,
    created_by=None,
) -> Tournament:
    """A draft event with its sessions, each with a section A. ``compass_winners``: "two"
    (each direction ranked apart) or "one" (compass ranked as one field, rules.md §7).
    The organiser who creates it (``created_by``, a login) is its first director."""
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
        compass_winners=compass_winners,
        individual=individual,
    )
    tournament.full_clean()
    tournament.save()
    for number in range(1, sessions + 1):
        session = Session.objects.create(tournament=tournament, number=number)
        Section.objects.create(session=session, name="A")
    creator = (
        Member.objects.filter(user=created_by).first()
        if created_by is not None and created_by.is_authenticated
        else None
    )
    if creator is not None:
        tournament.directors.add(creator)
    return tournament


@transaction.atomic
def tournament_directors_set(
    *, tournament: Tournament, members: Iterable[Member], by=None
) -> list[Member]:
    """Name the event's directors (:class:`Tournament` says what a director is). Each must
    be an organiser or secretary of the club today and not play in the event; at least
    one is named. ``by`` must not play in the event either: a player never chooses who
    directs it."""
    chosen = {member.pk: member for member in members}
    if not chosen:
        raise DirectorError(_("Name at least one director."))
    if by is not None and visibility.member_plays_in(
        Member.objects.filter(user=by).values_list("pk", flat=True).first(), tournament
    ):
        raise DirectorError(_("You play in this event: its directors choose who directs it."))
    eligible = set(visibility.directors_eligible(tournament).values_list("pk", flat=True))
    refused = [member.name for pk, member in chosen.items() if pk not in eligible]
    if refused:
        raise DirectorError(
            _(
                "A director is an organiser or secretary of the club who does not play in "
                "the event: %(names)s cannot be one."
            )
            % {"names": ", ".join(sorted(refused))}
        )
    tournament.directors.set(chosen.values())
    return sorted(chosen.values(), key=lambda member: member.name)


@transaction.atomic
def tournament_live_standings_set(
    *, tournament: Tournament, setting: str, hidden_rounds: int, by
) -> Tournament:
    """Who follows the standings during play (:class:`~tournaments.models.LiveStandings`;
    the rule that applies it is :mod:`scoring.standings_sight`). Only the event's directors
    choose it: a player who showed the standings to everyone would publish them."""
    if not visibility.is_director(by, tournament):
        raise DirectorError(visibility.directors_only_message())
    tournament.live_standings = setting
    tournament.live_hidden_rounds = hidden_rounds
    tournament.full_clean(exclude=["club", "season", "slug", "name", "starts", "ends"])
    tournament.save(update_fields=["live_standings", "live_hidden_rounds"])
    return tournament


@transaction.atomic
def tournament_set_status(
    *, tournament: Tournament, status: str, by=None, reason: str = "", anyway: bool = False
) -> Tournament:
    """Move the event along draft → ready → running → finished → released → closed (or back
    one step where allowed). Ready and the start need every check of
    :func:`tournaments.readiness.tournament_checks` to pass (entries, boards, a schedule);
    the refusal lists what is missing. Finishing play and releasing wait until no result
    is missing, unconfirmed or disputed (:mod:`tournaments.open_results`), unless
    ``anyway`` with a ``reason``, which the history keeps with what was open."""
    if status == tournament.status:
        return tournament
    if status not in STATUS_TRANSITIONS.get(tournament.status, frozenset()):
        raise StatusError(
            _("An event cannot go from %(old)s to %(new)s.")
            % {"old": tournament.get_status_display(), "new": TournamentStatus(status).label}
        )
    if status == TournamentStatus.READY or (
        status == TournamentStatus.RUNNING and before_start(tournament)
    ):
        missing = tournament_missing(tournament)
        if missing:
            raise StatusError(
                _("Not ready yet: %(missing)s")
                % {
                    "missing": "; ".join(
                        f"{check.section_label}: {check.missing}" for check in missing
                    )
                }
            )
    kept = open_gate(tournament, status, anyway=anyway, reason=reason)
    before = tournament.status
    tournament.status = status
    tournament.save(update_fields=["status"])
    change = StatusChange.objects.create(
        tournament=tournament,
        changed_by=by if by is not None and by.is_authenticated else None,
        before={"status": before},
        after={"status": status, **kept},
        reason=reason[:200],
    )
    if status == TournamentStatus.RELEASED:
        transaction.on_commit(
            lambda: signals.tournament_released.send(
                sender=Tournament, tournament_id=tournament.pk, change_id=change.pk
            )
        )
    return tournament


def _check_changes_before_start(section: Section, what: str) -> None:
    if not before_start(section.session.tournament):
        raise EntryError(
            _(
                "The event has started: %(what)s is no longer possible; substitute a player or "
                "withdraw the pair instead."
            )
            % {"what": what}
        )


def _check_club_players(section: Section, member_ids: set[int]) -> None:
    """Refuse members who are not the club's: entries, pairs and substitutes come from the
    club's own members (whose membership had not ended before the event) or named guests."""
    if not member_ids:
        return
    tournament = section.session.tournament
    allowed = set(
        selectors.club_players(tournament.club_id, on=tournament.starts)
        .filter(pk__in=member_ids)
        .values_list("pk", flat=True)
    )
    strangers = member_ids - allowed
    if strangers:
        names = ", ".join(
            sorted(Member.objects.filter(pk__in=strangers).values_list("name", flat=True))
        )
        raise EntryError(
            _(
                "%(names)s: not a member of this club. Players come from the club's members; "
                "anyone else plays as a named guest."
            )
            % {"names": names or "?"}
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
    _check_club_players(section, members)
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
    if member is not None:
        _check_club_players(entry.section, {member.pk})
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
