"""A person's own login: their name and phone, their email (changed only through a link sent
to the new address), password reset by email, logging out of every session, and the emails
they want: results at each release (turned off on My account or by the signed link in each
results email, :func:`results_email_off_token`) and in which language.

Every email goes through :func:`clubs.mail.email_queue` (a background job), never in the
request. A password reset request only queues its job (:func:`password_reset_request`),
which looks the address up: known or not, the request does the same work; requests are
limited per email address and per client address (:func:`password_reset_refusal`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.contrib.auth.forms import PasswordResetForm
from django.contrib.sites.shortcuts import get_current_site
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from clubs.errors import ClubError, saved_or_refused
from clubs.guesses import GuessCounter, client_address, name_key
from clubs.mail import email_queue, email_render
from clubs.models import Member, User

logger = logging.getLogger(__name__)

EMAIL_CHANGE_SALT = "tenace.email-change"
EMAIL_CHANGE_DAYS = 3
RESULTS_EMAIL_OFF_SALT = "tenace.results-email-off"


def _language() -> str:
    return translation.get_language() or "en"


@transaction.atomic
def person_details_update(*, user: User, name: str, phone: str) -> Member:
    """The logged-in person changes their own name and phone (their email changes through
    :func:`email_change_request`). A login without a member record gets one."""
    member = Member.objects.filter(user=user).first() or Member(user=user, email=user.email)
    if member.erased is not None:
        raise ClubError(_("This record was erased."))
    member.name, member.phone = name.strip(), phone.strip()
    return saved_or_refused(member)


def email_change_request(*, user: User, new_email: str, confirm_url: Callable[[str], str]) -> None:
    """Send a confirmation link (``confirm_url(token)``, valid three days) to ``new_email``;
    nothing changes until it is opened (:func:`email_change_confirm`)."""
    new_email = new_email.strip()
    try:
        validate_email(new_email)
    except ValidationError:
        raise ClubError(_("Enter a valid email address.")) from None
    if new_email.lower() == (user.email or "").lower():
        raise ClubError(_("This is already your email address."))
    token = signing.dumps({"u": user.pk, "e": new_email, "o": user.email}, salt=EMAIL_CHANGE_SALT)
    subject, body = email_render(
        template="email_change",
        context={"username": user.get_username(), "link": confirm_url(token)},
        language=_language(),
    )
    email_queue(to=new_email, subject=subject, body=body)


@transaction.atomic
def email_change_confirm(*, token: str) -> User:
    """Apply the email change that ``token`` confirms, to the login and the person's record,
    and tell the former address. Refused when the link is damaged, older than three days,
    or an earlier change came first."""
    try:
        data = signing.loads(token, salt=EMAIL_CHANGE_SALT, max_age=EMAIL_CHANGE_DAYS * 86400)
    except signing.SignatureExpired:
        raise ClubError(_("This link has expired: ask for a new one on your page.")) from None
    except signing.BadSignature:
        raise ClubError(_("This link is not valid.")) from None
    user = User.objects.select_for_update().filter(pk=data.get("u"), is_active=True).first()
    if user is None or (user.email or "") != (data.get("o") or ""):
        raise ClubError(_("This link is no longer valid: the address was changed since."))
    former, user.email = user.email, data["e"]
    user.save(update_fields=["email"])
    Member.objects.filter(user=user).update(email=user.email)
    if former:
        subject, body = email_render(
            template="email_changed",
            context={"username": user.get_username(), "new_email": user.email},
            language=_language(),
        )
        email_queue(to=former, subject=subject, body=body)
    return user


@transaction.atomic
def sessions_end_all(*, user: User) -> None:
    """Log ``user`` out of every session, on every device (this one too). API tokens are
    not sessions: they are revoked one by one."""
    user.session_generation += 1
    user.save(update_fields=["session_generation"])


#: Password reset requests per email address, and per client address, within an hour.
RESET_PER_EMAIL = GuessCounter("accounts:reset-email", 3, 3600)
RESET_PER_CLIENT = GuessCounter("accounts:reset-client", 10, 3600)


def password_reset_refusal(request, email: str) -> str | None:
    """Why this password reset request is refused now (None: it goes ahead, and is counted
    against the email address and the client's address). The same for an address Tenace
    knows and one it does not, so the answer tells nothing about which addresses exist."""
    by_email, by_client = name_key(email), client_address(request)
    # Both counted atomically, before anything is sent (clubs.guesses).
    allowed = RESET_PER_CLIENT.take_for(by_client)
    allowed = RESET_PER_EMAIL.take_for(by_email) and allowed
    if not allowed:
        return _(
            "Too many password reset requests for this address or from this computer: "
            "try again in an hour, or ask a secretary of your club."
        )
    return None


def password_reset_request(*, email: str, site: str, language: str) -> None:
    """Ask for a reset link for ``email``: one background job (``clubs.password_reset_send``)
    is queued whether or not a login has that address (the job looks it up,
    :func:`clubs.password_reset.password_reset_messages`), so the request does the same
    work — and takes the same time — either way. ``site`` is ``protocol://domain``."""
    from clubs.tasks import password_reset_send_task

    def queue() -> None:
        try:
            password_reset_send_task.delay(email=email, site=site, language=language)
        except Exception:  # noqa: BLE001 - the broker is down: log, never fail the request
            logger.exception("could not queue a password reset")

    transaction.on_commit(queue)


class QueuedPasswordResetForm(PasswordResetForm):
    """Django's password reset form; the lookup of the address and the email are the
    background job's (:func:`password_reset_request`), in the reader's language."""

    def save(self, domain_override=None, use_https=False, request=None, **kwargs) -> None:
        domain = domain_override or get_current_site(request).domain
        protocol = "https" if use_https else "http"
        password_reset_request(
            email=self.cleaned_data["email"], site=f"{protocol}://{domain}", language=_language()
        )


@transaction.atomic
def email_preferences_update(*, user: User, results_by_email: bool, language: str) -> Member:
    """The logged-in person chooses whether released results are emailed to them, and the
    language of the emails Tenace sends by itself ("" for their club's)."""
    member = Member.objects.select_for_update().filter(user=user).first()
    if member is None or member.erased is not None:
        raise ClubError(_("Only a club's members receive results by email."))
    member.results_by_email, member.language = results_by_email, language
    return saved_or_refused(member)


def results_email_off_token(member: Member) -> str:
    """The signed token of the link, in every results email, that turns them off for
    ``member`` without logging in. It does not expire (an old email's link still works)
    and it can only turn the emails off."""
    return signing.dumps({"m": member.pk}, salt=RESULTS_EMAIL_OFF_SALT, compress=True)


def results_email_member(token: str) -> Member:
    """The member whose results-email link ``token`` is; refused when damaged."""
    try:
        data = signing.loads(token, salt=RESULTS_EMAIL_OFF_SALT)
    except signing.BadSignature:
        raise ClubError(_("This link is not valid.")) from None
    member = Member.objects.filter(pk=data.get("m"), erased__isnull=True).first()
    if member is None:
        raise ClubError(_("This link is not valid."))
    return member


@transaction.atomic
def results_email_turn_off(*, token: str) -> Member:
    """Stop emailing results to the member of ``token`` (from the link in their email);
    turning them off again changes nothing."""
    member = Member.objects.select_for_update().get(pk=results_email_member(token).pk)
    if member.results_by_email:
        member.results_by_email = False
        member.save(update_fields=["results_by_email"])
    return member
