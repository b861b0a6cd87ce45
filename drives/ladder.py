"""The season's drive ladder: each member's total per drive that counts for the ladder
(finished drives of the club in the season), ranked by :func:`clubs.ladder.standings` under
the season's counting rule. Kept apart from the rubber-points ladder (tricks are another
unit), like the Boston ladder; the site may list it beside the others. Five queries however
many drives."""

from __future__ import annotations

from collections.abc import Iterable

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
from drives.models import Drive, DriveStatus
from drives.selectors import drive_states


def drive_results(season: Season) -> Iterable[LadderResult]:
    """One result per member per counting drive of the season: their card's total."""
    drives = Drive.objects.filter(
        club_id=season.club_id,
        counts_for_ladder=True,
        status=DriveStatus.FINISHED,
        date__gte=season.starts,
        date__lte=season.ends,
    ).order_by("date", "pk")
    for state in drive_states(list(drives)):
        drive = state.drive
        for pk, card in state.cards.items():
            member_id = state.players[pk].member_id
            if member_id is not None:
                yield LadderResult(member_id, drive.date, card.total)


def drive_ladder(season: Season, rule: CountingRule | None = None) -> list[LadderRow]:
    """The drive ladder of ``season`` under ``rule`` (default: the season's own rule)."""
    rule = season_rule(season) if rule is None else rule
    return standings(drive_results(season), rule)


#: The site layer (``tenace.parts``) links the drive ladder from the season's ladder page and
#: lists a member's drives on the player page.
SEASON_LADDERS = [
    SeasonLadder(
        title=_("Drive ladder"),
        score_label=_("Tricks"),
        results=drive_results,
        url_name="drives:ladder",
    )
]
