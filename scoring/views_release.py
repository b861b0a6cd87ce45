"""The director's part of the results emails: send what is still waiting (after a broker
outage, or once players added an address or a login). Safe to press again: the rows of
:mod:`scoring.release_emails` make sure nobody receives one release twice."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import tasks
from scoring.release_emails import latest_release
from tournaments.models import Tournament
from tournaments.visibility import director_require


@login_required
@require_POST
def release_emails_send(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    director_require(request.user, tournament)
    release = latest_release(tournament) if tournament.standings_released else None
    if release is None:
        messages.error(request, _("The event is not released: its results are not emailed."))
    elif tasks.release_emails_enqueue(release.pk):
        messages.success(request, _("The results emails not sent yet are on their way."))
    else:
        messages.error(request, _("The emails could not be queued now: try again shortly."))
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect("tournaments:detail", pk=tournament.pk)
    return redirect(f"{target}#release-emails-{tournament.pk}")
