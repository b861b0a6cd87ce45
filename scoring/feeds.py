"""An Atom feed of a club's released results: one entry per session, newest first, each
linking to the session's public page, with its winners (from the published standings)."""

from __future__ import annotations

import datetime as dt

from django.contrib.syndication.views import Feed
from django.db.models import Count, Max
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext as _

from clubs.models import Club
from scoring.presenters import latest_snapshots
from scoring.release import session_results_released
from tournaments.models import Section, Session

#: Sessions a feed lists.
FEED_LENGTH = 30


class ReleasedResultsFeed(Feed):
    """``/results/public/<club>/feed.atom``"""

    feed_type = Atom1Feed

    def get_object(self, request, club_slug: str) -> Club:
        return get_object_or_404(Club, slug=club_slug)

    def title(self, club: Club) -> str:
        return _("%(club)s: results") % {"club": club.name}

    def link(self, club: Club) -> str:
        return reverse("scoring:public-club", args=[club.slug])

    def subtitle(self, club: Club) -> str:
        return _("Standings, travellers and hand records of the club's duplicate events.")

    def items(self, club: Club) -> list[Session]:
        sessions = (
            Session.objects.filter(tournament__club=club)
            .select_related("tournament__club")
            .annotate(
                updated=Max("sections__standings_snapshots__created"),
                session_count=Count("tournament__sessions", distinct=True),
            )
            .order_by("-tournament__starts", "-number")
        )
        released = [session for session in sessions if session_results_released(session)]
        released = released[:FEED_LENGTH]
        winners = _winners(released)
        for session in released:
            session.winners = winners.get(session.pk, [])
        return released

    def item_title(self, session: Session) -> str:
        tournament = session.tournament
        if session.session_count == 1:
            return tournament.name
        return _("%(event)s, session %(number)s") % {
            "event": tournament.name,
            "number": session.number,
        }

    def item_description(self, session: Session) -> str:
        if not session.winners:
            return _("Standings, travellers and hand records.")
        return _("Won by %(names)s. Standings, travellers and hand records.") % {
            "names": "; ".join(session.winners)
        }

    def item_link(self, session: Session) -> str:
        tournament = session.tournament
        return reverse(
            "scoring:public-session",
            args=[tournament.club.slug, tournament.slug, session.number],
        )

    def item_guid(self, session: Session) -> str:
        return f"tenace-session-{session.pk}"

    item_guid_is_permalink = False

    def _when(self, session: Session) -> dt.datetime:
        if session.updated is not None:
            return session.updated
        day = session.tournament.starts
        return timezone.make_aware(dt.datetime(day.year, day.month, day.day))

    def item_updateddate(self, session: Session) -> dt.datetime:
        return self._when(session)

    def item_pubdate(self, session: Session) -> dt.datetime:
        return self._when(session)


def _winners(sessions: list[Session]) -> dict[int, list[str]]:
    """The names ranked first in each session's sections (two queries)."""
    sections = Section.objects.filter(session__in=sessions).values_list("pk", "session_id")
    session_of = dict(sections)
    winners: dict[int, list[str]] = {}
    for section_id, data in latest_snapshots(list(session_of)).items():
        for field in data.get("fields", []):
            for row in field["rows"]:
                if row["rank"] == 1:
                    winners.setdefault(session_of[section_id], []).append(row["name"])
    return winners
