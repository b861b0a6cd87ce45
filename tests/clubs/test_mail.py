"""Email goes through Django's backends, sent by the Celery task ``clubs.email_send`` after
the transaction commits (never in the request), retried when the server cannot be reached;
``EMAIL_URL`` chooses the server (the console on the embedded default)."""

from __future__ import annotations

import json
import os
import smtplib
import subprocess
import sys

import pytest
from celery.exceptions import Retry
from django.core import mail

from clubs.mail import email_queue, email_render
from clubs.tasks import email_send


@pytest.mark.django_db
def test_email_queue_sends_after_commit_only(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        email_queue(to="ana@example.org", subject="Hi", body="Body")
    assert not mail.outbox and len(callbacks) == 1
    callbacks[0]()
    (message,) = mail.outbox
    assert (message.to, message.subject, message.body) == (["ana@example.org"], "Hi", "Body")


def test_email_render_uses_the_readers_language_not_the_requests():
    subject, body = email_render(
        template="invitation",
        context={
            "club": "Brno",
            "name": "Jan",
            "link": "http://x/",
            "code": "ABCD",
            "expires": None,
        },
        language="cs",
    )
    assert subject == "Brno vás zve do Tenace" and "Dobrý den, Jan," in body


class _Flaky:
    """An SMTP server that refuses the first connection."""

    calls = 0


@pytest.mark.django_db
def test_the_task_is_retried_when_the_mail_server_cannot_be_reached(monkeypatch):
    from django.core.mail.backends.locmem import EmailBackend

    original = EmailBackend.send_messages

    def flaky(self, messages):
        _Flaky.calls += 1
        if _Flaky.calls == 1:
            raise smtplib.SMTPServerDisconnected("down")
        return original(self, messages)

    monkeypatch.setattr(EmailBackend, "send_messages", flaky)  # the mail server, not our code
    # The first try asks Celery for a retry (with back-off) instead of failing; the retry
    # (the same call again) sends.
    with pytest.raises(Retry) as retry:
        email_send.apply(kwargs={"to": ["a@example.org"], "subject": "s", "body": "b"})
    assert isinstance(retry.value.exc, smtplib.SMTPServerDisconnected) and not mail.outbox
    email_send.apply(kwargs={"to": ["a@example.org"], "subject": "s", "body": "b"})
    assert [m.to for m in mail.outbox] == [["a@example.org"]]
    assert email_send.max_retries == 8 and smtplib.SMTPException in email_send.autoretry_for


def _settings_with(env: dict) -> dict:
    code = (
        "import django, json; django.setup(); from django.conf import settings as s;"
        "print(json.dumps({k: getattr(s, k) for k in ('EMAIL_BACKEND', 'EMAIL_HOST',"
        " 'EMAIL_PORT', 'EMAIL_HOST_USER', 'EMAIL_USE_TLS', 'DEFAULT_FROM_EMAIL')}))"
    )
    base = {k: v for k, v in os.environ.items() if k not in ("EMAIL_URL", "DEFAULT_FROM_EMAIL")}
    env = base | {"DJANGO_SETTINGS_MODULE": "config.settings.local"} | env
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def test_email_url_chooses_the_server_and_unset_prints_on_the_console():
    assert _settings_with({})["EMAIL_BACKEND"].endswith("console.EmailBackend")
    smtp = _settings_with(
        {
            "EMAIL_URL": "submission://club%40example.org:s3cret@smtp.example.org:587",
            "DEFAULT_FROM_EMAIL": "Club <club@example.org>",
        }
    )
    assert smtp["EMAIL_BACKEND"].endswith("smtp.EmailBackend")
    assert (smtp["EMAIL_HOST"], smtp["EMAIL_PORT"], smtp["EMAIL_USE_TLS"]) == (
        "smtp.example.org",
        587,
        True,
    )
    assert smtp["EMAIL_HOST_USER"] == "club@example.org"
    assert smtp["DEFAULT_FROM_EMAIL"] == "Club <club@example.org>"
