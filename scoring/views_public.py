"""The club's public results: no login, stable addresses, light pages.

* ``/results/public/<club>/`` — the club's released events;
* ``/results/public/<club>/feed/`` — an Atom feed of released sessions;
* ``/results/public/<club>/<event>/`` — an event: its sessions, the combined standings, files;
* ``/results/public/<club>/<event>/<session>/`` — a session's standings, travellers and hand
  records, **the page a club embeds in its own website** (an ``<iframe>``: this page alone
  may be framed by any site); ``?lang=es`` chooses its language;
* ``…/files/<kind>/`` — the USEBIO, PBN and CSV files of an event or a session.

Results go out only once released (:func:`scoring.release.session_results_released`); the
club's organisers and secretaries see a session before, marked as a preview. Anyone else
gets a page saying the results are not published (404).
"""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_GET

from clubs.models import Club
from scoring import exports, selectors
from scoring.presenters import combined_standings, latest_snapshots, public_session_view
from scoring.release import (
    session_results_released,
    session_results_visible,
    sessions_results_visible,
)
from tournaments.models import Entry, Section, Session, Tournament


def with_language(view):
    """``?lang=xx`` (one of the site's languages) sets the page's language: an embedding
    site chooses it for its readers."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        lang = request.GET.get("lang", "")
        if lang not in dict(settings.LANGUAGES):
            return view(request, *args, **kwargs)
        with translation.override(lang):
            request.LANGUAGE_CODE = lang
            response = view(request, *args, **kwargs)
            if hasattr(response, "render"):
                response.render()
        response["Content-Language"] = lang
        return response

    return wrapped


def _not_published(request, club: Club | None = None) -> HttpResponse:
    return render(request, "scoring/public/not_published.html", {"club": club}, status=404)


def _club(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def _event(club: Club, slug: str) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("club"), club=club, slug=slug)


def _sessions(tournament: Tournament) -> list[Session]:
    return list(
        Session.objects.filter(tournament=tournament)
        .select_related("tournament__club")
        .order_by("number")
    )


def _session(tournament: Tournament, number: int) -> Session:
    return get_object_or_404(
        Session.objects.select_related("tournament__club"), tournament=tournament, number=number
    )


@require_GET
@with_language
def club_results(request, club_slug: str) -> HttpResponse:
    """The club's released events, newest first, with their sessions."""
    club = _club(club_slug)
    sessions = (
        Session.objects.filter(tournament__club=club)
        .select_related("tournament__club")
        .order_by("-tournament__starts", "tournament__name", "number")
    )
    events: dict[int, dict] = {}
    for session in sessions:
        if session_results_released(session):
            line = events.setdefault(
                session.tournament_id, {"tournament": session.tournament, "sessions": []}
            )
            line["sessions"].append(session)
    return render(
        request, "scoring/public/club.html", {"club": club, "events": list(events.values())}
    )


@require_GET
@with_language
def event_results(request, club_slug: str, event_slug: str) -> HttpResponse:
    """An event: its released sessions, the combined standings when it has several, its
    files."""
    tournament = _event(_club(club_slug), event_slug)
    sessions = _sessions(tournament)
    if not sessions_results_visible(request.user, sessions):
        return _not_published(request, tournament.club)
    sections = list(
        Section.objects.filter(session__tournament=tournament).order_by("session__number", "name")
    )
    ids = [section.pk for section in sections]
    entries = {
        entry.pk: entry
        for entry in Entry.objects.filter(section_id__in=ids).select_related("member1", "member2")
    }
    rows = combined_standings(ids, latest_snapshots(ids), entries) if len(sessions) > 1 else []
    return render(
        request,
        "scoring/public/event.html",
        {
            "tournament": tournament,
            "club": tournament.club,
            "sessions": sessions,
            "rows": rows,
            "preview": not all(session_results_released(s) for s in sessions),
        },
    )


@require_GET
@xframe_options_exempt
@with_language
def session_results(request, club_slug: str, event_slug: str, session: int) -> HttpResponse:
    """A session's standings, travellers and hand records: the page to embed."""
    tournament = _event(_club(club_slug), event_slug)
    found = _session(tournament, session)
    if not session_results_visible(request.user, found):
        return _not_published(request, tournament.club)
    context = public_session_view(found)
    context |= {
        "tournament": tournament,
        "club": tournament.club,
        "session": found,
        "preview": not session_results_released(found),
        "several_sessions": tournament.sessions.count() > 1,
        "my_entries": selectors.my_entry_ids(
            request.user, [part["section"].pk for part in context["sections"]]
        ),
    }
    response = render(request, "scoring/public/session.html", context)
    # This page alone may sit in another site's frame (the club's own website).
    response["Content-Security-Policy"] = "frame-ancestors *"
    return response


def _file(export: exports.ExportFile) -> HttpResponse:
    response = HttpResponse(export.content, content_type=export.content_type)
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response


def _kind(kind: str) -> str:
    if kind not in exports.KINDS:
        raise Http404(_("No such file."))
    return kind


@require_GET
def session_file(request, club_slug: str, event_slug: str, session: int, kind: str):
    """A session's USEBIO, PBN or CSV file."""
    kind = _kind(kind)
    tournament = _event(_club(club_slug), event_slug)
    found = _session(tournament, session)
    if not session_results_visible(request.user, found):
        return _not_published(request, tournament.club)
    version = "1.3" if request.GET.get("version") == "1.3" else "1.2"
    return _file(exports.export_file(exports.session_results(found), kind, usebio_version=version))


@require_GET
def event_file(request, club_slug: str, event_slug: str, kind: str):
    """An event's USEBIO, PBN or CSV file (every session)."""
    kind = _kind(kind)
    tournament = _event(_club(club_slug), event_slug)
    sessions = _sessions(tournament)
    if not sessions_results_visible(request.user, sessions):
        return _not_published(request, tournament.club)
    version = "1.3" if request.GET.get("version") == "1.3" else "1.2"
    return _file(
        exports.export_file(exports.event_results(tournament), kind, usebio_version=version)
    )
