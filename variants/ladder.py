"""A season ladder per game of the whist family: each player's total per club night over
that game's tables, ranked by :func:`clubs.ladder.standings` under the season's counting
rule. Kept apart from the rubber and Boston ladders (the units differ). Two queries, however
many nights, tables and hands."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import partial

from django.db.models import Sum
from django.utils.translation import gettext_lazy as _

from clubs.ladder import (
    CountingRule,
    LadderResult,
    LadderRow,
    SeasonLadder,
    season_rule,
    standings,
)
from clubs.models import Season
from variants.models import Game, VariantHandLine, VariantSeat


def variant_night_results(season: Season, game: str) -> Iterable[LadderResult]:
    """One result per player per club night of the season with ``game`` played: the sum
    of their lines over every table of that game they sat at that night."""
    in_season = {
        "hand__table__game": game,
        "hand__table__club_night__club_id": season.club_id,
        "hand__table__club_night__date__gte": season.starts,
        "hand__table__club_night__date__lte": season.ends,
    }
    per_seat = (
        VariantHandLine.objects.filter(**in_season)
        .values("hand__table_id", "position", "hand__table__club_night__date")
        .annotate(total=Sum("score"))
    )
    totals = {(r["hand__table_id"], r["position"]): r for r in per_seat}
    seats = VariantSeat.objects.filter(table_id__in={table for table, _p in totals}).values_list(
        "table_id", "position", "member_id"
    )
    nights: dict[tuple[int, object], int] = defaultdict(int)
    for table_id, position, member_id in seats:
        row = totals.get((table_id, position))
        if row is not None:
            nights[(member_id, row["hand__table__club_night__date"])] += row["total"]
    for (member_id, date), total in nights.items():
        yield LadderResult(member_id, date, total)


def variant_ladder(season: Season, game: str, rule: CountingRule | None = None) -> list[LadderRow]:
    """The ``game`` ladder of ``season`` under ``rule`` (default: the season's own)."""
    rule = season_rule(season) if rule is None else rule
    return standings(variant_night_results(season, game), rule)


def player_variant_ladders(season: Season, member_id: int) -> dict[str, LadderRow]:
    """The member's line on each game's ladder of ``season`` (games he has no line on are
    left out), for the player page: game → :class:`~clubs.ladder.LadderRow`."""
    from variants.models import Game

    lines = {}
    for game in Game.values:
        row = next((r for r in variant_ladder(season, game) if r.member_id == member_id), None)
        if row is not None:
            lines[game] = row
    return lines


#: The site layer (``tenace.parts``) links each game's ladder from the season's ladder page
#: and lists a member's nights of each game on the player page.
SEASON_LADDERS = [
    SeasonLadder(
        title=game.label,
        score_label=_("Total"),
        results=partial(variant_night_results, game=game.value),
        url_name="variants:ladder",
        url_args=(game.value,),
    )
    for game in Game
]
