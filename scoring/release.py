"""When a session's results and deals go out to the public.

**One rule, in one function** — :func:`session_results_released` — so that it can be
switched, in one place, to the event's release control and the deal visibility rule when
they arrive. It is the event's status: released or closed.
Everything that publishes results or deals outside the club's organisers (the public
results pages, the Atom feed, the USEBIO, PBN and CSV exports) asks it.
"""

from __future__ import annotations

from clubs.permissions import Action, can
from tournaments.models import STATUSES_RESULTS_PUBLIC, Session


def session_results_released(session: Session) -> bool:
    """Whether ``session``'s results (standings, travellers, score cards) and its deals may
    go out to the public."""
    tournament = session.tournament
    return tournament.status in STATUSES_RESULTS_PUBLIC


def session_results_visible(user, session: Session) -> bool:
    """Released results are everyone's; before that, the club's organisers and secretaries
    see them (to check a file before it goes out)."""
    return session_results_released(session) or can(
        user, Action.ORGANISE, session.tournament.club_id
    )
