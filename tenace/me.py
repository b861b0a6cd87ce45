"""What "My page" shows a logged-in player, across the apps: what is on now (the event
running now and their table), their recent events with place and percentage (each linking
to their score card), the club-night tables they sat at, and where they stand on each of
their clubs' season ladders. A fixed number of queries per club, however many events or
nights (asserted in the tests).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import Q

from clubs.models import Club, Member, Season, TableSeat
from clubs.selectors import season_on
from scoring.presenters import latest_snapshots
from scoring.table_screen import TableScreen, entry_screen, events_now, seat_now
from tenace.ladders import season_ladders
from tournaments.models import STATUSES_RESULTS_PUBLIC, Entry, Section, Tournament

RECENT = 10


@dataclass(frozen=True)
class EventLine:
    """The member's pair in one released section: its place and percentage."""

    tournament: Tournament
    section: Section
    entry: Entry
    rank_label: str = ""
    percentage: float | None = None
    total: float | None = None
    field_size: int = 0


@dataclass(frozen=True)
class LadderLine:
    """The member on one club's season ladders (None: not on that ladder)."""

    club: Club
    season: Season
    rubber_rank: int | None = None
    rubber_total: float | None = None
    tournament_rank: int | None = None
    tournament_average: float | None = None
    rubber_size: int = 0
    tournament_size: int = 0


@dataclass
class MyPage:
    member: Member
    now: TableScreen | None = None
    events: list[EventLine] = field(default_factory=list)
    nights: list[TableSeat] = field(default_factory=list)
    ladders: list[LadderLine] = field(default_factory=list)
    #: Other events running now that the member plays in (each with its own table link).
    also_running: list = field(default_factory=list)

    @property
    def form_points(self) -> list[tuple[dt.date, float]]:
        """The percentage of each recent event with one, oldest first."""
        return [
            (line.tournament.starts, line.percentage)
            for line in reversed(self.events)
            if line.percentage is not None
        ]


def _row_of(data: dict | None, entry_id: int) -> tuple[dict | None, int]:
    for field_ in (data or {}).get("fields", []):
        for row in field_["rows"]:
            if row["entry"] == entry_id:
                return row, len(field_["rows"])
    return None, 0


def my_events(member: Member, *, limit: int = RECENT) -> list[EventLine]:
    """The member's pairs in released events, newest first (two queries)."""
    entries = list(
        Entry.objects.filter(
            Q(member1=member) | Q(member2=member),
            section__session__tournament__status__in=STATUSES_RESULTS_PUBLIC,
        )
        .select_related("section__session__tournament", "member1", "member2")
        .order_by("-section__session__tournament__starts", "-section__session__number", "-pk")[
            :limit
        ]
    )
    snapshots = latest_snapshots(entry.section_id for entry in entries)
    lines = []
    for entry in entries:
        row, size = _row_of(snapshots.get(entry.section_id), entry.pk)
        lines.append(
            EventLine(
                tournament=entry.section.session.tournament,
                section=entry.section,
                entry=entry,
                rank_label=row.get("rank_label", "") if row else "",
                percentage=row.get("percentage") if row else None,
                total=row.get("total") if row else None,
                field_size=size,
            )
        )
    return lines


def my_nights(member: Member, *, limit: int = RECENT) -> list[TableSeat]:
    """The club-night tables the member sat at, newest first (one query)."""
    return list(
        TableSeat.objects.filter(member=member)
        .select_related("table__club_night__club")
        .order_by("-table__club_night__date", "-table__number")[:limit]
    )


def my_ladders(member: Member, *, today: dt.date) -> list[LadderLine]:
    """The member's place on each of their clubs' current season ladders."""
    clubs = Club.objects.filter(memberships__member=member).distinct().order_by("name")
    lines = []
    for club in clubs:
        season = season_on(club, today)
        if season is None:
            continue
        ladders = season_ladders(season)
        rubber = next((r for r in ladders.rubber if r.member_id == member.pk), None)
        percent = next((r for r in ladders.tournaments if r.member_id == member.pk), None)
        lines.append(
            LadderLine(
                club=club,
                season=season,
                rubber_rank=rubber.rank if rubber else None,
                rubber_total=rubber.total if rubber else None,
                tournament_rank=percent.rank if percent else None,
                tournament_average=percent.average if percent else None,
                rubber_size=len(ladders.rubber),
                tournament_size=len(ladders.tournaments),
            )
        )
    return lines


def my_page(member: Member, *, today: dt.date) -> MyPage:
    seat = seat_now(member.pk)
    shown = seat[0].session.tournament_id if seat else None
    return MyPage(
        member=member,
        now=entry_screen(*seat) if seat else None,
        also_running=[event for event in events_now(member.pk) if event.pk != shown],
        events=my_events(member),
        nights=my_nights(member),
        ladders=my_ladders(member, today=today),
    )
