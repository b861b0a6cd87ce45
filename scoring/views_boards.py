"""*Analyse now* (issue #23): a board set's double-dummy tables asked for from its hand
records page, by the club's organisers and secretaries (:mod:`scoring.analysis_now`)."""

from __future__ import annotations

import time

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.permissions import Action, require
from scoring.analysis_now import Started, board_set_analyse_now
from tournaments.models import BoardSet


def _said(started: Started) -> tuple[int, str]:
    return {
        Started.WORKER: (
            messages.SUCCESS,
            _("The worker is analysing the boards: their tables appear here as it finishes."),
        ),
        Started.BACKGROUND: (
            messages.SUCCESS,
            _("The boards are being analysed in the background: this page follows by itself."),
        ),
        Started.ALREADY: (messages.INFO, _("The analysis of these boards is already running.")),
        Started.NOTHING: (messages.INFO, _("Every board already has its double-dummy table.")),
        Started.FAILED: (
            messages.ERROR,
            _("The analysis could not be started here: run “manage.py boards_analyse”."),
        ),
    }[started]


@login_required
@require_POST
def board_set_analyse(request: HttpRequest, board_set_id: int) -> HttpResponse:
    board_set = get_object_or_404(BoardSet, pk=board_set_id)
    require(request.user, Action.ORGANISE, board_set.club_id)
    started = board_set_analyse_now(board_set_id=board_set.pk)
    level, text = _said(started)
    messages.add_message(request, level, text)
    url = reverse("tournaments:hand_records", args=[board_set.pk])
    if started in (Started.WORKER, Started.BACKGROUND, Started.ALREADY):
        url += f"?analysing={int(time.time())}"
    return redirect(url)
