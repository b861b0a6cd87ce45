"""The director's control room of a session: what one page needs to run the night.

It combines the tournaments app (the event's lifecycle, its checks, entries, boards and
movement) with the scoring app (each section's progress, disagreements, standings), which
is why it lives in the site layer. :func:`control_room` reads everything in a fixed number
of queries per section.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice

from django.db.models import Count, Q
from django.utils import timezone

from clubs.models import Membership, Role
from scoring.progress import SectionProgress, section_progress
from tournaments import lifecycle, open_results, readiness, schedule, selectors
from tournaments.models import (
    STATUSES_PLAYERS_ENTER,
    STATUSES_STARTED,
    Entry,
    Section,
    Session,
    StatusChange,
    TournamentStatus,
)
from tournaments.movements import Movement
from tournaments.movements.model import phantom_number
from tournaments.visibility import is_director


@dataclass
class SectionRoom:
    section: Section
    entries: list[Entry]
    board_count: int
    progress: SectionProgress | None = None
    choices: list[schedule.MovementChoice] = field(default_factory=list)

    @property
    def withdrawn(self) -> list[Entry]:
        return [e for e in self.entries if e.withdrawn]

    @property
    def late_pair_number(self) -> int | None:
        """In a Howell with a built-in sit-out, the number a late pair would take (the
        movement's phantom), while no pair has it; None otherwise."""
        number = phantom_number(Movement.from_json(self.section.movement or {"rounds": []}))
        if number is None or any(e.number == number for e in self.entries):
            return None
        return number

    @property
    def board_numbers(self) -> list[int]:
        """The boards the schedule plays, for the traveller entry links."""
        if self.progress is None:
            return []
        return sorted({row["line"].board for row in self.progress.rows})


@dataclass
class ControlRoom:
    session: Session
    sections: list[SectionRoom]
    checks: list[readiness.Check]
    actions: list[lifecycle.StatusAction]
    history: list[StatusChange]
    sessions: list[Session]
    #: What is open in the results (while running or finished; None otherwise).
    open: open_results.OpenReport | None = None

    @property
    def tournament(self):
        return self.session.tournament

    @property
    def started(self) -> bool:
        return self.tournament.status in STATUSES_STARTED

    @property
    def playing(self) -> bool:
        return self.tournament.status in STATUSES_PLAYERS_ENTER

    @property
    def ready(self) -> bool:
        return all(check.ok for check in self.checks)

    @property
    def steps(self) -> list[tuple[str, str, bool]]:
        """The lifecycle's states in order: (value, label, is the current one)."""
        return [(s.value, s.label, s.value == self.tournament.status) for s in TournamentStatus]


def control_room(session: Session, *, is_secretary: bool, minutes: int | None) -> ControlRoom:
    """Everything the control room of ``session`` shows: the event's checks and the status
    changes open now, each section's entries, boards, suggested movements (before the
    start, for a section without a schedule) and progress (once scheduled), what is open
    in the results (while running or finished) and the history of the event's status."""
    tournament = session.tournament
    checks = readiness.tournament_checks(tournament)
    sections = list(
        Section.objects.filter(session=session)
        .select_related("board_set", "session__tournament__club")
        .annotate(board_count=Count("board_set__boards"))
        .order_by("name")
    )
    rooms = []
    for section in sections:
        room = SectionRoom(
            section=section,
            entries=list(selectors.section_entries(section)),
            board_count=section.board_count if section.board_set_id else 0,
        )
        if section.movement:
            room.progress = section_progress(section.pk)
        elif tournament.status not in STATUSES_STARTED:
            room.choices = schedule.section_choices(section, minutes=minutes)
        rooms.append(room)
    report = (
        open_results.event_open_results(tournament)
        if tournament.status in open_results.OPEN_RESULTS_STATUSES
        else None
    )
    return ControlRoom(
        session=session,
        sections=rooms,
        checks=checks,
        actions=lifecycle.status_actions(
            tournament,
            is_secretary=is_secretary,
            checks_pass=all(check.ok for check in checks),
            open_report=report,
        ),
        history=list(lifecycle.status_history(tournament)),
        sessions=list(tournament.sessions.order_by("number")),
        open=report,
    )


def sessions_to_direct(user, *, limit: int = 8) -> list[Session]:
    """The sessions of events not yet closed that ``user`` directs (at the clubs where they
    organise or are a secretary), running ones first, then the soonest: the home page's
    links to their control rooms."""
    if user is None or not user.is_authenticated:
        return []
    today = timezone.localdate()
    sessions = Session.objects.all()
    if not user.is_superuser:
        clubs = (
            Membership.objects.filter(
                member__user=user, role__in=[Role.SECRETARY, Role.ORGANISER], valid_from__lte=today
            )
            .filter(Q(valid_to__isnull=True) | Q(valid_to__gte=today))
            .values("club_id")
        )
        sessions = sessions.filter(tournament__club_id__in=clubs)
    sessions = (
        sessions.exclude(tournament__status=TournamentStatus.CLOSED)
        .select_related("tournament__club")
        .annotate(session_count=Count("tournament__sessions"))
        .order_by("-tournament__starts", "tournament__name", "number")[:50]
    )
    order = {TournamentStatus.RUNNING: 0, TournamentStatus.READY: 1, TournamentStatus.FINISHED: 2}
    ranked = sorted(sessions, key=lambda s: order.get(s.tournament.status, 3))
    # Only the events they direct (a playing organiser, or one not named while others
    # are, would be told "not allowed"): one query per event, kept for the request.
    return list(islice((s for s in ranked if is_director(user, s.tournament)), limit))
