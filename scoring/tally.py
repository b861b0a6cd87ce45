"""From the database to a standings document: load a section's results as plain rows
(:func:`section_input_load`, a fixed number of queries however many results) and compute
the standings with :mod:`scoring.calc` (:func:`standings_compute`, no database).

The document (stored as a snapshot's JSON) is::

    {"section": 7, "method": "matchpoints", "results": 2600, "waiting": 3, "disputed": 1,
     "fields": [{"name": "NS", "rows": [{"entry": 12, "number": 1, "name": "…",
                 "rank": 1, "rank_label": "1=", "total": 310.0, "percentage": 59.6,
                 "boards": 26}, …]}, …],
     "boards": {"1": [{"result": 91, "round": 1, "table": 1, "ns": 1, "ew": 14,
                       "ns_tricks": 8, "ns_score": 8, "adjusted": "", "ns_points": 6.0,
                       "ew_points": 2.0, "ns_percentage": 75.0, "ew_percentage": 25.0}, …]}}
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from scoring.models import Result, ResultKind, ResultStatus
from tournaments.models import Entry, Section


@dataclass(frozen=True, slots=True)
class EntryRow:
    id: int
    number: int
    name: str


class ResultRow(NamedTuple):
    """One result as the calculations need it (a named tuple: a section's 2,600 rows are
    built on every recompute, and a frozen dataclass took 12 ms to build them)."""

    id: int
    board: int
    round: int
    table: int
    ns: int
    ew: int
    kind: str
    ns_tricks: int | None
    ns_score: int | None
    adjusted_ns: str
    adjusted_ew: str
    status: str
    south: int | None = None  # individual events: South and West play for themselves
    west: int | None = None


@dataclass(frozen=True, slots=True)
class SectionInput:
    section_id: int
    method: str
    movement: dict
    entries: tuple[EntryRow, ...]
    results: tuple[ResultRow, ...]
    #: Compass ranked as one field (the event's ``compass_winners`` is "one").
    compass_single_winner: bool = False


_RESULT_FIELDS = (
    "id",
    "board_number",
    "round",
    "table",
    "ns_id",
    "ew_id",
    "kind",
    "ns_tricks",
    "ns_score",
    "adjusted_ns",
    "adjusted_ew",
    "status",
)
#: Only individual events seat South and West apart (read through the schedule).
_INDIVIDUAL_FIELDS = ("board_play__seating__south_id", "board_play__seating__west_id")


def section_input_load(section_id: int) -> SectionInput:
    """The section's method, movement, entries and results as plain rows (three queries)."""
    section = Section.objects.select_related("session__tournament").get(pk=section_id)
    tournament = section.session.tournament
    entries = tuple(
        EntryRow(entry.pk, entry.number, str(entry))
        for entry in Entry.objects.filter(section_id=section_id).order_by("number")
    )
    fields = _RESULT_FIELDS + (_INDIVIDUAL_FIELDS if tournament.individual else ())
    rows = (
        Result.objects.filter(section_id=section_id)
        .order_by("board_number", "table")
        .values_list(*fields)
    )
    results = tuple(ResultRow(*row) for row in rows)
    return SectionInput(
        section_id=section_id,
        method=str(getattr(tournament, "scoring_method", "matchpoints") or "matchpoints"),
        movement={**(section.movement or {}), "type": section.movement_type or ""}
        if section.movement_type
        else (section.movement or {}),
        entries=entries,
        results=results,
        compass_single_winner=getattr(tournament, "compass_winners", "") == "one",
    )


def _unsettled(row: ResultRow) -> ResultRow:
    """A disputed result is never scored (nor shown) with one side's figure: until the
    director settles it, it counts as not played and keeps its status."""
    if row.status != ResultStatus.DISPUTED:
        return row
    return row._replace(
        kind=ResultKind.NOT_PLAYED, ns_tricks=None, ns_score=None, adjusted_ns="", adjusted_ew=""
    )


def standings_compute(section: SectionInput) -> dict:
    """The standings document of ``section`` (see the module docstring)."""
    from scoring.calc_bridge import compute_fields

    if any(row.status == ResultStatus.DISPUTED for row in section.results):
        section = replace(section, results=tuple(_unsettled(row) for row in section.results))
    fields, boards = compute_fields(section)
    return {
        "section": section.section_id,
        "method": section.method,
        "results": sum(1 for row in section.results if row.kind != ResultKind.NOT_PLAYED),
        "waiting": sum(1 for row in section.results if row.status == ResultStatus.ENTERED),
        "disputed": sum(1 for row in section.results if row.status == ResultStatus.DISPUTED),
        "fields": fields,
        "boards": boards,
    }
