"""When a session's results and deals go out to the public.

**One rule, in one function** — :func:`session_results_released` — so that it can be
switched, in one place, to the event's release control and the deal visibility rule when
they arrive. Today it is the tournament's ``standings_released`` flag on a finished event.
Everything that publishes results or deals outside the club's organisers (the public
results pages, the Atom feed, the USEBIO, PBN and CSV exports) asks it.
"""

from __future__ import annotations

from clubs.permissions import Action, can
from tournaments.models import Session, TournamentStatus


def session_results_released(session: Session) -> bool:
    """Whether ``session``'s results (standings, travellers, score cards) and its deals may
    go out to the public."""
    tournament = session.tournament
    return bool(tournament.standings_released) and tournament.status == TournamentStatus.FINISHED


def session_results_visible(user, session: Session) -> bool:
    """Released results are everyone's; before that, the club's organisers and secretaries
    see them (to check a file before it goes out)."""
    return session_results_released(session) or can(
        user, Action.ORGANISE, session.tournament.club_id
    )
