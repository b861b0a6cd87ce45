"""The engine's one error hierarchy.

Every error the engine raises is an :class:`EngineError`. Messages are written for the
person at the keyboard — a club secretary entering a score — and say what is wrong in the
game's own words ("7H appears twice", "W holds 12 cards", "NS cannot take 14 tricks").

The Django apps catch :class:`EngineError` and show ``str(error)`` unchanged.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error raised by :mod:`engine`."""


class CardError(EngineError):
    """A card, suit, rank or seat could not be read."""


class DealError(EngineError):
    """A deal is impossible: a card twice, a card missing, a hand of the wrong size."""


class PBNError(DealError):
    """A PBN file or tag could not be read."""


class PlayError(EngineError):
    """A play record is impossible: a card not held, played out of turn, played twice."""


class ScoringError(EngineError):
    """A hand's result cannot be scored: impossible tricks, honours, or a finished rubber."""


class ProfileError(EngineError):
    """A rule profile or one of its settings is unknown or out of range."""


class RotationError(EngineError):
    """A seating or partner rotation is impossible."""


class BostonError(EngineError):
    """A Boston call, contract or payment is impossible."""


class AnalysisUnavailable(EngineError):
    """Double-dummy analysis was asked for but the ``analysis`` extra is not installed."""
