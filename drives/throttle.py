"""Throttling of table-code and card-code guesses (:class:`clubs.guesses.GuessCounter`): a
client (by address) that typed ``LIMIT`` wrong codes within ``WINDOW`` seconds is refused
further tries, unchecked, until the window passes."""

from __future__ import annotations

from clubs.guesses import GuessCounter

LIMIT = 10
WINDOW = 15 * 60

guesses = GuessCounter("drives:guesses", LIMIT, WINDOW)
