"""The engine's one error hierarchy.

Every error the engine raises is an :class:`EngineError`. Messages are written for the
person at the keyboard — a club secretary entering a score — and say what is wrong in the
game's own words ("7H appears twice", "W holds 12 cards", "NS cannot take 14 tricks").

Each error also carries a stable ``code`` (``"card_twice"``) and its ``params``
(``{"card": "7H"}``), so that the Django apps can show the ruling in the reader's language
(``clubs.rulings.ruling_text``); the English message stays the pure layer's own text.
"""

from __future__ import annotations

from collections.abc import Mapping


class EngineError(ValueError):
    """Base class of every error raised by :mod:`engine`.

    ``EngineError("7H appears twice", code="card_twice", params={"card": "7H"})``: the
    message is English for the pure layer; ``code`` names the ruling and ``params`` fill in
    its translated text. A class may give a default ``code``.
    """

    code: str = "engine_error"

    def __init__(
        self,
        message: str = "",
        *,
        code: str | None = None,
        params: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params: dict[str, object] = dict(params or {})


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
