"""The scoring app's errors: each message is written for the secretary at the keyboard.

Views map :class:`ScoringError` to a 400 (a page message or an API ``detail``); a
:class:`ResultConflict` becomes a 409 carrying the stored result.
"""

from __future__ import annotations

from typing import Any


class ScoringError(Exception):
    """Base class: a result, a correction or an import was refused, with the reason."""

    def __init__(self, message: str, *, code: str = "") -> None:
        super().__init__(message)
        self.message = message
        #: A short name of the refusal for programs (the API sends it), when it has one.
        self.code = code

    def __str__(self) -> str:
        return str(self.message)


class ResultRefused(ScoringError):
    """A result cannot stand: not scheduled there, impossible tricks, a play record that
    disagrees, an adjusted score that makes no sense."""


class ResultConflict(ScoringError):
    """A result already exists for that board and pair meeting; ``stored`` is the stored
    result (its API representation is sent back with the 409)."""

    def __init__(self, message: str, *, stored: Any) -> None:
        super().__init__(message)
        self.stored = stored


class CorrectionRefused(ScoringError):
    """A correction lacks a reason or comes from someone who may not correct results."""


class ConfirmationRefused(ScoringError):
    """A confirmation from someone who does not sit EW at that table, or with a wrong code
    (the API answers 403)."""


class ImportRefused(ScoringError):
    """A CSV file of travellers could not be read at all (wrong columns, not CSV)."""


class CodeLocked(ConfirmationRefused):
    """Too many wrong confirmation codes for a table in a round: every code is refused
    until a director lifts the lock (the API answers 429)."""
