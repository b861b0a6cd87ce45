"""``{% release_emails_log_of as log %}``: the results-email log of the template's
``tournament`` (or of its ``session``'s event) for the club's organisers and secretaries;
None for anyone else, so the include ``scoring/_release_emails.html`` shows nothing to
them."""

from __future__ import annotations

from django import template
from django.db.models import Prefetch

from clubs.models import Membership
from clubs.permissions import Action, can, can_see_contact
from scoring.release_emails import release_emails_log
from tournaments.models import Session, Tournament
from tournaments.visibility import is_director

register = template.Library()


@register.simple_tag(takes_context=True)
def release_emails_log_of(context) -> dict | None:
    """``{"tournament", "releases": [...], "released"}`` for an organiser, else None. An
    address is shown where the reader may see the player's contact details (an open
    membership of the club), else hidden."""
    tournament, session = context.get("tournament"), context.get("session")
    if not isinstance(tournament, Tournament) and isinstance(session, Session):
        tournament = session.tournament
    if not isinstance(tournament, Tournament):
        return None
    user = context.get("user")
    if user is None or not can(user, Action.ORGANISE, tournament.club_id):
        return None
    memberships = Membership.objects.filter(club_id=tournament.club_id)
    releases = release_emails_log(
        tournament, prefetch=[Prefetch("member__memberships", queryset=memberships)]
    )
    for release in releases:
        for row in release["rows"]:
            row.address_shown = can_see_contact(
                user, tournament.club_id, row.member.memberships.all()
            )
    return {
        "tournament": tournament,
        "releases": releases,
        "released": tournament.standings_released,
        # Sending is a director's action (the one check, tournaments.visibility).
        "may_send": is_director(user, tournament),
    }
