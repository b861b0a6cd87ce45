"""Throttling of typed codes and of requests that cost someone else (a drive's table code, a
table device's code, an invitation code, a password reset's email): a client (by address)
— or any other name, such as an email address — that used ``limit`` tries within ``window``
seconds is refused further tries until the window passes. Counts live in the cache (Redis in
production), so every web process shares them; a cache outage never stops the tables.

The client's address is the one the login throttle counts (django-axes, behind
``PROXY_COUNT`` reverse proxies the forwarded one), so a proxy's own address is never what
is counted."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.cache import cache


def client_address(request) -> str:
    """The client's address, as the login throttle sees it."""
    from axes.helpers import get_client_ip_address

    return get_client_ip_address(request) or request.META.get("REMOTE_ADDR") or "?"


def name_key(text: str) -> str:
    """A name (an email address…) as a cache key part: hashed, case ignored, so that no
    personal data is written to the cache."""
    return hashlib.sha256(text.strip().casefold().encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class GuessCounter:
    """Tries per client address (or per name) under the cache key ``prefix:<address>``."""

    prefix: str
    limit: int
    window: int

    def exhausted(self, request) -> bool:
        """Whether this client may not try another code now."""
        return self.exhausted_for(client_address(request))

    def failed(self, request) -> None:
        """Count one wrong code (or one costly request) for this client."""
        self.failed_for(client_address(request))

    def exhausted_for(self, name: str) -> bool:
        """Whether ``name`` (an address, or a :func:`name_key`) has used its tries."""
        try:
            return int(cache.get(f"{self.prefix}:{name}", 0)) >= self.limit
        except Exception:  # noqa: BLE001 - a cache outage must not stop the tables
            return False

    def failed_for(self, name: str) -> None:
        """Count one try for ``name``."""
        key = f"{self.prefix}:{name}"
        try:
            if not cache.add(key, 1, self.window):
                cache.incr(key)
        except Exception:  # noqa: BLE001
            return
