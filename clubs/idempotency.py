"""Idempotent answers for the apps below ``scoring`` (a rubber's hands): one mechanism.

The mechanism (keys stored with their answers, a retry answered as the first request was,
the same key for a different request refused) is :func:`scoring.idempotency.idempotent_call`.
``clubs`` sits below ``scoring`` and may not import it, so ``scoring`` registers it here
from its ``AppConfig.ready()`` (style rule 7: the lower app announces, the upper fills in);
:func:`idempotent` runs the call through it. Keys are per user.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Answer = tuple[int, dict[str, Any]]
#: The request header a phone sends (``Idempotency-Key: <random>``), as Django names it.
HEADER = "HTTP_IDEMPOTENCY_KEY"

_RUNNER: list[Callable[..., tuple[int, dict[str, Any], bool]]] = []


def idempotency_register(runner: Callable[..., tuple[int, dict[str, Any], bool]]) -> None:
    """Set the runner: ``runner(user=, key=, path=, data=, call=) -> (status, body,
    replayed)`` (``scoring.idempotency.idempotent_call``)."""
    _RUNNER[:] = [runner]


def idempotent(
    *, user, key: str | None, path: str, data: Any, call: Callable[[], Answer]
) -> tuple[int, dict[str, Any], bool]:
    """``call()`` once per ``(user, key)``: a retry gets the first answer, ``replayed`` True.
    Without a key (or before ``scoring`` registered its runner) the call simply runs."""
    if not key or not _RUNNER:
        status, body = call()
        return status, body, False
    return _RUNNER[0](user=user, key=key, path=path, data=data, call=call)
