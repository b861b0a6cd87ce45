"""Throttling of typed codes and of requests that cost someone else (a drive's table and
card codes, a table device's code, an invitation code, a password reset's email): a client
(by address) — or any other name, such as an email address — that used ``limit`` tries
within ``window`` seconds is refused further tries until the window passes. Counts live in
the cache (Redis in production), so every web process shares them; a cache outage never
stops the tables.

A typed code's try is counted **before** the code is checked (:meth:`GuessCounter.try_take`,
one atomic ``add``/``incr`` of the cache; the local-memory cache is under a lock otherwise),
and given back when the code was right (:meth:`GuessCounter.give_back`). So 30 guesses sent
at once get at most ``limit`` checks: a count read first and written after the check let 22
of 30 through.

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

    def try_take(self, request) -> bool:
        """Count one try for this client; False (check nothing) when its tries are used up."""
        return self.take_for(client_address(request))

    def give_back(self, request) -> None:
        """The code tried was right: the try does not count."""
        self.give_back_for(client_address(request))

    def give_back_for(self, name: str) -> None:
        """Take back one try of ``name``."""
        try:
            cache.decr(f"{self.prefix}:{name}")
        except Exception:  # noqa: BLE001 - expired (nothing to give back) or an outage
            return

    def take_for(self, name: str) -> bool:
        """Count one try for ``name`` (an address, or a :func:`name_key`) atomically; False
        when its tries were already used up."""
        key = f"{self.prefix}:{name}"
        try:
            if cache.add(key, 1, self.window):
                return True
            return cache.incr(key) <= self.limit
        except ValueError:  # the count expired between add and incr: a new window
            cache.add(key, 1, self.window)
            return True
        except Exception:  # noqa: BLE001 - a cache outage must not stop the tables
            return True
