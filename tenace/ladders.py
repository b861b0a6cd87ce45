"""The season's ladders, combined above the apps that feed them.

Two ladders are kept apart and never summed: rubber points from club nights
(:func:`clubs.ladder.season_ladder`, ranked by total) and percentages from tournaments
(:data:`PERCENTAGE_SOURCES`: each member's percentage per tournament, from
:mod:`scoring.ladder`, ranked by average). Both follow the season's counting rule (best N,
minimum attendance); ties share a rank (1, 2, 2, 4). :func:`season_ladders` returns both.
Apps with a ladder of their own (Boston, …) offer it through :mod:`tenace.parts`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from clubs.ladder import (
    CountingRule,
    LadderResult,
    LadderRow,
    PercentageRow,
    percentage_standings,
    season_ladder,
    season_rule,
)
from clubs.models import Season
from scoring.ladder import season_tournament_percentages


def tournament_results(season: Season) -> Iterable[LadderResult]:
    """Each member's percentage per tournament of the season (released standings only)."""
    for lines in season_tournament_percentages(season=season).values():
        for line in lines:
            yield LadderResult(line.member_id, line.starts, line.percentage)


PERCENTAGE_SOURCES: list[Callable[[Season], Iterable[LadderResult]]] = [tournament_results]


@dataclass(frozen=True)
class SeasonLadders:
    """A season's two ladders under one counting rule: rubber points from club nights and
    average percentages from tournaments (never added together)."""

    rule: CountingRule
    rubber: list[LadderRow]
    tournaments: list[PercentageRow]


def season_ladders(season: Season, rule: CountingRule | None = None) -> SeasonLadders:
    """Both ladders of ``season`` under ``rule`` (default: the season's own counting rule)."""
    rule = season_rule(season) if rule is None else rule
    return SeasonLadders(
        rule=rule,
        rubber=season_ladder(season, rule),
        tournaments=percentage_standings(
            (r for source in PERCENTAGE_SOURCES for r in source(season)), rule
        ),
    )
