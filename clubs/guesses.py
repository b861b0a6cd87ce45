"""Throttling of typed codes (a drive's table code, a table device's code): a client (by
address) that typed ``limit`` wrong codes within ``window`` seconds is refused further tries
until the window passes. Counts live in the cache (Redis in production), so every web process
shares them; a cache outage never stops the tables."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache


@dataclass(frozen=True)
class GuessCounter:
    """Wrong guesses per client address under the cache key ``prefix:<address>``."""

    prefix: str
    limit: int
    window: int

    def _key(self, request) -> str:
        return f"{self.prefix}:{request.META.get('REMOTE_ADDR', '?')}"

    def exhausted(self, request) -> bool:
        """Whether this client may not try another code now."""
        try:
            return int(cache.get(self._key(request), 0)) >= self.limit
        except Exception:  # noqa: BLE001 - a cache outage must not stop the tables
            return False

    def failed(self, request) -> None:
        """Count one wrong code for this client."""
        key = self._key(request)
        try:
            if not cache.add(key, 1, self.window):
                cache.incr(key)
        except Exception:  # noqa: BLE001
            return
