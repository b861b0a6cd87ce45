"""Season ladders: per-member standings from ladder sources, under a counting rule.

A *ladder source* is a function ``(season) -> iterable of LadderResult``. This module holds
the ladders' vocabulary — results, counting rules, ranked rows (:func:`standings` by total,
:func:`percentage_standings` by average; ties share a rank: 1, 2, 2, 4) — and the club's own
source, rubber points per player per club night (:data:`LADDER_SOURCES`,
:func:`season_ladder`). Ladders that need other apps (tournament percentages, Boston, …) are
combined above the apps, in the site layer (:mod:`tenace.ladders`); an app that keeps a
ladder of its own describes it with a :class:`SeasonLadder` named in its ``AppConfig``.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.utils.functional import Promise

from clubs.errors import ClubError
from clubs.matches import match_state
from clubs.models import ClubNight, Season


@dataclass(frozen=True)
class LadderResult:
    """One member's result on one occasion (a club night, a tournament session)."""

    member_id: int
    date: dt.date
    score: float


@dataclass(frozen=True)
class CountingRule:
    """Which results count: all (``best`` None) or the best N; members with fewer than
    ``min_attendance`` results are left off the ladder."""

    best: int | None = None
    min_attendance: int = 1


@dataclass(frozen=True)
class LadderRow:
    """A line of the rubber-points ladder: ``counted`` of the ``played`` results make ``total``."""

    rank: int
    member_id: int
    total: float
    played: int
    counted: int


@dataclass(frozen=True)
class PercentageRow:
    """A line of the tournament ladder: the average of the ``counted`` best percentages."""

    rank: int
    member_id: int
    average: float
    played: int
    counted: int


def club_night_results(season: Season) -> Iterable[LadderResult]:
    """Rubber points per player per club night of the season: every finished rubber of each
    table's three-rubber match, with players reseated for rubbers 2 and 3
    (:func:`clubs.matches.match_state`), and dummy tables scored with
    :func:`engine.dummy.dummy_totals`. Guests play and score at their table, but the
    ladder is the club's members': a guest's points are left off it. A fixed number of
    queries, however many nights."""
    nights = ClubNight.objects.filter(
        club_id=season.club_id, date__gte=season.starts, date__lte=season.ends
    ).prefetch_related("tables__seats", "tables__rubbers__hands")
    for night in nights:
        points: dict[int, float] = defaultdict(float)
        for table in night.tables.all():
            table.club_night = night
            try:
                match = match_state(table)
            except ClubError:
                continue  # a table whose players are not all seated yet
            if not any(state.is_over for _rubber, _hands, state in match.rubbers):
                continue  # no rubber finished: nothing won or lost yet
            guests = {seat.member_id for seat in table.seats.all() if seat.guest}
            for member_id, score in match.totals.items():
                if member_id not in guests:
                    points[member_id] += score
        for member_id, score in points.items():
            yield LadderResult(member_id, night.date, score)


LADDER_SOURCES: list[Callable[[Season], Iterable[LadderResult]]] = [club_night_results]


def _counted(
    results: Iterable[LadderResult], rule: CountingRule
) -> list[tuple[int, list[float], int]]:
    """Per member left on the ladder: (member id, the scores that count, results played)."""
    by_member: dict[int, list[float]] = defaultdict(list)
    for result in results:
        by_member[result.member_id].append(result.score)
    counted = []
    for member_id, scores in by_member.items():
        if len(scores) < rule.min_attendance:
            continue
        best = sorted(scores, reverse=True)[: rule.best] if rule.best else scores
        counted.append((member_id, best, len(scores)))
    return counted


def _ranks(values: list[float]) -> list[int]:
    """Competition ranks of ``values`` sorted best first: equal values share a rank."""
    ranks: list[int] = []
    for position, value in enumerate(values, start=1):
        ranks.append(ranks[-1] if ranks and values[position - 2] == value else position)
    return ranks


def standings(results: Iterable[LadderResult], rule: CountingRule) -> list[LadderRow]:
    """Rank members by the total of their counted results; equal totals share a rank."""
    totals = sorted(
        (
            (sum(scores), played, len(scores), member_id)
            for member_id, scores, played in _counted(results, rule)
        ),
        key=lambda t: (-t[0], t[3]),
    )
    ranks = _ranks([t[0] for t in totals])
    return [
        LadderRow(rank, member_id, total, played, counted)
        for rank, (total, played, counted, member_id) in zip(ranks, totals, strict=True)
    ]


def percentage_standings(
    results: Iterable[LadderResult], rule: CountingRule
) -> list[PercentageRow]:
    """Rank members by the average of their counted percentages (rounded to 0.01, so equal
    averages share a rank)."""
    averages = sorted(
        (
            (round(sum(scores) / len(scores), 2), played, len(scores), member_id)
            for member_id, scores, played in _counted(results, rule)
        ),
        key=lambda t: (-t[0], t[3]),
    )
    ranks = _ranks([t[0] for t in averages])
    return [
        PercentageRow(rank, member_id, average, played, counted)
        for rank, (average, played, counted, member_id) in zip(ranks, averages, strict=True)
    ]


ALL_RESULTS = CountingRule()


@dataclass(frozen=True)
class SeasonLadder:
    """A ladder an app keeps for every season beside the club's own (rubber points,
    tournament percentages), ranked by total under the season's counting rule.

    An app offers it by naming a list of these in its ``AppConfig`` as a dotted path
    (``season_ladders = "boston.ladder.SEASON_LADDERS"``); the site's ladder page links to
    ``url_name`` (reversed with the club's slug, the season's id and then ``url_args``) and
    the player page lists the member's ``results`` under ``title`` with their
    ``score_label``."""

    title: str | Promise
    score_label: str | Promise
    results: Callable[[Season], Iterable[LadderResult]]
    url_name: str
    url_args: tuple[str, ...] = ()


def season_rule(season: Season) -> CountingRule:
    """The counting rule stored on the season."""
    return CountingRule(best=season.count_best, min_attendance=season.min_attendance)


def season_ladder(season: Season, rule: CountingRule | None = None) -> list[LadderRow]:
    """The season's ladder from every registered source, under ``rule`` (default: the
    season's own counting rule)."""
    rule = season_rule(season) if rule is None else rule
    return standings((r for source in LADDER_SOURCES for r in source(season)), rule)
