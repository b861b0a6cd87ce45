"""When a session's results and deals go out to the public.

**One rule, in one function** — :func:`session_results_released` — the event's status:
released or closed. Before that, a session's whole results (standings, every traveller,
every deal: the public pages and the USEBIO, PBN and CSV files) are seen only by the
event's **directors** (:func:`session_results_visible`, which asks the deal visibility
rule of :mod:`tournaments.visibility` — a playing organiser waits for the release like
everyone else). Everything that publishes results or deals outside the directors (the
public results pages, the Atom feed, the exports) asks these two functions.
"""

from __future__ import annotations

from tournaments.models import STATUSES_RESULTS_PUBLIC, Session
from tournaments.visibility import is_director, sessions_deals_visible


def session_results_released(session: Session) -> bool:
    """Whether ``session``'s results (standings, travellers, score cards) and its deals may
    go out to the public."""
    tournament = session.tournament
    return tournament.status in STATUSES_RESULTS_PUBLIC


def session_results_visible(user, session: Session) -> bool:
    """Released results are everyone's; before that, the event's directors see them (to
    check a file before it goes out), never someone playing in it."""
    return sessions_results_visible(user, [session])


def sessions_results_visible(user, sessions) -> bool:
    """:func:`session_results_visible` for every one of ``sessions`` (an event's page or
    file), and every deal of theirs visible to ``user`` by the deal rule
    (:func:`tournaments.visibility.sessions_deals_visible`: a board set that another event
    is still playing stays hidden). One query for the deals, one per unreleased event for
    its directors."""
    sessions = list(sessions)
    if not sessions:
        return False
    if not all(
        session_results_released(session) or is_director(user, session.tournament)
        for session in sessions
    ):
        return False
    return sessions_deals_visible(user, sessions)
