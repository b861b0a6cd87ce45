"""Project middleware."""

from __future__ import annotations

import asyncio
import unicodedata

from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.messages.storage import default_storage
from django.http import Http404
from django.utils.functional import SimpleLazyObject, empty
from django.utils.translation import gettext as _

from clubs.inputs import body_limit
from config.errors import body_too_large


class LazyMessageMiddleware(MessageMiddleware):
    """Django's message middleware, with the request's message storage built only when a
    view or template uses it.

    Django builds it for every request, reading the messages cookie and setting up a
    cookie signer: work the result-entry API (a phone posting results with a token) never
    needs. A storage nobody touched has nothing to save, so the response is left alone and
    any message waiting in the cookie stays there for the next page."""

    def process_request(self, request):
        request._messages = SimpleLazyObject(lambda: default_storage(request))

    def process_response(self, request, response):
        messages = getattr(request, "_messages", None)
        if isinstance(messages, SimpleLazyObject) and messages._wrapped is empty:
            return response
        return super().process_response(request, response)


class PathCheckMiddleware:
    """A path holding a NUL or another control character names no page: 404 (JSON under
    ``/api/``) before any view looks it up. PostgreSQL refuses NUL in a query, so a slug
    or a code ending in ``%00`` was a server error there."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if any(unicodedata.category(c) == "Cc" for c in request.path):
            raise Http404(_("No page has this address: it holds a control character."))
        return self.get_response(request)


class RequestBodyLimitMiddleware:
    """Refuses a request whose declared body is larger than the cap
    (:func:`clubs.inputs.body_limit`) before anything reads it: 413, as JSON under ``/api/``
    and as the styled page elsewhere. Django caps only a form's fields
    (``DATA_UPLOAD_MAX_MEMORY_SIZE``), not uploaded files nor what DRF's parsers read; the
    API's parsers also stop reading at the cap (``clubs.api.inputs``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = body_limit()
        cut = getattr(request, "scope", {}).get(BODY_CUT, False)
        if cut or _length(request.META.get("CONTENT_LENGTH")) > limit:
            return body_too_large(request, limit)
        return self.get_response(request)


def _length(value) -> int:
    try:
        return int(value or 0)
    except ValueError:
        return 0


#: Set in an ASGI request's scope when :class:`BodyLimitASGI` stopped reading its body.
BODY_CUT = "tenace.body_cut"


class BodyLimitASGI:
    """Wraps the ASGI application so that a body is refused *as it streams in*.

    Django's ASGI handler reads the whole body (to memory, then a temporary file) before
    any middleware runs, so a chunked upload with no ``Content-Length`` would be read to
    its end. Here the receive channel counts the bytes: past the cap
    (:func:`clubs.inputs.body_limit`), or at once when the declared length is over it,
    Django is told the body ended, nothing more is read from the client, and the scope is
    marked (:data:`BODY_CUT`) so that :class:`RequestBodyLimitMiddleware` answers the same
    413 as for a declared length. The reverse proxy should cap bodies too
    (``docs/security.md``)."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        scope = dict(scope)
        return await self.app(scope, _counted(scope, receive, body_limit()), send)


def _counted(scope: dict, receive, limit: int):
    """``receive`` counting body bytes; past ``limit`` it ends the body and marks ``scope``."""
    headers = dict(scope.get("headers") or [])
    declared = _length(headers.get(b"content-length", b"").decode("latin-1"))
    read = {"bytes": 0, "cut": False}
    end = {"type": "http.request", "body": b"", "more_body": False}

    async def counting():
        if read["cut"]:
            # The body was cut short: nothing more comes (Django's wait for a disconnect
            # is cancelled once the 413 is sent).
            await asyncio.Future()
        if declared <= limit:
            message = await receive()
            if message["type"] != "http.request":
                return message
            read["bytes"] += len(message.get("body", b""))
            if read["bytes"] <= limit:
                return message
        read["cut"] = True
        scope[BODY_CUT] = True
        return end

    return counting
