"""Background jobs of the clubs app.

* ``clubs.email_send`` — send one email (plain text) through Django's configured backend;
  retried with exponential back-off (30 s, 60 s, … up to an hour between tries, 8 tries)
  when the mail server cannot be reached. Queue it with :func:`clubs.mail.email_queue`.
"""

from __future__ import annotations

import smtplib

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMessage


@shared_task(
    name="clubs.email_send",
    acks_late=True,
    ignore_result=True,
    autoretry_for=(smtplib.SMTPException, OSError),
    retry_backoff=30,
    retry_backoff_max=3600,
    retry_jitter=True,
    max_retries=8,
)
def email_send(*, to: list[str], subject: str, body: str, reply_to: str = "") -> int:
    """Send ``subject`` and ``body`` to the addresses ``to`` (one message, each address a
    recipient); returns the number of messages the backend sent (1)."""
    message = EmailMessage(
        subject=subject,
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=to,
        reply_to=[reply_to] if reply_to else None,
    )
    return message.send(fail_silently=False)
