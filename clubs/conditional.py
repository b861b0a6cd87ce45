"""Answers a polling page asks for again and again: one rule for their ETag, so that every
live page (standings, a director's progress grid, a drive's screen) answers 304 without
rendering while the page already shows the newest."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpResponse, HttpResponseNotModified


def not_modified(request, etag: str, answer: Callable[[], HttpResponse]) -> HttpResponse:
    """304 when the client already holds ``etag`` (``If-None-Match``), else ``answer()``
    (called only then); both with the ETag and ``Cache-Control: no-cache`` (the page asks
    again)."""
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = answer()
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response
