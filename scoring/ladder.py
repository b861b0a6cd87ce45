"""Tournament results for the season ladder (a source for the clubs app's ladder).

:func:`season_tournament_percentages` reads the newest standings snapshot of every section
of the season's tournaments whose standings are released, and gives each member, per
tournament, the percentage their entries scored (weighted by boards when a member played
several sessions or sections of the same tournament). A tournament belongs to a season when
it names the season, or when it has none and starts within the season's dates in the same
club. Guests (entries without a member) and withdrawn entries (a pair that left part-way
would otherwise carry a percentage over a few boards) are left out. Methods without a
percentage (total tricks, compass) give no ladder line. Held-back standings never reach the
ladder: only tournaments whose standings are released count, and a tournament counts with
the snapshots published for it (a correction moves the ladder once its recompute has run).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import OuterRef, Q, Subquery

from scoring.models import StandingsSnapshot
from tournaments.models import STATUSES_RESULTS_PUBLIC, Entry, Section


@dataclass(frozen=True, slots=True)
class TournamentPercentage:
    """One member's result in one tournament of the season."""

    member_id: int
    tournament_id: int
    tournament: str
    starts: dt.date
    percentage: float
    boards: int


def _season_sections(season) -> list[Section]:
    in_season = Q(session__tournament__season=season) | Q(
        session__tournament__season__isnull=True,
        session__tournament__club_id=season.club_id,
        session__tournament__starts__gte=season.starts,
        session__tournament__starts__lte=season.ends,
    )
    return list(
        Section.objects.filter(in_season, session__tournament__status__in=STATUSES_RESULTS_PUBLIC)
        .select_related("session__tournament")
        .order_by("pk")
    )


def _latest_snapshots(section_ids: list[int]) -> dict[int, dict]:
    """The newest snapshot's data per section (one query; older versions are not read)."""
    newest = (
        StandingsSnapshot.objects.filter(section_id=OuterRef("section_id"))
        .order_by("-version")
        .values("version")[:1]
    )
    rows = StandingsSnapshot.objects.filter(
        section_id__in=section_ids, version=Subquery(newest)
    ).values_list("section_id", "data")
    return dict(rows)


def season_tournament_percentages(*, season) -> dict[int, list[TournamentPercentage]]:
    """``member id → [TournamentPercentage, …]`` (oldest tournament first) for ``season``
    (a :class:`clubs.models.Season`); a fixed number of queries however many events."""
    sections = _season_sections(season)
    snapshots = _latest_snapshots([section.pk for section in sections])
    members = {
        entry_id: (m1, m2)
        for entry_id, m1, m2 in Entry.objects.filter(
            section_id__in=[section.pk for section in sections], withdrawn=False
        ).values_list("pk", "member1_id", "member2_id")
    }
    sums: dict[tuple[int, int], list] = {}
    for section in sections:
        tournament = section.session.tournament
        for field in (snapshots.get(section.pk) or {}).get("fields", []):
            for row in field["rows"]:
                if row.get("percentage") is None or not row.get("boards"):
                    continue
                for member_id in members.get(row["entry"], ()):
                    if member_id is None:
                        continue
                    tally = sums.setdefault((member_id, tournament.pk), [tournament, 0.0, 0])
                    tally[1] += row["percentage"] * row["boards"]
                    tally[2] += row["boards"]
    ladder: dict[int, list[TournamentPercentage]] = {}
    for (member_id, tournament_id), (tournament, weighted, boards) in sums.items():
        ladder.setdefault(member_id, []).append(
            TournamentPercentage(
                member_id,
                tournament_id,
                tournament.name,
                tournament.starts,
                round(weighted / boards, 2),
                boards,
            )
        )
    for lines in ladder.values():
        lines.sort(key=lambda line: (line.starts, line.tournament_id))
    return ladder
