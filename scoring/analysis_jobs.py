"""Double-dummy analysis of a board set, run by the ``scoring.board_set_analyse`` task.

Only the worker imports this module (the task imports it inside its body), and it imports
:mod:`engine.analysis` — which loads the solver, endplay — inside the function: the web
process never loads the solver. Boards that already have a table keep it.
"""

from __future__ import annotations

from django.db import transaction

from engine.boards import Board as EngineBoard
from engine.pbn import format_dd_tricks
from scoring.schedule import board_facts
from tournaments.models import Board


def board_set_analyse(*, board_set_id: int) -> int:
    """Store the double-dummy table of every board of ``board_set_id`` that lacks one and
    has a deal; returns how many boards were analysed. A board whose deal was corrected
    while the solver ran is left for the next run."""
    from engine.analysis import analyse_boards

    rows = [
        row
        for row in Board.objects.filter(board_set_id=board_set_id).order_by("number")
        if row.deal and not row.dd_tricks
    ]
    if not rows:
        return 0
    values = []
    for row in rows:
        facts = board_facts(row)
        values.append(EngineBoard(row.number, facts.dealer, facts.trump, facts.deal))
    analysed = analyse_boards(values)
    stored = 0
    with transaction.atomic():
        for row, board in zip(rows, analysed, strict=True):
            # A deal corrected meanwhile keeps an empty table, for the job its change enqueued.
            stored += Board.objects.filter(pk=row.pk, deal=row.deal).update(
                dd_tricks=format_dd_tricks(board.dd_tricks)
            )
    return stored
