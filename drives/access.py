"""Who runs a drive: a club's drive is run by the club's organisers and secretaries
(:mod:`clubs.permissions`); a one-off public drive by the person who set it up (its MC)
and site administrators. Everyone reads; a table enters with its code."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from clubs.permissions import Action, can


def can_run(user, drive) -> bool:
    """Whether ``user`` may run ``drive`` (set it up, seat players, call hands, enter and
    correct any table's hand, record cuts)."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    if drive.club_id is not None:
        return can(user, Action.ORGANISE, drive.club_id)
    return drive.organiser_id == user.pk


def require_run(user, drive) -> None:
    if not can_run(user, drive):
        raise PermissionDenied(_("Only the drive's MC can do this."))
