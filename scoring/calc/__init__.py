"""Pure scoring calculations for duplicate events: matchpoints (with Neuberg's formula and
adjusted scores), duplicate whist's trick methods (total tricks, compass ± average, AWL teams,
Foster's pair-v-pair matches) and standings with shared places.

Imports nothing but the standard library and :mod:`engine`. See ``scoring/calc/README.md``.

The public API in one place (errors are :class:`CalcError`, an ``engine`` ``EngineError``):

* Input — one :class:`BoardResult` per table per board:
  ``BoardResult(board, ns, ew, ns_tricks=None, adjusted=None, arrow_switched=False)``;
  ``ns``/``ew`` are entry ids (a pair) or tuples of ids (an individual's players:
  :func:`individual_result` ``(board, north, south, east, west, ns_tricks, adjusted)``).
  ``adjusted`` is :class:`Adjusted` (``A+``/``A``/``A-``, ``Adjusted.parse("A+")``) or a
  pair ``(for NS, for EW)``; neither tricks nor adjustment: not played.
* One session — ``standings(results, method, *, separate_fields, settings=None)`` →
  :class:`Standings` with ``.fields`` (``Side.NS``/``Side.EW`` or ``None`` → tuple of
  :class:`StandingRow`: entry, field, rank, label "3=", total, percentage, boards) and
  ``.travellers`` (board → :class:`TravellerRow`: result, top, ns/ew points and percentage).
  ``method`` is :class:`Method` (MATCHPOINTS, TOTAL_TRICKS, COMPASS); ``separate_fields``
  is ``two_fields(movement, arrow_switched)``; ``settings`` is :class:`MatchpointSettings`
  (``neuberg=True, expected=None, average_plus=0.6, average=0.5, average_minus=0.4``).
* Several sessions — ``session_totals(results, method, settings, fields)`` per session,
  then ``combine_sessions([s1, s2, ...], carry_forward=None)`` (matchpoints add; percentage
  weighted by boards) and ``rank_totals(totals.values(), fields)``.
* Teams and matches — ``team_aggregates(pairs)`` then ``teams_plus_minus(aggregates)``
  (AWL Law A); ``pair_matches(matches)`` then ``rank_matches(records)`` (Foster).

>>> from scoring.calc import BoardResult, Method, standings
>>> rows = [BoardResult(1, 1, 11, 7), BoardResult(1, 2, 12, 9), BoardResult(1, 3, 13, 7)]
>>> table = standings(rows, Method.MATCHPOINTS, separate_fields=False)
>>> [(r.entry, r.label, r.total) for r in table.fields[None]][:3]
[(2, '1', 4.0), (11, '2=', 3.0), (13, '2=', 3.0)]
"""

from scoring.calc.errors import CalcError
from scoring.calc.matchpoints import (
    EntryScore,
    MatchpointSession,
    MatchpointSettings,
    TravellerRow,
    board_matchpoints,
    neuberg,
    score_matchpoints,
)
from scoring.calc.results import Adjusted, BoardResult, individual_result, results_by_board
from scoring.calc.standings import (
    Method,
    SessionTotal,
    StandingRow,
    Standings,
    combine_sessions,
    home_fields,
    rank_matches,
    rank_totals,
    session_totals,
    standings,
    two_fields,
)
from scoring.calc.tricks import (
    CompassScore,
    MatchRecord,
    PairMatch,
    TeamPair,
    TrickTotal,
    compass,
    nearest_whole,
    pair_matches,
    plus_minus_average,
    team_aggregates,
    teams_plus_minus,
    total_tricks,
)

__all__ = [
    "Adjusted",
    "BoardResult",
    "CalcError",
    "CompassScore",
    "EntryScore",
    "MatchRecord",
    "MatchpointSession",
    "MatchpointSettings",
    "Method",
    "PairMatch",
    "SessionTotal",
    "StandingRow",
    "Standings",
    "TeamPair",
    "TravellerRow",
    "TrickTotal",
    "board_matchpoints",
    "combine_sessions",
    "compass",
    "home_fields",
    "individual_result",
    "nearest_whole",
    "neuberg",
    "pair_matches",
    "plus_minus_average",
    "rank_matches",
    "rank_totals",
    "results_by_board",
    "score_matchpoints",
    "session_totals",
    "standings",
    "team_aggregates",
    "teams_plus_minus",
    "total_tricks",
    "two_fields",
]
