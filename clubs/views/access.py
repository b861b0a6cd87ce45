"""The club's page about logins ("Logins and tokens"): its members' API tokens (issue one
for the club's work, list with their last use, revoke), locked-out logins (unlock), and the
history of roles. Secretaries manage tokens and see the history; organisers and secretaries
(who direct events) unlock logins."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import lockouts, roles, tokens
from clubs.errors import ClubError
from clubs.forms_account import TokenCreateForm
from clubs.models import Club
from clubs.permissions import Action, can, require

HISTORY_SHOWN = 200


def _access_page(
    request: HttpRequest, club: Club, *, issued=None, token_form=None, status: int = 200
) -> HttpResponse:
    today = timezone.localdate()
    manage = can(request.user, Action.MANAGE_CLUB, club)
    return render(
        request,
        "clubs/access.html",
        {
            "club": club,
            "can_manage": manage,
            "lockouts": lockouts.club_lockouts(club, on=today),
            "tokens": list(tokens.club_tokens(club, on=today)) if manage else [],
            "token_form": token_form or TokenCreateForm(),
            "issued": issued,
            "history": list(roles.role_history(club)[:HISTORY_SHOWN]) if manage else [],
            "now": timezone.now(),
        },
        status=status,
    )


@login_required
def access(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    require(request.user, Action.ORGANISE, club)
    return _access_page(request, club)


@login_required
@require_POST
def token_issue(request: HttpRequest, slug: str) -> HttpResponse:
    """A secretary issues a token for the club's work (a results laptop, a script): it is
    the secretary's own token, acting with their rights, listed with the members' tokens.
    The key is shown in this answer only."""
    club = get_object_or_404(Club, slug=slug)
    require(request.user, Action.MANAGE_CLUB, club)
    form = TokenCreateForm(request.POST)
    if form.is_valid():
        try:
            issued = tokens.token_create(
                user=request.user, name=form.cleaned_data["name"], expires=form.expires()
            )
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            return _access_page(request, club, issued=issued, status=201)
    return _access_page(request, club, token_form=form, status=400)


@login_required
@require_POST
def token_revoke(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    require(request.user, Action.MANAGE_CLUB, club)
    token = tokens.club_token(club, pk, on=timezone.localdate())
    if token is None:
        messages.error(request, _("This token is not one of this club's members' tokens."))
    else:
        tokens.token_revoke(token=token, by=request.user)
        messages.success(request, _("Token “%(name)s” revoked.") % {"name": token.name})
    return redirect("clubs:access", slug=club.slug)


@login_required
@require_POST
def unlock(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    require(request.user, Action.ORGANISE, club)
    kind = "address" if request.POST.get("kind") == "address" else "username"
    value = request.POST.get("value", "")[:255]
    try:
        lockouts.lockout_lift(club=club, kind=kind, value=value, on=timezone.localdate())
    except ClubError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Unlocked: %(value)s can log in again.") % {"value": value})
    return redirect("clubs:access", slug=club.slug)
