"""Public pages: standings (live), travellers, score cards; the live endpoints.

Pages read snapshots only. The live pair: ``…/standings/version/`` answers the published
version as JSON with an ETag (304 while unchanged) for the polling fallback, and
``…/standings/stream/`` streams it as server-sent events (``event: version``) for a bounded
time, after which the browser reconnects by itself.
"""

from __future__ import annotations

import os
import threading
import time
from types import SimpleNamespace

from asgiref.sync import sync_to_async
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.http import (
    Http404,
    HttpResponse,
    HttpResponseNotModified,
    JsonResponse,
    StreamingHttpResponse,
)
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from clubs.inputs import parse_int
from clubs.permissions import Action, can
from scoring import live, selectors, streams
from scoring.presenters import (
    board_view,
    entry_card,
    event_standings,
    standings_fields,
    travellers_view,
)
from scoring.standings_sight import (
    standings_cut,
    standings_document,
    standings_sight,
    tournament_standings_sight,
)
from tournaments.visibility import (
    deals_hidden_message,
    is_director,
    section_board_numbers_visible,
)

#: Seconds one event stream stays open (WSGI), and how often it looks for a new version.
STREAM_SECONDS = 25
#: Seconds one event stream stays open under ASGI (it holds no thread: the longer, the fewer
#: reconnections, during which a page hears nothing for the browser's retry second).
ASGI_STREAM_SECONDS = 300
STREAM_TICK = 0.2
#: Event streams one web process serves at once. Under WSGI each open stream holds a worker
#: thread, so beyond this many the page is told (204) to poll the version instead, and
#: entering results never waits behind open standings pages.
STREAMS_PER_PROCESS = int(os.environ.get("SCORING_STREAMS_PER_PROCESS", "4"))
_streams = threading.BoundedSemaphore(STREAMS_PER_PROCESS)


def _section_or_404(section_id: int):
    section = selectors.section_get(section_id)
    if section is None:
        raise Http404(_("No such section."))
    return section


def _visible_section(request, section_id: int):
    """The section and the reader's :class:`~scoring.standings_sight.StandingsSight`; a
    refusal with its reason when they may not see its standings now."""
    section = _section_or_404(section_id)
    sight = standings_sight(request.user, section)
    if not sight.allowed:
        raise PermissionDenied(sight.reason)
    return section, sight


def _standings_context(request, section, sight) -> dict:
    snapshot = selectors.snapshot_latest(section.pk)
    data = standings_document(section, sight, snapshot.data if snapshot else None)
    return {
        "section": section,
        "tournament": selectors.tournament_of(section),
        "snapshot": snapshot,
        "data": data,
        "sight": sight,
        "fields": standings_fields(data),
        "version": snapshot.version if snapshot else 0,
        "is_staff": is_director(request.user, selectors.tournament_of(section)),
        "my_entries": selectors.my_entry_ids(request.user, [section.pk]),
    }


@require_GET
def standings(request, section_id: int) -> HttpResponse:
    section, sight = _visible_section(request, section_id)
    return render(request, "scoring/standings.html", _standings_context(request, section, sight))


#: The standings table of a section's snapshot version in a language (a live page's refresh).
FRAGMENT_KEY = "scoring:fragment:{}:{}:{}:{}"
FRAGMENT_SECONDS = 600


@require_GET
def standings_fragment(request, section_id: int) -> HttpResponse:
    """The standings table a live page swaps in when told of a new version. Every open page
    asks at once, so it is rendered once per snapshot version, language and reader's own
    pairs (the rows marked "you"; none for most readers) and then answered from the cache
    (13 ms to render for a 100-table section)."""
    section, sight = _visible_section(request, section_id)
    language = get_language()
    mine = selectors.my_entry_ids(request.user, [section.pk])
    reader = ",".join(str(pk) for pk in sorted(mine))
    if sight.up_to_round is not None:
        reader = f"{reader}:r{sight.up_to_round}"
    key = FRAGMENT_KEY.format(section.pk, live.published_version(section.pk), language, reader)
    try:
        html = cache.get(key)
    except Exception:  # noqa: BLE001 - the cache is down: render
        html = None
    if html is None:
        context = _standings_context(request, section, sight)
        html = render_to_string("scoring/_standings_table.html", context, request)
        try:
            key = FRAGMENT_KEY.format(section.pk, context["version"], language, reader)
            cache.set(key, html, timeout=FRAGMENT_SECONDS)
        except Exception:  # noqa: BLE001
            pass
    return HttpResponse(html)


@require_GET
def standings_version(request, section_id: int) -> HttpResponse:
    """``{"version": n}`` with an ETag; 304 when the client already has it. No database
    query while the cache holds the version."""
    _visible_section(request, section_id)
    version = live.published_version(section_id)
    etag = f'"{version}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = JsonResponse({"version": version})
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


def _events(section_id: int, seconds: float):
    sent = -1
    deadline = time.monotonic() + seconds
    yield "retry: 1000\n\n"
    while True:
        version = live.published_version(section_id)
        if version != sent:
            sent = version
            yield f"event: version\ndata: {version}\n\n"
        if time.monotonic() >= deadline:
            return
        time.sleep(STREAM_TICK)


class _Stream:
    """The event stream, giving its place back exactly once: when it ends, or when the
    server closes it (client gone), even if it never started."""

    def __init__(self, events):
        self.events = events
        self.open = True

    def __iter__(self):
        return self

    def __next__(self) -> str:
        try:
            return next(self.events)
        except StopIteration:
            self.close()
            raise

    def close(self) -> None:
        self.events.close()
        if self.open:
            self.open = False
            _streams.release()


