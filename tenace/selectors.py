"""Reads for the site's pages that combine several apps: the club's home page (events and
club nights), the player page (club nights, tournaments, partners at both, every app's own
ladder) and the season's ladders with their members. Each returns what one page needs in a
fixed number of queries."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import Exists, Min, OuterRef, Prefetch, Q

from clubs.ladder import LADDER_SOURCES, LadderResult, SeasonLadder
from clubs.models import Club, ClubNight, Member, Membership, Season
from clubs.selectors import LATEST, club_seasons, rubber_partners
from scoring.ladder import season_tournament_percentages
from tenace import parts
from tenace.ladders import season_ladders
from tournaments.models import (
    STATUSES_RESULTS_PUBLIC,
    Entry,
    Section,
    Tournament,
    TournamentStatus,
)


@dataclass(frozen=True)
class ClubHome:
    running_events: list
    upcoming_events: list
    upcoming_nights: list
    latest_results: list
    latest_nights: list
    seasons: list


def club_home(club: Club, *, today: dt.date, with_drafts: bool = False) -> ClubHome:
    """What the club home page shows: the events running now (first, whatever their
    dates), events and club nights to come, the latest released results and club nights,
    and the seasons (a fixed number of queries)."""
    events = Tournament.objects.filter(club=club)
    running = events.filter(status=TournamentStatus.RUNNING).prefetch_related(
        Prefetch("sessions__sections", queryset=Section.objects.order_by("name"))
    )
    upcoming = events.filter(Q(starts__gte=today) | Q(ends__gte=today)).exclude(
        status__in=STATUSES_RESULTS_PUBLIC | {TournamentStatus.FINISHED, TournamentStatus.RUNNING}
    )
    if not with_drafts:
        upcoming = upcoming.exclude(status=TournamentStatus.DRAFT)
    nights = ClubNight.objects.filter(club=club)
    return ClubHome(
        running_events=list(running.order_by("starts", "name")),
        upcoming_events=list(
            upcoming.annotate(first_session=Min("sessions__pk")).order_by("starts", "name")[:LATEST]
        ),
        upcoming_nights=list(nights.filter(date__gte=today).order_by("date", "pk")[:LATEST]),
        latest_results=list(
            events.filter(status__in=STATUSES_RESULTS_PUBLIC).order_by("-starts", "name")[:LATEST]
        ),
        latest_nights=list(nights.filter(date__lt=today).order_by("-date", "pk")[:LATEST]),
        seasons=list(club_seasons(club)[:LATEST]),
    )


@dataclass(frozen=True)
class LadderLines:
    """The member's results in an app's own ladder (see :mod:`tenace.parts`)."""

    ladder: SeasonLadder
    results: list[LadderResult]

    @property
    def total(self) -> float:
        return sum(result.score for result in self.results)


@dataclass(frozen=True)
class NightLine:
    """The member's rubber points at one club night (as counted on the ladder)."""

    night_id: int
    date: dt.date
    points: float


@dataclass
class PartnerLine:
    """How often the member partnered ``partner`` and how it went: finished rubbers at club
    nights (won, rubber points made together) and tournaments (their percentages)."""

    partner: Member
    rubbers: int = 0
    won: int = 0
    points: int = 0
    percentages: list[float] = field(default_factory=list)

    @property
    def events(self) -> int:
        return len(self.percentages)

    @property
    def average(self) -> float | None:
        """The average percentage of the tournaments played together (None: none)."""
        if not self.percentages:
            return None
        return round(sum(self.percentages) / len(self.percentages), 2)


@dataclass(frozen=True)
class PlayerHistory:
    season: Season
    nights: list[NightLine]
    tournaments: list
    partners: list[PartnerLine]
    others: list[LadderLines] = field(default_factory=list)

    @property
    def total_points(self) -> float:
        return sum(line.points for line in self.nights)

    @property
    def form_points(self) -> list[tuple[dt.date, float]]:
        """Cumulative rubber points after each club night, oldest first."""
        running, points = 0.0, []
        for line in sorted(self.nights, key=lambda line: (line.date, line.night_id)):
            running += line.points
            points.append((line.date, running))
        return points


def _tournament_partners(member: Member, lines: list) -> dict[int, list[float]]:
    """Per partner (member id): the percentages of the tournaments (``lines``, the member's
    TournamentPercentage lines) they played together (one query)."""
    percentage = {line.tournament_id: line.percentage for line in lines}
    together: dict[int, set[int]] = {}
    entries = Entry.objects.filter(
        Q(member1=member) | Q(member2=member),
        section__session__tournament_id__in=list(percentage),
    ).values_list("section__session__tournament_id", "member1_id", "member2_id")
    for tournament_id, first, second in entries:
        partner = second if first == member.pk else first
        if partner is not None and partner != member.pk:
            together.setdefault(partner, set()).add(tournament_id)
    return {partner: [percentage[t] for t in sorted(ids)] for partner, ids in together.items()}


def _partners(season: Season, member: Member, tournament_lines: list) -> list[PartnerLine]:
    rubbers = rubber_partners(season, member)
    events = _tournament_partners(member, tournament_lines)
    people = Member.objects.in_bulk(set(rubbers) | set(events))
    lines = [
        PartnerLine(people[pk], *rubbers.get(pk, (0, 0, 0)), percentages=events.get(pk, []))
        for pk in people
    ]
    return sorted(lines, key=lambda p: (-(p.rubbers + p.events), p.partner.name))


def player_history(season: Season, member: Member) -> PlayerHistory:
    """The member's season: club nights with their rubber points (as the ladder counts
    them), tournaments with their percentage, partners at both, and their results in every
    app's own ladder (a fixed number of queries)."""
    nights_by_date = {
        (night.date): night.pk
        for night in ClubNight.objects.filter(
            club_id=season.club_id, date__gte=season.starts, date__lte=season.ends
        ).order_by("date", "pk")
    }
    nights = [
        NightLine(nights_by_date.get(result.date, 0), result.date, result.score)
        for source in LADDER_SOURCES
        for result in source(season)
        if result.member_id == member.pk
    ]
    tournaments = season_tournament_percentages(season=season).get(member.pk, [])
    return PlayerHistory(
        season=season,
        nights=sorted(nights, key=lambda line: line.date),
        tournaments=tournaments,
        partners=_partners(season, member, tournaments),
        others=[
            LadderLines(
                ladder,
                sorted(
                    (r for r in ladder.results(season) if r.member_id == member.pk),
                    key=lambda r: r.date,
                ),
            )
            for ladder in parts.season_ladders()
        ],
    )


@dataclass(frozen=True)
class NamedLadders:
    """A season's two ladders with each row's member: ``[(row, member), …]``."""

    rule: object
    rubber: list[tuple]
    tournaments: list[tuple]


def season_ladders_named(season: Season) -> NamedLadders:
    """:func:`tenace.ladders.season_ladders` with the members of the rows (one more query);
    each member's ``in_club`` says whether they have a player page in the season's club."""
    ladders = season_ladders(season)
    ids = {r.member_id for r in ladders.rubber} | {r.member_id for r in ladders.tournaments}
    # ``in_club``: the member has a page in this club (a guest at its events may not).
    in_club = Membership.objects.filter(club_id=season.club_id, member_id=OuterRef("pk"))
    members = Member.objects.annotate(in_club=Exists(in_club)).in_bulk(ids)
    return NamedLadders(
        rule=ladders.rule,
        rubber=[(row, members.get(row.member_id)) for row in ladders.rubber],
        tournaments=[(row, members.get(row.member_id)) for row in ladders.tournaments],
    )
