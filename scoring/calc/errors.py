"""The calculations' one error: :class:`CalcError`, an :class:`engine.errors.EngineError`.

Messages name the board and the entry so that a secretary can find the slip
("board 5: pair 3 has two results", "board 2: NS cannot take 14 tricks").
"""

from __future__ import annotations

from engine.errors import EngineError


class CalcError(EngineError):
    """A set of results cannot be scored as given."""
