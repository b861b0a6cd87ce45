"""A person's own pages: My account (details, email, password, API tokens, sessions, their
data), and accepting an invitation. Thin: each view calls one service of
:mod:`clubs.accounts`, :mod:`clubs.tokens`, :mod:`clubs.invitations` or :mod:`clubs.people`."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from clubs import accounts, people, tokens
from clubs.errors import ClubError
from clubs.forms_account import (
    EmailChangeForm,
    EmailPreferencesForm,
    EraseForm,
    PersonDetailsForm,
    ThrottledPasswordChangeForm,
    TokenCreateForm,
)
from clubs.models import Membership
from clubs.permissions import member_of


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change, its old password throttled like a login."""

    form_class = ThrottledPasswordChangeForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


class PasswordResetView(auth_views.PasswordResetView):
    """Django's password reset page, limited per email address and per client address
    (:func:`clubs.accounts.password_reset_refusal`: a 429 with the reason, the same for a
    known address and an unknown one); the lookup and the email are a background job's."""

    form_class = accounts.QueuedPasswordResetForm

    def form_valid(self, form):
        refusal = accounts.password_reset_refusal(self.request, form.cleaned_data["email"])
        if refusal is not None:
            form.add_error(None, refusal)
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().form_valid(form)


def _page(request: HttpRequest, *, issued=None, status: int = 200, **forms) -> HttpResponse:
    user = request.user
    member = member_of(user)
    memberships = (
        Membership.objects.filter(member=member).select_related("club").order_by("club__name")
        if member
        else Membership.objects.none()
    )
    details = PersonDetailsForm(
        initial={
            "name": member.name if member else user.get_username(),
            "phone": member.phone if member else "",
        }
    )
    context = {
        "member": member,
        "memberships": memberships,
        "today": timezone.localdate(),
        "details_form": forms.get("details_form") or details,
        "email_form": forms.get("email_form") or EmailChangeForm(request=request),
        "token_form": forms.get("token_form") or TokenCreateForm(),
        "preferences_form": forms.get("preferences_form")
        or (EmailPreferencesForm(instance=member) if member else None),
        "tokens": tokens.tokens_of(user),
        "issued": issued,
    }
    return render(request, "account/home.html", context, status=status)


@login_required
def home(request: HttpRequest) -> HttpResponse:
    return _page(request)


@login_required
@require_POST
def details(request: HttpRequest) -> HttpResponse:
    form = PersonDetailsForm(request.POST)
    if form.is_valid():
        try:
            accounts.person_details_update(user=request.user, **form.cleaned_data)
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Saved."))
            return redirect("account")
    return _page(request, details_form=form, status=400)


@login_required
@require_POST
def email_change(request: HttpRequest) -> HttpResponse:
    form = EmailChangeForm(request.POST, request=request)
    if form.is_valid():
        new_email = form.cleaned_data["new_email"]
        try:
            accounts.email_change_request(
                user=request.user,
                new_email=new_email,
                confirm_url=lambda token: request.build_absolute_uri(
                    reverse("account_email_confirm", args=[token])
                ),
            )
        except ClubError as error:
            form.add_error("new_email", str(error))
        else:
            messages.success(
                request,
                _("We sent a link to %(email)s: open it to confirm the new address.")
                % {"email": new_email},
            )
            return redirect("account")
    return _page(request, email_form=form, status=400)


def email_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """Opened from the email: applies the change (no login needed: the link is the proof)."""
    if request.method != "POST":
        return render(request, "account/email_confirm.html", {"token": token})
    try:
        accounts.email_change_confirm(token=token)
    except ClubError as error:
        return render(request, "account/email_confirm.html", {"error": str(error)}, status=400)
    messages.success(request, _("Your email address is changed."))
    return redirect("account" if request.user.is_authenticated else "login")


@login_required
@require_POST
def email_preferences(request: HttpRequest) -> HttpResponse:
    form = EmailPreferencesForm(request.POST)
    if form.is_valid():
        try:
            accounts.email_preferences_update(user=request.user, **form.cleaned_data)
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Saved."))
            return redirect(reverse("account") + "#emails")
    return _page(request, preferences_form=form, status=400)


@csrf_exempt  # the signed token is the proof; mail programs post RFC 8058 one-click here
@require_http_methods(["GET", "POST"])
def results_email_off(request: HttpRequest, token: str) -> HttpResponse:
    """Opened from a results email (no login needed: the signed link is the proof). The
    page asks for one click (so a mail scanner opening links turns nothing off); a mail
    program's one-click unsubscribe posts here directly."""
    try:
        member = accounts.results_email_member(token)
        if request.method == "POST":
            member = accounts.results_email_turn_off(token=token)
    except ClubError as error:
        return render(request, "account/results_off.html", {"error": str(error)}, status=400)
    context = {"member": member, "token": token, "done": request.method == "POST"}
    return render(request, "account/results_off.html", context)


@login_required
@require_POST
def token_create(request: HttpRequest) -> HttpResponse:
    form = TokenCreateForm(request.POST)
    if form.is_valid():
        try:
            issued = tokens.token_create(
                user=request.user, name=form.cleaned_data["name"], expires=form.expires()
            )
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            # Shown in this answer only (never stored in the session or a message).
            return _page(request, issued=issued, status=201)
    return _page(request, token_form=form, status=400)


@login_required
@require_POST
def token_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    token = get_object_or_404(tokens.tokens_of(request.user), pk=pk)
    tokens.token_revoke(token=token, by=request.user)
    messages.success(request, _("Token “%(name)s” revoked.") % {"name": token.name})
    return redirect("account")


@login_required
@require_POST
def sessions_end(request: HttpRequest) -> HttpResponse:
    accounts.sessions_end_all(user=request.user)
    logout(request)
    messages.success(request, _("You are logged out everywhere. Log in again here."))
    return redirect("login")


def export_response(document: dict, filename: str) -> HttpResponse:
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=2), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def export(request: HttpRequest) -> HttpResponse:
    member = member_of(request.user)
    if member is None:
        document = {"format": "tenace-person/1", "login": people.account_export(request.user)}
    else:
        document = people.person_export(member=member)
    return export_response(document, "tenace-my-data.json")


@login_required
def erase(request: HttpRequest) -> HttpResponse:
    member = member_of(request.user)
    form = EraseForm(request.POST or None, request=request)
    if request.method == "POST" and form.is_valid():
        try:
            if member is not None:
                people.person_erase(member=member, by=request.user)
            else:
                people.login_erase(user=request.user)
        except ClubError as error:
            form.add_error(None, str(error))
            return render(request, "account/erase.html", {"form": form, "member": member})
        logout(request)
        messages.success(request, _("You are erased from Tenace. Thank you for playing."))
        return redirect("home")
    return render(request, "account/erase.html", {"form": form, "member": member})
