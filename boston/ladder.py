"""The season's Boston ladder: each player's total per club night over its Boston tables,
ranked by :func:`clubs.ladder.standings` under the season's counting rule.

Kept apart from the rubber-whist ladder (counters and rubber points are different units, so
this source is deliberately not in :data:`clubs.ladder.LADDER_SOURCES`). Three queries,
however many nights, tables and hands.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db.models import Count, Sum
from django.utils.translation import gettext_lazy as _

from boston.models import BostonHand, BostonSeat
from clubs.ladder import (
    CountingRule,
    LadderResult,
    LadderRow,
    SeasonLadder,
    season_rule,
    standings,
)
from clubs.models import Season

SEATS = "NESW"


def boston_night_results(season: Season) -> Iterable[LadderResult]:
    """One result per player per club night of the season with Boston hands played: the
    total of their seat over every Boston table they sat at that night."""
    in_season = {
        "table__club_night__club_id": season.club_id,
        "table__club_night__date__gte": season.starts,
        "table__club_night__date__lte": season.ends,
    }
    per_table = {
        row["table_id"]: row
        for row in BostonHand.objects.filter(**in_season)
        .values("table_id", "table__club_night_id", "table__club_night__date")
        .annotate(
            n=Sum("change_n"),
            e=Sum("change_e"),
            s=Sum("change_s"),
            w=Sum("change_w"),
            hands=Count("pk"),
        )
    }
    seats = BostonSeat.objects.filter(table_id__in=list(per_table)).values_list(
        "table_id", "seat", "member_id"
    )
    totals: dict[tuple[int, int, object], int] = defaultdict(int)
    for table_id, seat, member_id in seats:
        row = per_table[table_id]
        night = (member_id, row["table__club_night_id"], row["table__club_night__date"])
        totals[night] += row[seat.lower()]
    for (member_id, _night_id, date), total in totals.items():
        yield LadderResult(member_id, date, total)


def boston_ladder(season: Season, rule: CountingRule | None = None) -> list[LadderRow]:
    """The Boston ladder of ``season`` under ``rule`` (default: the season's own rule)."""
    rule = season_rule(season) if rule is None else rule
    return standings(boston_night_results(season), rule)


#: The Boston ladder, offered to the site's ladder and player pages (see BostonConfig).
SEASON_LADDERS = [
    SeasonLadder(
        title=_("Boston ladder"),
        score_label=_("Total"),
        results=boston_night_results,
        url_name="boston:ladder",
    )
]
