"""Project middleware."""

from __future__ import annotations

from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.messages.storage import default_storage
from django.utils.functional import SimpleLazyObject, empty

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


class RequestBodyLimitMiddleware:
    """Refuses a request whose declared body is larger than the cap
    (:func:`clubs.inputs.body_limit`) before anything reads it: 413, as JSON under ``/api/``
    and as the styled page elsewhere. Django caps only a form's fields
    (``DATA_UPLOAD_MAX_MEMORY_SIZE``), not uploaded files nor what DRF's parsers read; the
    API's parsers also stop reading at the cap (``clubs.api.inputs``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            declared = 0
        limit = body_limit()
        if declared > limit:
            return body_too_large(request, limit)
        return self.get_response(request)
