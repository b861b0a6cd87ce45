"""Accepting an invitation: type the printed code (or open the emailed link), then choose a
username and password — or, already logged in, take the invitation into one's own login.

The link's code is moved into the session at once and the address changes to one without
it, so the code does not stay in the browser's history or in a ``Referer``. Wrong codes,
typed or in a link, are counted per client address (:func:`clubs.invitations.invitation_try`)."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs import invitations
from clubs.errors import ClubError
from clubs.forms_account import InvitationCodeForm, LoginCreateForm
from clubs.guesses import client_address

SESSION_KEY = "tenace_invitation_code"


def code_enter(request: HttpRequest) -> HttpResponse:
    """The page where a printed code is typed (wrong codes counted per client address)."""
    form = InvitationCodeForm(request.POST or None)
    status = 400 if request.method == "POST" else 200
    if request.method == "POST" and form.is_valid():
        try:
            found = invitations.invitation_try(
                form.cleaned_data["code"], client=client_address(request)
            )
        except ClubError as error:
            form.add_error("code", str(error))
            status = 429
        else:
            if found is not None:
                request.session[SESSION_KEY] = invitations.code_normal(form.cleaned_data["code"])
                return redirect("invitation_accept")
            form.add_error("code", _("This code is not valid: it may have been used or expired."))
    return render(request, "account/invitation_code.html", {"form": form}, status=status)


def link_open(request: HttpRequest, code: str) -> HttpResponse:
    """The emailed link: keep its code in the session and continue without it."""
    request.session[SESSION_KEY] = invitations.code_normal(code)
    return redirect("invitation_accept")


def accept(request: HttpRequest) -> HttpResponse:
    """Choose a username and password (or, logged in, accept into this login)."""
    try:
        invitation = invitations.invitation_try(
            request.session.get(SESSION_KEY, ""), client=client_address(request)
        )
    except ClubError as error:
        request.session.pop(SESSION_KEY, None)
        context = {"message": str(error)}
        return render(request, "account/invitation_invalid.html", context, status=429)
    if invitation is None:
        request.session.pop(SESSION_KEY, None)
        return render(request, "account/invitation_invalid.html", status=404)
    logged_in = request.user.is_authenticated
    form = None if logged_in else LoginCreateForm(request.POST or None)
    if request.method == "POST":
        if logged_in:
            return _accept_as(request, invitation)
        if form.is_valid():
            try:
                with transaction.atomic():
                    user = invitations.login_create_by_invitation(
                        invitation=invitation,
                        username=form.cleaned_data["username"],
                        password=form.cleaned_data["password1"],
                    )
            except ClubError as error:
                form.add_error(None, str(error))
            else:
                request.session.pop(SESSION_KEY, None)
                messages.success(
                    request, _("Your login is ready: log in with your username and password.")
                )
                return redirect(f"{reverse('login')}?username={user.get_username()}")
    context = {"invitation": invitation, "form": form}
    return render(
        request,
        "account/invitation_accept.html",
        context,
        status=400 if request.method == "POST" else 200,
    )


def _accept_as(request: HttpRequest, invitation) -> HttpResponse:
    try:
        invitations.invitation_accept(invitation=invitation, user=request.user)
    except ClubError as error:
        messages.error(request, str(error))
        return redirect("account")
    request.session.pop(SESSION_KEY, None)
    messages.success(
        request,
        _("You are now a member of %(club)s with your own login.") % {"club": invitation.club},
    )
    return redirect("account")
