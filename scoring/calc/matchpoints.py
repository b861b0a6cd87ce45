"""Matchpoints: each result on a board compared with every other result on that board.

Per board and direction a result scores 2 for each result it beats and 1 for each it ties,
so with ``n`` real scores the top is ``2(n-1)`` and the North–South and East–West
matchpoints on one result add up to the top. Results are compared on the North–South
cards' tricks; East–West receive the complement.

**Adjusted scores** (average plus / average / average minus) take no part in the
comparisons: they receive a share of the top (60 / 50 / 40 % by default,
:class:`MatchpointSettings`). A board **not played** counts for nobody: an entry's
percentage is taken over the boards it played (or was given an adjusted score on).

**Neuberg's formula** (on by default): when a board has fewer real scores ``n`` than the
board with the most scores ``N`` (or than ``expected``), each result is scaled from ``n``
scores to ``N``:  ``MP' = (MP + 1) · N / n − 1`` on the top of ``2(N-1)``.
Source: M. Bavin (EBU Chief TD), "The Neuberg formula"
(http://mybridgeuk.com/Neuberg%20formula.htm; EBU Laws & Ethics, "The Neuberg Formula — the
Principle", http://www.ebu.co.uk/lawsandethics/articles/neuberg/principle.htm): with 10 of
11 expected scores a sole top is (18 + 1) · 11/10 − 1 = 19.9 of 20, the bottom 0.1.
``N`` counts every result that was scheduled and not skipped (played or adjusted): an
adjusted result leaves its board with one real score fewer, which the formula makes good.
Without Neuberg each board keeps its own top ``2(n-1)`` (at least 2, so a board with a
single real score gives it 50 %).

The arithmetic is in floats (one board is a sort and two binary searches per result);
the values are rounded only for display.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass

from scoring.calc.errors import CalcError
from scoring.calc.results import Adjusted, BoardResult, EntryId, results_by_board

SHARES_DEFAULT = {Adjusted.AVERAGE_PLUS: 0.6, Adjusted.AVERAGE: 0.5, Adjusted.AVERAGE_MINUS: 0.4}


@dataclass(frozen=True, slots=True)
class MatchpointSettings:
    """How matchpoints are awarded.

    * ``neuberg``: scale boards with fewer scores to the most-played board (or ``expected``).
    * ``expected``: the number of scores each board should have had (``None``: the largest
      number of scores on any board of the session).
    * ``average_plus`` / ``average`` / ``average_minus``: an adjusted score's share of the top.
    """

    neuberg: bool = True
    expected: int | None = None
    average_plus: float = 0.6
    average: float = 0.5
    average_minus: float = 0.4

    def __post_init__(self) -> None:
        for share in (self.average_plus, self.average, self.average_minus):
            if not 0.0 <= share <= 1.0:
                raise CalcError(f"an adjusted score must be 0–100 % of the top, not {share:.0%}")
        if self.expected is not None and self.expected < 1:
            raise CalcError(f"a board cannot be expected {self.expected} times")

    def share(self, adjusted: Adjusted) -> float:
        """The share of the top that ``adjusted`` receives (0.6 for average plus …)."""
        if adjusted is Adjusted.AVERAGE_PLUS:
            return self.average_plus
        if adjusted is Adjusted.AVERAGE:
            return self.average
        return self.average_minus


@dataclass(frozen=True, slots=True)
class TravellerRow:
    """One result on a board's traveller with its score for both directions.

    ``ns_points``/``ns_percentage`` belong to the North–South *cards* (the entries in
    ``result.ns_members``; with an arrow switch that is the pair listed as East–West).
    ``None`` when the board was not played.
    """

    result: BoardResult
    top: float
    ns_points: float | None
    ew_points: float | None

    @property
    def ns_percentage(self) -> float | None:
        return None if self.ns_points is None else _percent(self.ns_points, self.top)

    @property
    def ew_percentage(self) -> float | None:
        return None if self.ew_points is None else _percent(self.ew_points, self.top)


@dataclass(frozen=True, slots=True)
class EntryScore:
    """An entry's matchpoints: ``total`` of a possible ``top`` over ``boards`` boards."""

    entry: EntryId
    total: float
    top: float
    boards: int

    @property
    def percentage(self) -> float:
        """``100 · total / top`` (0 if the entry played no board)."""
        return _percent(self.total, self.top) if self.top else 0.0


