"""Background jobs of the clubs app.

* ``clubs.email_send`` — send one email (plain text) through Django's configured backend;
  retried with exponential back-off (30 s, 60 s, … up to an hour between tries, 8 tries)
  when the mail server cannot be reached. Queue it with :func:`clubs.mail.email_queue`.
* ``clubs.password_reset_send`` — look an address up and send its logins a reset link, so
  that the request asking for it does the same work whether the address is known or not.
"""

from __future__ import annotations

import smtplib

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMultiAlternatives

from clubs.password_reset import password_reset_messages

#: The errors a later try may mend: the mail server's, and a network that cannot reach it.
EMAIL_ERRORS_RETRIED = (smtplib.SMTPException, OSError)

#: How a task that sends email retries: on the mail server's errors and unreachable
#: networks, with exponential back-off (30 s, 60 s, … at most an hour), 8 times. Shared by
#: every task that sends (``scoring.release_email_deliver`` too).
EMAIL_RETRY = {
    "autoretry_for": EMAIL_ERRORS_RETRIED,
    "retry_backoff": 30,
    "retry_backoff_max": 3600,
    "retry_jitter": True,
    "max_retries": 8,
}


def email_message_send(
    *,
    to: list[str],
    subject: str,
    body: str,
    html: str = "",
    headers: dict[str, str] | None = None,
    reply_to: str = "",
) -> int:
    """Send one message through Django's configured backend, now (call it from a task,
    never in a request); returns the number sent (1). The backend's errors are raised."""
    message = EmailMultiAlternatives(
        subject=subject,
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=to,
        reply_to=[reply_to] if reply_to else None,
        headers=headers or None,
    )
    if html:
        message.attach_alternative(html, "text/html")
    return message.send(fail_silently=False)


@shared_task(name="clubs.email_send", acks_late=True, ignore_result=True, **EMAIL_RETRY)
def email_send(*, to: list[str], subject: str, body: str, reply_to: str = "") -> int:
    """Send ``subject`` and ``body`` to the addresses ``to`` (one message, each address a
    recipient); returns the number of messages the backend sent (1)."""
    return email_message_send(to=to, subject=subject, body=body, reply_to=reply_to)


@shared_task(name="clubs.password_reset_send", acks_late=True, ignore_result=True, **EMAIL_RETRY)
def password_reset_send_task(*, email: str, site: str, language: str) -> int:
    """Look ``email`` up and send each of its logins a reset link
    (:func:`clubs.password_reset.password_reset_messages`); returns how many were sent."""
    return sum(
        email_message_send(to=[to], subject=subject, body=body)
        for to, subject, body in password_reset_messages(email=email, site=site, language=language)
    )
