"""A finished, released Mitchell with every result entered and the standings published, for
the tests of the public pages and the exports."""

from __future__ import annotations

from scoring.checks import ResultInput
from scoring.services import result_record
from scoring.standings import standings_publish
from tests.scoring.factories import Scheduled, mitchell_section


def tricks_for(board: int, table: int) -> int:
    return (board * 3 + table) % 14


def played_mitchell(*, tables: int = 3, released: bool = True, **kwargs) -> Scheduled:
    """Every board of a ``tables``-table Mitchell played (one adjusted score: board 1 at
    table 1), the event finished and, with ``released``, its standings released."""
    scheduled = mitchell_section(tables=tables, released=released, **kwargs)
    for round_ in range(1, tables + 1):
        for table in range(1, tables + 1):
            for board in scheduled.boards_at(round_, table):
                play = scheduled.play(round_, table, board)
                if (board, table) == (1, 1):
                    given = ResultInput(kind="adjusted", adjusted_ns="A+", adjusted_ew="A-")
                else:
                    given = ResultInput(ns_tricks=tricks_for(board, table))
                result_record(board_play_id=play.pk, given=given, by=None, confirmed=True)
    standings_publish(section_id=scheduled.section.pk, force=True)
    scheduled.tournament.status = "released" if released else "finished"
    scheduled.tournament.save(update_fields=["status"])
    return scheduled


def public_session_url(scheduled: Scheduled) -> str:
    tournament = scheduled.tournament
    number = scheduled.section.session.number
    return f"/results/public/{tournament.club.slug}/{tournament.slug}/{number}/"
