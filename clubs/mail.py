"""Email, sent by a background job: never in a request.

* :func:`email_render` — the subject and text of ``templates/email/<name>_subject.txt`` and
  ``<name>.txt`` in a given language (the reader's, not the request's);
  :func:`email_render_parts` also renders ``<name>.html`` when it exists (both live in
  :mod:`clubs.mail_render`, which a background job may import without this module).
* :func:`email_queue` — send it once the current transaction commits, through the Celery
  task ``clubs.email_send`` (:func:`clubs.tasks.email_send`: retried with back-off when the
  mail server cannot be reached). Any app may use both: the invitation, password-reset and
  email-change messages do.
* :func:`clubs.tasks.email_message_send` — the sending itself (plain text, an optional
  HTML alternative, optional headers), for a task of another app that keeps its own record
  of each message (the results emailed at a release, :mod:`scoring.release_emails`); such
  a task retries as ``clubs.email_send`` does (:data:`clubs.tasks.EMAIL_RETRY`).

Which server: Django's email backend from ``EMAIL_URL`` (SMTP in production); on the
embedded default the console backend prints each message, links included.
"""

from __future__ import annotations

import logging

from django.db import transaction

from clubs.mail_render import EmailParts, email_render, email_render_parts

__all__ = ["EmailParts", "email_queue", "email_render", "email_render_parts"]

logger = logging.getLogger(__name__)


def email_queue(*, to: list[str] | str, subject: str, body: str, reply_to: str = "") -> None:
    """Send ``subject`` and ``body`` to ``to`` after the current transaction commits
    (at once outside one). A broker that cannot take the job is logged, not raised: the
    caller's data is saved regardless, and the sender can send again."""
    from clubs.tasks import email_send

    recipients = [to] if isinstance(to, str) else list(to)
    if not recipients:
        return

    def send() -> None:
        try:
            email_send.delay(to=recipients, subject=subject, body=body, reply_to=reply_to)
        except Exception:  # noqa: BLE001 - the broker is down: log, never fail the request
            logger.exception("could not queue an email to %d recipient(s)", len(recipients))

    transaction.on_commit(send)
