"""A session's printouts, for A4 and for a phone: table cards, guide cards, traveller
slips and hand records, every section of the session on one page each. Thin: each view
reads :mod:`tournaments.printouts` and renders.

The cards and slips say who plays whom and which boards (no deal), like the section's
page; the hand records show the deals, so they ask :func:`printouts.hand_records_visible`
and refuse with a reason otherwise."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from clubs.permissions import Action, can
from tournaments import printouts, visibility
from tournaments.models import Session


def _session(pk: int) -> Session:
    return get_object_or_404(Session.objects.select_related("tournament__club"), pk=pk)


def _context(request: HttpRequest, session: Session, **extra) -> dict:
    return {
        "session": session,
        "tournament": session.tournament,
        "can_organise": can(request.user, Action.ORGANISE, session.tournament.club_id),
        **extra,
    }


def session_printouts(request: HttpRequest, pk: int) -> HttpResponse:
    """The list of a session's printouts, with what each is for."""
    session = _session(pk)
    sections = printouts.session_sections(session)
    return render(
        request,
        "tournaments/print/index.html",
        _context(
            request,
            session,
            sections=sections,
            deals_visible=printouts.hand_records_visible(request.user, session),
        ),
    )


def _schedule_page(request: HttpRequest, pk: int, template: str) -> HttpResponse:
    session = _session(pk)
    schedules = printouts.session_schedules(printouts.session_sections(session))
    return render(request, template, _context(request, session, schedules=schedules))


def session_table_cards(request: HttpRequest, pk: int) -> HttpResponse:
    return _schedule_page(request, pk, "tournaments/print/table_cards.html")


def session_guide_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Guide cards; a director's print gives each EW round its table's confirmation code
    (anyone else's print has no codes)."""
    session = _session(pk)
    schedules = printouts.session_schedules(printouts.session_sections(session))
    context = _context(request, session, schedules=schedules)
    # The codes go to the event's directors only: an organiser who plays would hold the
    # code of his own table (the same check as every director-only action).
    context["with_codes"] = visibility.is_director(request.user, session.tournament)
    if context["with_codes"]:
        printouts.guide_codes_add(schedules)
    return render(request, "tournaments/print/guide_cards.html", context)


def session_traveller_slips(request: HttpRequest, pk: int) -> HttpResponse:
    return _schedule_page(request, pk, "tournaments/print/traveller_slips.html")


def session_hand_records(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    if not printouts.hand_records_visible(request.user, session):
        raise PermissionDenied(
            _(
                "The hand records of this session are not public yet: they are shown once "
                "the organisers release the results, so that nobody sees a deal before "
                "playing it."
            )
        )
    pages = printouts.session_hand_records(printouts.session_sections(session))
    return render(
        request, "tournaments/print/hand_records.html", _context(request, session, pages=pages)
    )
