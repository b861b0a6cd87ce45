"""A password reset's emails, made by the background job ``clubs.password_reset_send``
(:func:`clubs.tasks.password_reset_send_task`), never in the request: the request only
queues the job (:func:`clubs.accounts.password_reset_request`), so it does the same work
whether the address belongs to a login or not, and its timing tells nothing."""

from __future__ import annotations

from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.tokens import default_token_generator
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from clubs.mail_render import email_render


def password_reset_messages(*, email: str, site: str, language: str) -> list[tuple[str, str, str]]:
    """``(to, subject, body)`` of a reset link (Django's token, three days) for each active
    login with ``email`` and a usable password; none when no login has it. ``site`` is
    ``protocol://domain``."""
    messages = []
    for user in PasswordResetForm().get_users(email):
        uid = urlsafe_base64_encode(force_bytes(user.pk))
        token = default_token_generator.make_token(user)
        path = reverse("password_reset_confirm", kwargs={"uidb64": uid, "token": token})
        subject, body = email_render(
            template="password_reset",
            context={"username": user.get_username(), "link": f"{site}{path}"},
            language=language,
        )
        messages.append((user.email, subject, body))
    return messages
