"""Reads for the club pages: each returns what one page needs in a fixed number of queries."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from clubs.models import Club, ClubNight, Member, Membership, Season

LATEST = 5


def clubs_all() -> QuerySet[Club]:
    return Club.objects.order_by("name")


def _current(on: dt.date) -> Q:
    return Q(valid_from__lte=on) & (Q(valid_to__isnull=True) | Q(valid_to__gte=on))


@dataclass
class DirectoryRow:
    """A member of the club with their memberships there (current ones first).

    ``contact_open``: a membership has not ended, so the club's organisers and secretaries
    may see the contact details; ``invited_until``: an invitation to log in is waiting."""

    member: Member
    memberships: list[Membership] = field(default_factory=list)
    current_roles: list[str] = field(default_factory=list)
    contact_open: bool = False
    invited_until: dt.datetime | None = None

    @property
    def is_current(self) -> bool:
        return bool(self.current_roles)


def club_directory(club: Club, *, on: dt.date) -> list[DirectoryRow]:
    """Everyone who holds or held a membership of ``club``, by name, with their waiting
    invitations (two queries)."""
    from clubs.invitations import invitations_waiting

    rows: dict[int, DirectoryRow] = {}
    memberships = (
        Membership.objects.filter(club=club)
        .select_related("member")
        .order_by("member__name", "member_id", "-valid_from", "role")
    )
    for membership in memberships:
        row = rows.setdefault(membership.member_id, DirectoryRow(membership.member))
        row.memberships.append(membership)
        row.contact_open |= membership.valid_to is None or membership.valid_to >= on
        current = membership.valid_from <= on and (
            membership.valid_to is None or membership.valid_to >= on
        )
        if current and membership.get_role_display() not in row.current_roles:
            row.current_roles.append(membership.get_role_display())
    for invitation in invitations_waiting(club):
        if invitation.member_id in rows:
            rows[invitation.member_id].invited_until = invitation.expires
    return list(rows.values())


def club_member(club: Club, member_id: int) -> Member:
    """The member ``member_id`` if they hold or held a membership of ``club``; else 404."""
    return get_object_or_404(Member.objects.filter(memberships__club=club).distinct(), pk=member_id)


def invitation_waiting_until(club: Club, member: Member) -> dt.datetime | None:
    """When the club's waiting invitation of ``member`` expires (None: none waiting)."""
    from clubs.invitations import invitations_waiting

    return invitations_waiting(club).filter(member=member).values_list("expires", flat=True).first()


def club_members_current(club: Club, *, on: dt.date) -> QuerySet[Member]:
    ids = Membership.objects.filter(_current(on), club=club).values("member_id")
    return Member.objects.filter(pk__in=ids).order_by("name")


def club_seasons(club: Club) -> QuerySet[Season]:
    return Season.objects.filter(club=club).order_by("-starts")


def club_season(club: Club, season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), club=club, pk=season_id)


def season_on(club: Club, on: dt.date) -> Season | None:
    """The season running on ``on``, else the latest one that started before it, else None."""
    seasons = Season.objects.filter(club=club)
    return (
        seasons.filter(starts__lte=on, ends__gte=on).order_by("-starts").first()
        or seasons.filter(starts__lte=on).order_by("-starts").first()
        or seasons.order_by("starts").first()
    )


@dataclass(frozen=True)
class ClubHome:
    upcoming_events: list
    upcoming_nights: list
    latest_results: list
    latest_nights: list
    seasons: list


def club_home(club: Club, *, today: dt.date, with_drafts: bool = False) -> ClubHome:
    """What the club home page shows: events and club nights to come, the latest released
    results and club nights, and the seasons (a fixed number of queries)."""
    from tournaments.models import Tournament, TournamentStatus

    events = Tournament.objects.filter(club=club)
    upcoming = events.filter(Q(starts__gte=today) | Q(ends__gte=today)).exclude(
        status=TournamentStatus.FINISHED
    )
    if not with_drafts:
        upcoming = upcoming.exclude(status=TournamentStatus.DRAFT)
    nights = ClubNight.objects.filter(club=club)
    return ClubHome(
        upcoming_events=list(upcoming.order_by("starts", "name")[:LATEST]),
        upcoming_nights=list(nights.filter(date__gte=today).order_by("date", "pk")[:LATEST]),
        latest_results=list(
            events.filter(status=TournamentStatus.FINISHED, standings_released=True).order_by(
                "-starts", "name"
            )[:LATEST]
        ),
        latest_nights=list(nights.filter(date__lt=today).order_by("-date", "pk")[:LATEST]),
        seasons=list(club_seasons(club)[:LATEST]),
    )


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


def _season_tables(season: Season, member: Member):
    from clubs.models import RubberTable

    return (
        RubberTable.objects.filter(
            club_night__club_id=season.club_id,
            club_night__date__gte=season.starts,
            club_night__date__lte=season.ends,
            seats__member=member,
        )
        .select_related("club_night")
        .prefetch_related("seats", "rubbers__hands")
        .distinct()
    )


def _rubber_partners(season: Season, member: Member) -> dict[int, list[int]]:
    """Per partner (member id): [finished rubbers together, won, rubber points]."""
    from clubs.errors import ClubError
    from clubs.matches import match_state

    tally: dict[int, list[int]] = {}
    for table in _season_tables(season, member):
        try:
            match = match_state(table)
        except ClubError:
            continue  # players not all seated yet
        for seating, (_rubber, _hands, state) in zip(match.seatings, match.rubbers, strict=False):
            if not state.is_over:
                break
            partner = seating.partner_of(member.pk)
            if not isinstance(partner, int):
                continue  # Dummy's hand is nobody's partner
            points = state.result().player_points(seating)[member.pk]
            line = tally.setdefault(partner, [0, 0, 0])
            line[0] += 1
            line[1] += points > 0
            line[2] += points
    return tally


def _tournament_partners(member: Member, lines: list) -> dict[int, list[float]]:
    """Per partner (member id): the percentages of the tournaments (``lines``, the member's
    TournamentPercentage lines) they played together (one query)."""
    from tournaments.models import Entry

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
    rubbers = _rubber_partners(season, member)
    events = _tournament_partners(member, tournament_lines)
    people = Member.objects.in_bulk(set(rubbers) | set(events))
    lines = [
        PartnerLine(people[pk], *rubbers.get(pk, (0, 0, 0)), percentages=events.get(pk, []))
        for pk in people
    ]
    return sorted(lines, key=lambda p: (-(p.rubbers + p.events), p.partner.name))


def player_history(season: Season, member: Member) -> PlayerHistory:
    """The member's season: club nights with their rubber points (as the ladder counts
    them), tournaments with their percentage, and partners at both (a fixed number of
    queries)."""
    from clubs.ladder import LADDER_SOURCES
    from scoring.ladder import season_tournament_percentages

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
    )


@dataclass(frozen=True)
class NamedLadders:
    """A season's two ladders with each row's member: ``[(row, member), …]``."""

    rule: object
    rubber: list[tuple]
    tournaments: list[tuple]


def season_ladders_named(season: Season) -> NamedLadders:
    """:func:`clubs.ladder.season_ladders` with the members of the rows (one more query)."""
    from clubs.ladder import season_ladders

    ladders = season_ladders(season)
    ids = {r.member_id for r in ladders.rubber} | {r.member_id for r in ladders.tournaments}
    members = Member.objects.in_bulk(ids)
    return NamedLadders(
        rule=ladders.rule,
        rubber=[(row, members.get(row.member_id)) for row in ladders.rubber],
        tournaments=[(row, members.get(row.member_id)) for row in ladders.tournaments],
    )
