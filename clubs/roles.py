"""Roles in a club, managed by its secretaries: grant, change, end — each kept in the club's
role history (:class:`clubs.models.RoleChange`: who, when, before, after).

Two rules hold for every change:

* a role is given only to someone who already is (or was) a member of the club — a person
  new to Tenace is added with :func:`clubs.services.member_add`, anyone else joins by
  accepting the club's invitation (:mod:`clubs.invitations`);
* the club is never left without a secretary: from today on, every day is covered by at
  least one secretary's membership (:func:`secretaries_cover`). A change that would leave a
  day uncovered is refused (a club whose cover was already broken may still be repaired).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.errors import ClubError, saved_or_refused
from clubs.models import Club, Member, Membership, Role, RoleAction, RoleChange


def secretaries_cover(periods: Iterable[tuple[dt.date, dt.date | None]], today: dt.date) -> bool:
    """Whether the secretaries' ``periods`` (from, to — None: open) cover every day from
    ``today`` on, without a gap."""
    covered_to = today - dt.timedelta(days=1)  # the last day covered so far
    for starts, ends in sorted(periods, key=lambda p: p[0]):
        if ends is not None and ends < today:
            continue
        if starts > covered_to + dt.timedelta(days=1):
            return False
        if ends is None:
            return True
        covered_to = max(covered_to, ends)
    return False


def _cover(club: Club, today: dt.date, *, without: int | None = None, extra=()) -> bool:
    rows = Membership.objects.select_for_update().filter(club=club, role=Role.SECRETARY)
    periods = [(m.valid_from, m.valid_to) for m in rows if m.pk != without]
    return secretaries_cover([*periods, *extra], today)


def _state(membership: Membership) -> dict:
    return {
        "role": membership.role,
        "from": membership.valid_from.isoformat(),
        "to": membership.valid_to.isoformat() if membership.valid_to else None,
    }


def _keep_a_secretary(club: Club, before: Membership, after: Membership | None) -> None:
    """Refuse a change of ``before`` into ``after`` (None: removed) that leaves a day from
    today on without a secretary, when every day was covered before it."""
    today = timezone.localdate()
    if before.role != Role.SECRETARY:
        return  # a non-secretary's change cannot remove cover
    if not _cover(club, today):
        return  # already broken: let the secretaries repair it
    kept = []
    if after is not None and after.role == Role.SECRETARY:
        kept = [(after.valid_from, after.valid_to)]
    if not _cover(club, today, without=before.pk, extra=kept):
        raise ClubError(
            _(
                "The club must keep a secretary: give someone else the secretary's role "
                "first (from the day this one ends)."
            )
        )


def _log(membership: Membership, action: str, before: dict | None, by, after=None) -> None:
    RoleChange.objects.create(
        club=membership.club,
        member=membership.member,
        membership=membership,
        action=action,
        before=before,
        after=_state(membership) if after is None else after,
        changed_by=by if by is not None and by.is_authenticated else None,
    )


def role_log_granted(membership: Membership, *, by) -> None:
    """Keep in the history a role given by another service (the member import)."""
    _log(membership, RoleAction.GRANTED, None, by)


@transaction.atomic
def role_grant(
    *,
    club: Club,
    member: Member,
    role: str,
    valid_from: dt.date,
    valid_to: dt.date | None = None,
    by,
    new_member: bool = False,
) -> Membership:
    """Give ``member`` a role in ``club`` from ``valid_from`` (to ``valid_to``, or open).
    Refused for a person who never was a member of the club, unless ``new_member`` (the
    person was just added, or accepted the club's invitation)."""
    if not new_member and not Membership.objects.filter(club=club, member=member).exists():
        raise ClubError(
            _(
                "%(name)s is not a member of this club: add them as a new member, or "
                "invite them to join."
            )
            % {"name": member.name}
        )
    membership = saved_or_refused(
        Membership(club=club, member=member, role=role, valid_from=valid_from, valid_to=valid_to)
    )
    _log(membership, RoleAction.GRANTED, None, by)
    return membership


@transaction.atomic
def role_change(
    *, membership: Membership, role: str, valid_from: dt.date, valid_to: dt.date | None, by
) -> Membership:
    """Change a role or its dates (end it by giving ``valid_to``)."""
    before = Membership.objects.select_for_update().get(pk=membership.pk)
    membership.role, membership.valid_from, membership.valid_to = role, valid_from, valid_to
    if (before.role, before.valid_from, before.valid_to) == (role, valid_from, valid_to):
        return membership
    _keep_a_secretary(membership.club, before, membership)
    saved_or_refused(membership)
    ended = valid_to is not None and (before.valid_to is None or valid_to < before.valid_to)
    action = RoleAction.ENDED if ended and role == before.role else RoleAction.CHANGED
    _log(membership, action, _state(before), by)
    return membership


@transaction.atomic
def role_end(*, membership: Membership, by) -> Membership | None:
    """End a role now: its last day becomes yesterday. A role that had not started before
    today is removed (None is returned). Ending an ended role changes nothing."""
    yesterday = timezone.localdate() - dt.timedelta(days=1)
    if membership.valid_to is not None and membership.valid_to <= yesterday:
        return membership
    if membership.valid_from <= yesterday:
        return role_change(
            membership=membership,
            role=membership.role,
            valid_from=membership.valid_from,
            valid_to=yesterday,
            by=by,
        )
    before = Membership.objects.select_for_update().get(pk=membership.pk)
    _keep_a_secretary(membership.club, before, None)
    _log(membership, RoleAction.ENDED, _state(before), by, after={})
    membership.delete()
    return None


def role_history(club: Club) -> QuerySet[RoleChange]:
    """The club's role changes, newest first, with the member and who made the change."""
    return (
        RoleChange.objects.filter(club=club)
        .select_related("member", "changed_by__member")
        .order_by("-changed_at", "-pk")
    )
