"""Season ladders: per-member standings from several ladder sources, under a counting rule.

A *ladder source* is a function ``(season) -> iterable of LadderResult``; club nights are the
first (rubber points per player per night). Tournaments add theirs by appending to
:data:`LADDER_SOURCES`. Ties share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from clubs.models import ClubNight, Season
from clubs.rubbers import rubber_state


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
    rank: int
    member_id: int
    total: float
    played: int


def club_night_results(season: Season) -> Iterable[LadderResult]:
    """Rubber points per player per club night of the season (finished rubbers only)."""
    nights = ClubNight.objects.filter(
        club_id=season.club_id, date__gte=season.starts, date__lte=season.ends
    ).prefetch_related("tables__seats", "tables__rubbers__hands")
    for night in nights:
        points: dict[int, float] = defaultdict(float)
        for table in night.tables.all():
            seats = {s.seat: s.member_id for s in table.seats.all()}
            for rubber in table.rubbers.all():
                if rubber.number != 1:
                    continue  # later rubbers reseat players: see clubs.matches.match_state
                state = rubber_state(rubber, sorted(rubber.hands.all(), key=lambda h: h.number))
                if not state.is_over:
                    continue
                result = state.result()
                for seat, member_id in seats.items():
                    side = "NS" if seat in "NS" else "EW"
                    won = result.winner.name == side
                    points[member_id] += result.points if won else -result.points
        for member_id, score in points.items():
            yield LadderResult(member_id, night.date, score)


LADDER_SOURCES: list[Callable[[Season], Iterable[LadderResult]]] = [club_night_results]


def standings(results: Iterable[LadderResult], rule: CountingRule) -> list[LadderRow]:
    """Rank members by the total of their counted results; equal totals share a rank."""
    by_member: dict[int, list[float]] = defaultdict(list)
    for result in results:
        by_member[result.member_id].append(result.score)
    totals = []
    for member_id, scores in by_member.items():
        if len(scores) < rule.min_attendance:
            continue
        counted = sorted(scores, reverse=True)[: rule.best] if rule.best else scores
        totals.append((sum(counted), len(scores), member_id))
    totals.sort(key=lambda t: (-t[0], t[2]))
    rows: list[LadderRow] = []
    for position, (total, played, member_id) in enumerate(totals, start=1):
        rank = rows[-1].rank if rows and rows[-1].total == total else position
        rows.append(LadderRow(rank, member_id, total, played))
    return rows


ALL_RESULTS = CountingRule()


def season_rule(season: Season) -> CountingRule:
    """The counting rule stored on the season."""
    return CountingRule(best=season.count_best, min_attendance=season.min_attendance)


def season_ladder(season: Season, rule: CountingRule | None = None) -> list[LadderRow]:
    """The season's ladder from every registered source, under ``rule`` (default: the
    season's own counting rule)."""
    rule = season_rule(season) if rule is None else rule
    return standings((r for source in LADDER_SOURCES for r in source(season)), rule)
