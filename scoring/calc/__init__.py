"""Pure scoring calculations for duplicate events: matchpoints (with Neuberg's formula and
adjusted scores), duplicate whist's trick methods (total tricks, compass ± average, AWL teams,
Foster's pair-v-pair matches) and standings with shared places.

Imports nothing but the standard library and :mod:`engine`. See ``scoring/calc/README.md``.
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
