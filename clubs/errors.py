"""The clubs app's domain errors: services raise these, views map them to a 400 (or 409)."""

from __future__ import annotations

from django.core.exceptions import ValidationError


class ClubError(Exception):
    """A club rule was broken; the message is for a club secretary to act on."""


def saved_or_refused(instance):
    """``full_clean()`` then save ``instance``; a ValidationError becomes a ClubError a
    secretary can read (nothing saved)."""
    try:
        instance.full_clean()
    except ValidationError as error:
        raise ClubError("; ".join(error.messages)) from None
    instance.save()
    return instance


class MemberImportRefused(ClubError):
    """A member CSV had refused rows; nothing was imported. ``report`` says which and why."""

    def __init__(self, report) -> None:
        self.report = report
        lines = "; ".join(f"line {r.line}: {r.reason}" for r in report.refused)
        super().__init__(f"Nothing imported. {lines}")


class HandRefused(ClubError):
    """The engine refused a hand (its message says why); nothing was stored."""


class HandConflict(ClubError):
    """Someone else stored this hand first; ``stored`` is the hand now in the database."""

    def __init__(self, message: str, stored) -> None:
        self.stored = stored
        super().__init__(message)