def _stream_seconds(request, longest: float) -> float:
    """``?seconds=n`` (0 ≤ n; at most ``longest``); ``longest`` when absent. Anything else
    is refused (400 naming the parameter) by :func:`clubs.inputs.parse_int`."""
    seconds = parse_int(request.GET.get("seconds"), "seconds", min=0)
    return longest if seconds is None else min(seconds, longest)


def _stream_allowed(request, section_id: int) -> None:
    try:
        _visible_section(request, section_id)
    finally:
        streams.connection_release()


@require_GET
async def standings_stream(request, section_id: int) -> HttpResponse:
    """Server-sent events: the published version now, then each new one, for a while.

    Under ASGI (``uvicorn config.asgi:application``) an open page is a coroutine woken by
    the process's Redis subscription (:mod:`scoring.streams`) and stays open
    ``ASGI_STREAM_SECONDS``. Under WSGI each stream holds a thread, so a process serves
    ``STREAMS_PER_PROCESS`` of them and answers 204 (poll instead) beyond. Bad parameters are
    refused (400) before anything is looked up or held."""
    is_asgi = isinstance(request, ASGIRequest)
    seconds = _stream_seconds(request, ASGI_STREAM_SECONDS if is_asgi else STREAM_SECONDS)
    await sync_to_async(_stream_allowed)(request, section_id)
    if is_asgi:
        content = streams.events(section_id, seconds)
    elif _streams.acquire(blocking=False):
        content = _Stream(_events(section_id, seconds))
    else:
        return HttpResponse(status=204)
    response = StreamingHttpResponse(content, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response


def _boards_seen(request, section_id: int):
    """The section and the board numbers whose deals and travellers the reader may see
    (None: every board; :mod:`tournaments.visibility`); a refusal when they see none."""
    section = _section_or_404(section_id)
    numbers = section_board_numbers_visible(request.user, section)
    if numbers is not None and not numbers:
        raise PermissionDenied(deals_hidden_message())
    return section, numbers


@require_GET
def travellers(request, section_id: int) -> HttpResponse:
    section, numbers = _boards_seen(request, section_id)
    snapshot = selectors.snapshot_latest(section.pk)
    boards = travellers_view(section, snapshot, numbers=numbers)
    return render(
        request,
        "scoring/travellers.html",
        {"section": section, "tournament": selectors.tournament_of(section), "boards": boards},
    )


@require_GET
def board_traveller(request, section_id: int, number: int) -> HttpResponse:
    section, numbers = _boards_seen(request, section_id)
    if numbers is not None and number not in numbers:
        raise PermissionDenied(deals_hidden_message())
    snapshot = selectors.snapshot_latest(section.pk)
    is_secretary = can(request.user, Action.MANAGE_CLUB, selectors.club_id_of(section))
    view = board_view(section, number, snapshot, with_hand=True, with_versions=is_secretary)
    if view is None:
        raise Http404(_("No such board in this section."))
    numbers = selectors.board_numbers(section)
    view["previous"] = max((n for n in numbers if n < number), default=None)
    view["next"] = min((n for n in numbers if n > number), default=None)
    return render(
        request,
        "scoring/board.html",
        {
            "section": section,
            "tournament": selectors.tournament_of(section),
            "board": view,
            "is_secretary": is_secretary,
        },
    )


@require_GET
def score_card(request, section_id: int, entry_id: int) -> HttpResponse:
    section, numbers = _boards_seen(request, section_id)
    sight = standings_sight(request.user, section)
    snapshot = selectors.snapshot_latest(section.pk)
    if sight.up_to_round is not None:  # the hidden rounds' points wait for the release too
        snapshot = SimpleNamespace(data=standings_cut(section.pk, sight.up_to_round))
    card = entry_card(section, entry_id, snapshot, numbers=numbers, with_standing=sight.allowed)
    if card is None:
        raise Http404(_("No such pair in this section."))
    return render(
        request,
        "scoring/score_card.html",
        {"section": section, "tournament": selectors.tournament_of(section), "card": card},
    )


def _combined_page(request, tournament, sections, title: str) -> HttpResponse:
    sight = tournament_standings_sight(request.user, tournament)
    if not sight.allowed:
        raise PermissionDenied(sight.reason)
    return render(
        request,
        "scoring/event_standings.html",
        {
            "tournament": tournament,
            "title": title,
            "rows": event_standings(tournament, sections),
            "sections": sections,
            "is_staff": is_director(request.user, tournament),
            "my_entries": selectors.my_entry_ids(request.user, [s.pk for s in sections]),
        },
    )


@require_GET
def event_standings_page(request, tournament_id: int) -> HttpResponse:
    """The event's standings: every session and section added up per pair."""
    tournament = selectors.tournament_get(tournament_id)
    if tournament is None:
        raise Http404(_("No such event."))
    sections = selectors.tournament_sections(tournament)
    return _combined_page(request, tournament, sections, _("Event standings"))


@require_GET
def session_standings_page(request, session_id: int) -> HttpResponse:
    """One session's standings: its sections added up per pair."""
    session = selectors.session_get(session_id)
    if session is None:
        raise Http404(_("No such session."))
    sections = selectors.tournament_sections(session.tournament, session=session)
    title = _("Session %(number)s standings") % {"number": session.number}
    return _combined_page(request, session.tournament, sections, title)
