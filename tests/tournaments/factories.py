"""Factories for tournaments tests: plain rows, no surprising side effects."""

from __future__ import annotations

import datetime as dt

import factory

from clubs.models import Club, Member, Membership, Role, User
from tournaments import services
from tournaments.models import Section


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club
        django_get_or_create = ("slug",)

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")


class MemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Member

    name = factory.Sequence(lambda n: f"Player {n}")


def user_with_role(club: Club, role: str | None, username: str) -> User:
    """A login whose member holds ``role`` in ``club`` (None: a login with no membership)."""
    user = User.objects.create_user(username=username, password="pw-" + username)
    member = Member.objects.create(name=username.title(), user=user)
    if role is not None:
        Membership.objects.create(
            club=club, member=member, role=role, valid_from=dt.date(2020, 1, 1)
        )
    return user


def club_member(club: Club, role: str = Role.PLAYER) -> Member:
    """A member of ``club`` (players come from the club's members)."""
    member = MemberFactory()
    Membership.objects.create(club=club, member=member, role=role, valid_from=dt.date(2020, 1, 1))
    return member


def section_with_pairs(club: Club, pairs: int, *, name: str = "Tuesday pairs") -> Section:
    tournament = services.tournament_create(club=club, name=name, starts=dt.date(2026, 11, 24))
    section = Section.objects.get(session__tournament=tournament)
    for _ in range(pairs):
        services.entry_add(section=section, member1=club_member(club), member2=club_member(club))
    return section


ROLES = {
    "secretary": Role.SECRETARY,
    "organiser": Role.ORGANISER,
    "player": Role.PLAYER,
}
