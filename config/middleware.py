"""Project middleware."""

from __future__ import annotations

from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.messages.storage import default_storage
from django.utils.functional import SimpleLazyObject, empty


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
