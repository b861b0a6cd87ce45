"""Throttling of typed codes (a drive's table and card codes, a table device's code): a
client (by address) has ``limit`` wrong codes within ``window`` seconds; after them every
try is refused, unchecked, until the window passes.

A try is counted **before** the code is checked (:meth:`GuessCounter.try_take`, one
atomic ``add``/``incr`` of the cache: Redis in production, shared by every web process;
the local-memory cache under a lock otherwise), and given back when the code was right
(:meth:`GuessCounter.give_back`). So 30 guesses sent at once get at most ``limit`` checks:
a count read first and written after the check let 22 of 30 through. A cache outage never
stops the tables (the try is allowed)."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache


@dataclass(frozen=True)
class GuessCounter:
    """Tries per client address under the cache key ``prefix:<address>``."""

    prefix: str
    limit: int
    window: int

    def _key(self, request) -> str:
        return f"{self.prefix}:{request.META.get('REMOTE_ADDR', '?')}"

    def try_take(self, request) -> bool:
        """Count one try for this client; False (check nothing) when its tries are used up."""
        key = self._key(request)
        try:
            if cache.add(key, 1, self.window):
                return True
            return cache.incr(key) <= self.limit
        except ValueError:  # the count expired between add and incr: a new window
            cache.add(key, 1, self.window)
            return True
        except Exception:  # noqa: BLE001 - a cache outage must not stop the tables
            return True

    def give_back(self, request) -> None:
        """The code tried was right: the try does not count."""
        try:
            cache.decr(self._key(request))
        except Exception:  # noqa: BLE001 - expired (nothing to give back) or an outage
            return
