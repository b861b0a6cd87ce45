"""Locked-out logins a club's organisers and secretaries can see and lift.

Logins are throttled by django-axes (``config/throttle.py``): too many failures for one
username, or from one address, within ``AXES_COOLOFF_TIME`` lock it. A club sees the
lockouts that concern it: the usernames of its members (whose membership has not ended) and
the addresses those failures came from — never another club's members. Lifting one clears
its failed attempts.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from axes.models import AccessAttempt
from django.conf import settings
from django.db import transaction
from django.db.models import Max, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.errors import ClubError
from clubs.models import Club, Member, Membership


@dataclass(frozen=True)
class Lockout:
    """A username (``kind="username"``, with the member's name) or an address
    (``kind="address"``) with its recent failures."""

    kind: str
    value: str
    failures: int
    last_attempt: dt.datetime
    member_name: str = ""


def _recent() -> Q:
    return Q(attempt_time__gte=timezone.now() - settings.AXES_COOLOFF_TIME)


def _club_usernames(club: Club, on: dt.date) -> dict[str, str]:
    """Username → member name, for the club's members whose membership has not ended."""
    open_members = Membership.objects.filter(club=club).filter(
        Q(valid_to__isnull=True) | Q(valid_to__gte=on)
    )
    return dict(
        Member.objects.filter(
            pk__in=open_members.values("member_id"), user__isnull=False
        ).values_list("user__username", "name")
    )


def club_lockouts(club: Club, *, on: dt.date) -> list[Lockout]:
    """The locked usernames of the club's members, then the locked addresses their
    failures came from (three queries)."""
    limit = settings.AXES_FAILURE_LIMIT
    names = _club_usernames(club, on)
    attempts = AccessAttempt.objects.filter(_recent(), username__in=list(names))
    users = (
        attempts.values("username")
        .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
        .filter(failures__gte=limit)
        .order_by("username")
    )
    found = [
        Lockout("username", row["username"], row["failures"], row["last"], names[row["username"]])
        for row in users
    ]
    addresses = (
        AccessAttempt.objects.filter(
            _recent(), ip_address__in=attempts.values("ip_address").distinct()
        )
        .values("ip_address")
        .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
        .filter(failures__gte=limit)
        .order_by("ip_address")
    )
    found += [
        Lockout("address", row["ip_address"], row["failures"], row["last"]) for row in addresses
    ]
    return found


@transaction.atomic
def lockout_lift(*, club: Club, kind: str, value: str, on: dt.date) -> int:
    """Lift one of :func:`club_lockouts` (its failed attempts are forgotten); returns how
    many attempt records were cleared. Refused for anything the club cannot see."""
    if not any(lock.kind == kind and lock.value == value for lock in club_lockouts(club, on=on)):
        raise ClubError(_("This login is not locked, or not one of this club's members."))
    field = "username" if kind == "username" else "ip_address"
    deleted, _by_model = AccessAttempt.objects.filter(**{field: value}).delete()
    return deleted
