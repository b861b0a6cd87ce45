"""Services for a club's own settings: create a club (site staff) and change its settings
(the club's secretaries). Keyword-only, atomic, ``full_clean()`` before saving; they raise
:class:`clubs.errors.ClubError` with a message a secretary can act on.
"""

from __future__ import annotations

import zoneinfo
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.errors import ClubError
from clubs.models import Club
from clubs.rulings import error_text
from engine.errors import EngineError
from engine.profiles import get_profile

SETTINGS = ("name", "rule_profile", "rule_overrides", "language", "time_zone")


def _check_and_save(club: Club) -> Club:
    """Refuse settings the engine or the time-zone database does not know; then save."""
    try:
        get_profile(club.rule_profile, **(club.rule_overrides or {}))
    except (EngineError, TypeError) as error:
        raise ClubError(_("The rule overrides are refused: %s") % error_text(error)) from None
    if club.time_zone not in zoneinfo.available_timezones():
        raise ClubError(_("%(zone)r is not a known time zone.") % {"zone": club.time_zone})
    try:
        club.full_clean()
    except ValidationError as error:
        raise ClubError("; ".join(error.messages)) from None
    club.save()
    return club


@transaction.atomic
def club_create(*, name: str, slug: str, **settings: Any) -> Club:
    """A new club called ``name`` at ``slug`` with the given :data:`SETTINGS`."""
    unknown = set(settings) - set(SETTINGS)
    if unknown:
        raise ClubError(_("These are not club settings: %s") % ", ".join(sorted(unknown)))
    return _check_and_save(Club(name=name.strip(), slug=slug, **settings))


@transaction.atomic
def club_update(*, club: Club, **settings: Any) -> Club:
    """Change some of the club's :data:`SETTINGS` (its slug never changes: links keep
    working). Nothing is saved if any setting is refused."""
    unknown = set(settings) - set(SETTINGS)
    if unknown:
        raise ClubError(_("These are not club settings: %s") % ", ".join(sorted(unknown)))
    club = Club.objects.select_for_update().get(pk=club.pk)
    for field, value in settings.items():
        setattr(club, field, value.strip() if field == "name" else value)
    return _check_and_save(club)
