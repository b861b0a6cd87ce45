"""Throttling of table-code guesses (:class:`clubs.guesses.GuessCounter`): a client (by
address) that typed ``LIMIT`` wrong codes within ``WINDOW`` seconds is refused further tries
until the window passes."""

from __future__ import annotations

from clubs.guesses import GuessCounter

LIMIT = 10
WINDOW = 15 * 60

_guesses = GuessCounter("drives:guesses", LIMIT, WINDOW)
guesses_exhausted = _guesses.exhausted
guess_failed = _guesses.failed