@dataclass(frozen=True, slots=True)
class MatchpointSession:
    """Travellers (board → rows, in input order) and entries' scores of one session."""

    travellers: dict[int, tuple[TravellerRow, ...]]
    entries: dict[EntryId, EntryScore]


def _percent(points: float, top: float) -> float:
    return 100.0 * points / top if top else 50.0


def board_matchpoints(ns_scores: list[int]) -> list[float]:
    """North–South matchpoints of each score in ``ns_scores`` (2 per score beaten, 1 per tie).

    >>> board_matchpoints([7, 9, 7, 4])
    [3.0, 6.0, 3.0, 0.0]
    """
    ordered = sorted(ns_scores)
    return [float(bisect_left(ordered, s) + bisect_right(ordered, s) - 1) for s in ns_scores]


def neuberg(points: float, scores: int, expected: int) -> float:
    """Neuberg's formula: ``points`` earned against ``scores`` results, scaled to
    ``expected`` results: ``(points + 1) · expected / scores − 1`` (2-per-win scale).

    >>> round(neuberg(18, 10, 11), 2)
    19.9
    """
    if scores < 1:
        raise CalcError("Neuberg's formula needs at least one score on the board")
    return (points + 1.0) * expected / scores - 1.0


def _expected_scores(boards: dict[int, list[BoardResult]], settings: MatchpointSettings) -> int:
    if settings.expected is not None:
        return settings.expected
    counts = [sum(1 for r in rows if r.played or r.is_adjusted) for rows in boards.values()]
    return max(counts, default=1)


def _score_board(
    rows: list[BoardResult], settings: MatchpointSettings, expected: int
) -> tuple[TravellerRow, ...]:
    played = [r for r in rows if r.played]
    n = len(played)
    if settings.neuberg:
        scores = max(expected, n)
        top = 2.0 * (scores - 1) if scores > 1 else 2.0
    else:
        scores = n
        top = 2.0 * (n - 1) if n > 1 else 2.0
    raw = board_matchpoints([r.ns_tricks for r in played])
    points: dict[int, float] = {}
    for row, mp in zip(played, raw, strict=True):
        if n == 1:
            points[id(row)] = top / 2
        elif settings.neuberg and scores != n:
            points[id(row)] = neuberg(mp, n, scores)
        else:
            points[id(row)] = mp
    return tuple(_traveller_row(r, points.get(id(r)), top, settings) for r in rows)


def _traveller_row(
    result: BoardResult, ns: float | None, top: float, settings: MatchpointSettings
) -> TravellerRow:
    if ns is not None:
        return TravellerRow(result, top, ns, top - ns)
    if result.is_adjusted:
        ns_share = settings.share(result.ns_adjusted)
        ew_share = settings.share(result.ew_adjusted)
        return TravellerRow(result, top, ns_share * top, ew_share * top)
    return TravellerRow(result, top, None, None)


def score_matchpoints(
    results: Iterable[BoardResult], settings: MatchpointSettings | None = None
) -> MatchpointSession:
    """Matchpoint one session: every board's traveller and every entry's total.

    All results of a board are compared together (one comparison per board: Mitchell,
    Howell, individual alike); which entries are ranked together is decided later
    (:mod:`scoring.calc.standings`). Raises :class:`CalcError` for an entry with two
    results on one board.
    """
    settings = settings or MatchpointSettings()
    boards = results_by_board(results)
    expected = _expected_scores(boards, settings)
    travellers: dict[int, tuple[TravellerRow, ...]] = {}
    totals: dict[EntryId, list] = {}
    for board, rows in boards.items():
        traveller = _score_board(rows, settings, expected)
        travellers[board] = traveller
        for row in traveller:
            if row.ns_points is None:
                continue
            for members, points in (
                (row.result.ns_members, row.ns_points),
                (row.result.ew_members, row.ew_points),
            ):
                for entry in members:
                    tally = totals.setdefault(entry, [0.0, 0.0, 0])
                    tally[0] += points
                    tally[1] += row.top
                    tally[2] += 1
    entries = {entry: EntryScore(entry, t[0], t[1], t[2]) for entry, t in totals.items()}
    return MatchpointSession(travellers, entries)
