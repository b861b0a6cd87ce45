"""Reads for the club pages: each returns what one page needs in a fixed number of queries."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from clubs.errors import ClubError
from clubs.matches import match_state
from clubs.models import Club, Member, Membership, RubberTable, Season

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


def _season_tables(season: Season, member: Member):
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


def rubber_partners(season: Season, member: Member) -> dict[int, list[int]]:
    """Per partner (member id): [finished rubbers together, won, rubber points] over the
    member's finished rubbers at the season's club nights."""
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
