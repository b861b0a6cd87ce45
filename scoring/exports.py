"""A session's or an event's results as files: USEBIO, PBN with results, CSV.

:func:`session_results` and :func:`event_results` load what a file holds as the plain
values of :mod:`scoring.formats.model` from the published standings (a fixed number of
queries however many boards and results); :func:`export_file` writes one of
:data:`KINDS`. Whether the file may go out is :mod:`scoring.release`'s question, asked by
the views.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db.models import QuerySet
from django.utils.text import slugify
from django.utils.translation import gettext as _

from engine.pbn_text import pbn_export_bytes
from scoring.formats.model import (
    BoardResults,
    EventResults,
    PairResult,
    SectionResults,
    TravellerLine,
)
from scoring.formats.pbn import write_pbn_results
from scoring.formats.spreadsheet import score_cards_csv, standings_csv, travellers_csv
from scoring.formats.usebio import write_usebio
from scoring.presenters import combined_standings, latest_snapshots
from tournaments.models import Board, Entry, Section, Session, Tournament
from tournaments.selectors import engine_board

#: The files, by the name used in addresses: (file name, content type).
KINDS = {
    "usebio": ("results.xml", "application/xml; charset=utf-8"),
    "pbn": ("results.pbn", "application/x-pbn; charset=iso-8859-1"),
    "standings": ("standings.csv", "text/csv; charset=utf-8"),
    "travellers": ("travellers.csv", "text/csv; charset=utf-8"),
    "score-cards": ("score-cards.csv", "text/csv; charset=utf-8"),
}


@dataclass(frozen=True)
class ExportFile:
    """A file to send: its bytes, content type and name."""

    content: bytes
    content_type: str
    filename: str


def _players(entry: Entry) -> tuple[str, ...]:
    return tuple(
        str(member) if member else guest
        for member, guest in ((entry.member1, entry.guest1), (entry.member2, entry.guest2))
        if member or guest
    )


def _pairs(data: dict, entries: dict[int, Entry]) -> tuple[PairResult, ...]:
    pairs = []
    for field in data.get("fields", []):
        for row in field["rows"]:
            entry = entries.get(row["entry"])
            pairs.append(
                PairResult(
                    number=row["number"],
                    direction=field["name"],
                    players=_players(entry) if entry else (row.get("name", ""),),
                    place=str(row["rank_label"]),
                    rank=row["rank"],
                    total=row["total"],
                    percentage=row["percentage"],
                    boards=row["boards"],
                )
            )
    return tuple(pairs)


def _line(row: dict, entries: dict[int, Entry]) -> TravellerLine:
    def number(entry_id: int) -> int:
        entry = entries.get(entry_id)
        return entry.number if entry else 0

    return TravellerLine(
        round=row["round"],
        table=row["table"],
        ns=number(row["ns"]),
        ew=number(row["ew"]),
        kind=row["kind"],
        ns_tricks=row["ns_tricks"],
        ns_score=row["ns_score"],
        adjusted=row.get("adjusted", ""),
        ns_points=row["ns_points"],
        ew_points=row["ew_points"],
        ns_percentage=row["ns_percentage"],
        ew_percentage=row["ew_percentage"],
    )


def _section(section: Section, method: str, data: dict, entries, boards) -> SectionResults:
    travellers = data.get("boards", {})
    board_results = tuple(
        BoardResults(board, tuple(_line(row, entries) for row in travellers.get(str(number), [])))
        for (set_id, number), board in sorted(boards.items())
        if set_id == section.board_set_id
    )
    return SectionResults(
        session=section.session.number,
        name=section.name,
        method=method,
        pairs=_pairs(data, entries),
        boards=board_results,
    )


def _overall(section_ids: list[int], snapshots: dict, entries: dict) -> tuple[PairResult, ...]:
    return tuple(
        PairResult(
            number=number,
            direction=row["field"],
            players=_players(row["entry"]),
            place=str(row["rank_label"]),
            rank=row["rank"],
            total=row["total"],
            percentage=row["percentage"],
            boards=row["boards"],
        )
        for number, row in enumerate(combined_standings(section_ids, snapshots, entries), 1)
    )


def _results(tournament: Tournament, sections: list[Section], session: Session | None):
    ids = [section.pk for section in sections]
    snapshots = latest_snapshots(ids)
    entries = {
        entry.pk: entry
        for entry in Entry.objects.filter(section_id__in=ids).select_related("member1", "member2")
    }
    set_ids = {section.board_set_id for section in sections if section.board_set_id}
    boards = {
        (row.board_set_id, row.number): engine_board(row)
        for row in Board.objects.filter(board_set_id__in=set_ids)
    }
    method = tournament.scoring_method
    parts = tuple(
        _section(section, method, snapshots.get(section.pk) or {}, entries, boards)
        for section in sections
    )
    several = len(sections) > 1 or len({section.session_id for section in sections}) > 1
    return parts, _overall(ids, snapshots, entries) if several else ()


def _sections(tournament: Tournament, session: Session | None) -> QuerySet[Section]:
    sections = Section.objects.filter(session__tournament=tournament).select_related("session")
    if session is not None:
        sections = sections.filter(session=session)
    return sections.order_by("session__number", "name")


def session_results(session: Session) -> EventResults:
    """The results of one session (its sections; combined when it has several)."""
    tournament = session.tournament
    sections = list(_sections(tournament, session))
    parts, overall = _results(tournament, sections, session)
    count = tournament.sessions.count()
    title = tournament.name
    if count > 1:
        title = _("%(event)s, session %(number)s") % {"event": title, "number": session.number}
    return EventResults(
        club=tournament.club.name,
        club_code=tournament.club.slug,
        event=tournament.name,
        event_code=f"{tournament.slug}-{session.number}",
        title=title,
        date=session.starts_at.date() if session.starts_at else tournament.starts,
        sessions=count,
        session=session.number,
        sections=parts,
        overall=overall,
        version=settings.TENACE_VERSION,
    )


def event_results(tournament: Tournament) -> EventResults:
    """The results of a whole event: every session's sections and the combined ranking."""
    sections = list(_sections(tournament, None))
    parts, overall = _results(tournament, sections, None)
    return EventResults(
        club=tournament.club.name,
        club_code=tournament.club.slug,
        event=tournament.name,
        event_code=tournament.slug,
        title=tournament.name,
        date=tournament.starts,
        sessions=len({section.session_id for section in sections}),
        session=None,
        sections=parts,
        overall=overall,
        version=settings.TENACE_VERSION,
    )


def export_file(results: EventResults, kind: str, *, usebio_version: str = "1.2") -> ExportFile:
    """The file ``kind`` (one of :data:`KINDS`) of ``results``."""
    name, content_type = KINDS[kind]
    if kind == "usebio":
        content = write_usebio(results, usebio_version)
    elif kind == "pbn":
        content = pbn_export_bytes(write_pbn_results(results))
    else:
        writers = {"standings": standings_csv, "travellers": travellers_csv}
        content = writers.get(kind, score_cards_csv)(results)
    stem = slugify(results.event_code) or "results"
    return ExportFile(content, content_type, f"{stem}-{name}")
