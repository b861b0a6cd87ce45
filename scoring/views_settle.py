"""Settling a dispute from the page where the director sees it (the control room, the
dashboard): one post, one service (:func:`scoring.settling.dispute_settle`), back to the
control room with what was done or why it was refused."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.access import directs_section
from scoring.errors import ScoringError
from scoring.models import Result
from scoring.settling import SETTLE_ADJUSTED, dispute_settle
from scoring.views import _section_or_404
from tournaments.visibility import directors_only_message


def _back(request: HttpRequest, section) -> str:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return reverse("tournaments:control_room", args=[section.session_id])


@login_required
@require_POST
def settle(request: HttpRequest, result_id: int) -> HttpResponse:
    """Settle the dispute on ``result_id`` (NS's figure, EW's, another, an adjusted score)
    with a reason; back to the control room's disagreements of that section."""
    result = get_object_or_404(Result, pk=result_id)
    section = _section_or_404(result.section_id)
    if not directs_section(request.user, section):
        raise PermissionDenied(directors_only_message())
    choice = request.POST.get("choice", "")
    figure = request.POST.get("adjusted" if choice == SETTLE_ADJUSTED else "tricks", "")
    try:
        dispute_settle(
            result_id=result.pk,
            choice=choice,
            by=request.user,
            reason=request.POST.get("reason", "")[:500],
            figure=figure[:10],
        )
    except ScoringError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("Board %(board)s at table %(table)s settled; the standings will follow.")
            % {"board": result.board_number, "table": result.table},
        )
    return redirect(f"{_back(request, section)}#disagreements-{section.pk}")
