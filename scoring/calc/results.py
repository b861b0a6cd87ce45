"""The input of every calculation: one :class:`BoardResult` per table per board.

A result names the board, the entries that sat North–South and East–West, and either the
tricks North–South took (East–West took the rest of the 13) or an adjusted score
(:class:`Adjusted`), or neither — a board not played, which counts for nobody.

Pairs and individuals use the same value: ``ns`` and ``ew`` are either one entry id (a pair)
or a tuple of ids (the players of an individual, e.g. ``(north, south)``); every member of
a side receives that side's score (:func:`individual_result`, :attr:`BoardResult.ns_members`).

``arrow_switched`` marks a result at a table whose pairs turned the board (arrow switch):
the entry listed as ``ns`` (the pair that sits North–South in the movement) held the
East–West cards, so it receives the East–West score, and ``ew`` the North–South score.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from scoring.calc.errors import CalcError

TRICKS_PER_DEAL = 13

EntryId = Hashable
"""An entry's id: an int or a string (a pair number, a player's id, a team's name)."""


class Adjusted(enum.Enum):
    """An adjusted (artificial) score on a board: average plus, average, average minus."""

    AVERAGE_PLUS = "A+"
    AVERAGE = "A"
    AVERAGE_MINUS = "A-"

    @classmethod
    def parse(cls, text: str) -> Adjusted:
        """``"A+"``, ``"A"``, ``"A-"`` (also ``"60"``, ``"50"``, ``"40"``) → the value."""
        key = text.strip().upper().replace("AVE", "A").replace("AVG", "A")
        aliases = {"60": "A+", "50": "A", "40": "A-", "A=": "A"}
        try:
            return cls(aliases.get(key, key))
        except ValueError:
            raise CalcError(f"'{text}' is not an adjusted score (use A+, A or A-)") from None


def _members(side: EntryId | tuple[EntryId, ...]) -> tuple[EntryId, ...]:
    return side if isinstance(side, tuple) else (side,)


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One table's result on one board.

    * ``ns_tricks`` 0–13: the board was played; EW took ``13 - ns_tricks``.
    * ``adjusted``: an adjusted score instead — one :class:`Adjusted` for both sides
      (e.g. average to both) or a pair ``(for NS, for EW)`` (e.g. ``(A+, A-)``).
    * neither: not played; the result counts for nobody.

    Raises :class:`CalcError` for impossible tricks, both tricks and an adjustment, or an
    entry sitting on both sides.
    """

    board: int
    ns: EntryId | tuple[EntryId, ...]
    ew: EntryId | tuple[EntryId, ...]
    ns_tricks: int | None = None
    adjusted: Adjusted | tuple[Adjusted, Adjusted] | None = None
    arrow_switched: bool = False
    ns_adjusted: Adjusted | None = field(init=False, default=None, compare=False)
    ew_adjusted: Adjusted | None = field(init=False, default=None, compare=False)
    #: The entries listed North–South and East–West (computed once: every calculation
    #: reads them several times per result).
    ns_home: tuple[EntryId, ...] = field(init=False, default=(), compare=False, repr=False)
    ew_home: tuple[EntryId, ...] = field(init=False, default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.ns_tricks is not None:
            if self.adjusted is not None:
                raise CalcError(f"board {self.board}: a result has both tricks and an adjustment")
            if not 0 <= self.ns_tricks <= TRICKS_PER_DEAL:
                raise CalcError(f"board {self.board}: NS cannot take {self.ns_tricks} tricks")
        ns_home, ew_home = _members(self.ns), _members(self.ew)
        if set(ns_home) & set(ew_home):
            raise CalcError(f"board {self.board}: {self.ns} cannot play against themselves")
        object.__setattr__(self, "ns_home", ns_home)
        object.__setattr__(self, "ew_home", ew_home)
        if isinstance(self.adjusted, Adjusted):
            pair = (self.adjusted, self.adjusted)
        elif self.adjusted is not None:
            pair = tuple(self.adjusted)
            if len(pair) != 2 or not all(isinstance(a, Adjusted) for a in pair):
                raise CalcError(f"board {self.board}: an adjustment is A+, A or A- for NS and EW")
        else:
            pair = (None, None)
        object.__setattr__(self, "ns_adjusted", pair[0])
        object.__setattr__(self, "ew_adjusted", pair[1])

    @property
    def played(self) -> bool:
        """True if the board was played (NS tricks are known)."""
        return self.ns_tricks is not None

    @property
    def is_adjusted(self) -> bool:
        return self.ns_adjusted is not None

    @property
    def ew_tricks(self) -> int | None:
        return None if self.ns_tricks is None else TRICKS_PER_DEAL - self.ns_tricks

    @property
    def ns_members(self) -> tuple[EntryId, ...]:
        """The entries that receive the North–South cards' score (arrow switch applied)."""
        return self.ew_home if self.arrow_switched else self.ns_home

    @property
    def ew_members(self) -> tuple[EntryId, ...]:
        """The entries that receive the East–West cards' score (arrow switch applied)."""
        return self.ns_home if self.arrow_switched else self.ew_home


def individual_result(
    board: int,
    north: EntryId,
    south: EntryId,
    east: EntryId,
    west: EntryId,
    ns_tricks: int | None = None,
    adjusted: Adjusted | tuple[Adjusted, Adjusted] | None = None,
) -> BoardResult:
    """A result of an individual event: four players, each receiving their side's score."""
    return BoardResult(board, (north, south), (east, west), ns_tricks, adjusted)


def results_by_board(results: Iterable[BoardResult]) -> dict[int, list[BoardResult]]:
    """Group results by board, in board order; :class:`CalcError` if an entry plays a board
    twice ("board 5: 3 has two results")."""
    boards: dict[int, list[BoardResult]] = {}
    seen: set[tuple[int, EntryId]] = set()
    for result in results:
        boards.setdefault(result.board, []).append(result)
        for entry in result.ns_home + result.ew_home:
            key = (result.board, entry)
            if key in seen:
                raise CalcError(f"board {result.board}: {entry} has two results")
            seen.add(key)
    return dict(sorted(boards.items()))
