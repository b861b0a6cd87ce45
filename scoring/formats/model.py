"""A session's or an event's results as plain values, ready to be written in any format.

Contract: everything here is already computed (places, totals, percentages and each
traveller line's points come from the published standings); the writers only lay them
out. Pair numbers are the entries' numbers in their section; an event's combined ranking
(several sections or sessions) numbers its pairs 1, 2, 3 … in ranking order.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from engine.boards import Board


@dataclass(frozen=True, slots=True)
class PairResult:
    """One pair's line of the standings."""

    number: int
    #: ``"NS"`` / ``"EW"`` when the movement ranks each direction apart, else ``""``.
    direction: str
    players: tuple[str, ...]
    place: str
    rank: int
    total: float
    percentage: float | None
    boards: int

    @property
    def names(self) -> str:
        return " – ".join(self.players)


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One result on a board: who met, what NS made, the points each way."""

    round: int
    table: int
    ns: int
    ew: int
    #: ``"played"``, ``"adjusted"`` or ``"not_played"``.
    kind: str
    #: NS's tricks at the table, and the tricks that count for NS (after a revoke penalty).
    ns_tricks: int | None
    ns_score: int | None
    #: ``"A+/A-"`` for an adjusted score, else ``""``.
    adjusted: str
    ns_points: float | None
    ew_points: float | None
    ns_percentage: float | None
    ew_percentage: float | None


@dataclass(frozen=True, slots=True)
class BoardResults:
    """A board (deal, dealer, trump, double-dummy table) and its traveller."""

    board: Board
    lines: tuple[TravellerLine, ...]


@dataclass(frozen=True)
class SectionResults:
    """One section of one session: its standings and every board's traveller."""

    session: int
    name: str
    #: The scoring method: ``"matchpoints"``, ``"compass"``, ``"total_tricks"`` or ``"teams"``.
    method: str
    pairs: tuple[PairResult, ...]
    boards: tuple[BoardResults, ...]

    @property
    def two_winners(self) -> bool:
        return any(pair.direction for pair in self.pairs)

    def pair(self, number: int) -> PairResult | None:
        return next((pair for pair in self.pairs if pair.number == number), None)


@dataclass(frozen=True)
class EventResults:
    """What one file holds: a session (``session`` its number) or a whole event
    (``session`` None), with its sections and, across several, the combined ranking."""

    club: str
    club_code: str
    event: str
    event_code: str
    #: What the file is called inside (the event, or the event and the session).
    title: str
    date: dt.date
    sessions: int
    session: int | None
    sections: tuple[SectionResults, ...]
    overall: tuple[PairResult, ...]
    program: str = "Tenace"
    version: str = ""

    @property
    def method(self) -> str:
        return self.sections[0].method if self.sections else "matchpoints"
