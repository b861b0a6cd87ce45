"""The director's control room of a session (:mod:`tenace.control`): one page from which
the night is run. The event's directors only; the status buttons post to
the tournaments app's status page, which comes back here."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from clubs.permissions import Action, can
from tenace.control import control_room
from tournaments.forms import MinutesForm, WithdrawForm
from tournaments.models import Session
from tournaments.schedule import EVENING_MINUTES
from tournaments.visibility import director_require


@login_required
def control_room_page(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_object_or_404(Session.objects.select_related("tournament__club"), pk=pk)
    club_id = session.tournament.club_id
    # A playing organiser runs nothing of the event they play in (issues #12, #22).
    director_require(request.user, session.tournament)
    minutes_form = MinutesForm(request.GET or None, initial={"minutes": EVENING_MINUTES})
    minutes = (
        minutes_form.cleaned_data.get("minutes") if minutes_form.is_valid() else None
    ) or EVENING_MINUTES
    is_secretary = can(request.user, Action.MANAGE_CLUB, club_id)
    room = control_room(session, is_secretary=is_secretary, minutes=minutes)
    return render(
        request,
        "tournaments/control_room.html",
        {
            "room": room,
            "session": session,
            "tournament": session.tournament,
            "minutes_form": minutes_form,
            "minutes": minutes,
            "withdraw_form": WithdrawForm(),
            "is_secretary": is_secretary,
            "here": request.get_full_path(),
        },
    )
