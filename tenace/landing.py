"""Where a login lands (issue #23): each person where their evening is.

In order, the first that applies:

1. a player seated in an event running now: **their table** (``scoring:table-now``);
2. a director of an event running now or ready to start: **its control room** when it is
   the only one, else the home page's list of the events they direct;
3. a secretary of a club: **the club's home page** (the first club by name);
4. a director of events not closed yet: the home page's list of them;
5. anyone else with a member: **My page**; a login without a member: My account.

A page asked for first (``?next=``) still wins: the login view only asks here for its
default.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone

from clubs.models import Club, Membership, Role
from clubs.permissions import member_of
from scoring.table_screen import seat_now
from tenace.control import sessions_to_direct
from tournaments.models import Session, TournamentStatus
from tournaments.visibility import is_director

_TONIGHT = (TournamentStatus.RUNNING, TournamentStatus.READY)


def sessions_directed(user) -> list[Session]:
    """The sessions of events not closed that ``user`` directs (not merely could: a
    playing organiser is a player), running ones first."""
    return [s for s in sessions_to_direct(user) if is_director(user, s.tournament)]


def _secretary_club(user) -> Club | None:
    today = timezone.localdate()
    membership = (
        Membership.objects.filter(member__user=user, role=Role.SECRETARY, valid_from__lte=today)
        .exclude(valid_to__lt=today)
        .select_related("club")
        .order_by("club__name")
        .first()
    )
    return membership.club if membership else None


def _directing_url(sessions: list[Session]) -> str:
    tonight = [s for s in sessions if s.tournament.status in _TONIGHT]
    if len(tonight) == 1:
        return reverse("tournaments:control_room", args=[tonight[0].pk])
    return reverse("home") + "#directing"


def landing_after_login(user) -> str:
    """The address ``user`` lands on after logging in (the module's order)."""
    member = member_of(user)
    if member is not None and seat_now(member.pk) is not None:
        return reverse("scoring:table-now")
    directed = sessions_directed(user)
    if any(s.tournament.status in _TONIGHT for s in directed):
        return _directing_url(directed)
    club = _secretary_club(user)
    if club is not None:
        return reverse("clubs:home", args=[club.slug])
    if directed:
        return _directing_url(directed)
    return reverse("my-page") if member is not None else reverse("account")
