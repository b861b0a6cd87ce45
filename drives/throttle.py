"""Throttling of table-code guesses: a client (by address) that typed ``LIMIT`` wrong codes
within ``WINDOW`` seconds is refused further tries until the window passes. Counts live in
the cache (Redis in production), so every web process shares them."""

from __future__ import annotations

from django.core.cache import cache

LIMIT = 10
WINDOW = 15 * 60


def _key(request) -> str:
    return f"drives:guesses:{request.META.get('REMOTE_ADDR', '?')}"


def guesses_exhausted(request) -> bool:
    """Whether this client may not try another code now."""
    try:
        return int(cache.get(_key(request), 0)) >= LIMIT
    except Exception:  # noqa: BLE001 - a cache outage must not stop the tables
        return False


def guess_failed(request) -> None:
    """Count one wrong code for this client."""
    key = _key(request)
    try:
        if not cache.add(key, 1, WINDOW):
            cache.incr(key)
    except Exception:  # noqa: BLE001
        return
