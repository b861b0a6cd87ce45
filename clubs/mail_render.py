"""Rendering an email in the reader's language (re-exported by :mod:`clubs.mail`). It
imports nothing of the background jobs, so a job that renders an email (a password reset's,
:mod:`clubs.password_reset`) may import it."""

from __future__ import annotations

from typing import NamedTuple

from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.utils import translation


class EmailParts(NamedTuple):
    """A rendered email: one line of subject, the plain text, the HTML ("" for none)."""

    subject: str
    body: str
    html: str


def email_render_parts(*, template: str, context: dict, language: str) -> EmailParts:
    """The email ``template`` rendered with ``context`` in ``language``: the subject, the
    plain text, and the HTML alternative when ``email/<template>.html`` exists."""
    with translation.override(language):
        subject = render_to_string(f"email/{template}_subject.txt", context)
        body = render_to_string(f"email/{template}.txt", context)
        try:
            html = get_template(f"email/{template}.html").render(context)
        except TemplateDoesNotExist:
            html = ""
    return EmailParts(" ".join(subject.split()), body, html)


def email_render(*, template: str, context: dict, language: str) -> tuple[str, str]:
    """``(subject, body)`` of the email ``template`` rendered with ``context`` in
    ``language`` (one line of subject; the body is plain text)."""
    parts = email_render_parts(template=template, context=context, language=language)
    return parts.subject, parts.body
