"""Entering several results at once — a table's round on a phone or a table device, a
traveller grid — **all or nothing**, under the one rule of :func:`scoring.access.
entry_check` (issue #22).

Every typed cell (``9``, ``A+``, ``NP``: :func:`scoring.forms.parse_cell`) is checked and
recorded in one transaction; if one is refused, none is stored, and each refusal is named
by its board. A cell whose board already has a result (a retry, or the other phone) is not
a refusal: it is shown as stored. A director's results need no confirmation; a player (or
the table's device) enters tricks only, for their own table, round by round.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from scoring.access import Refusal, entry_check
from scoring.errors import ResultConflict, ScoringError
from scoring.forms import parse_cell
from scoring.schedule import play_facts
from scoring.services import result_record


class _Refused(Exception):
    """Raised inside the transaction to store none of the cells."""


def cells_record(
    *, cells: Iterable[tuple[int, str]], by, source: str, device=None
) -> dict[int, str]:
    """Record ``cells`` (board play id, typed text; empty cells are skipped) by ``by`` or
    on the table's ``device``, all or none. Returns the refusals by board play (empty:
    every typed cell is stored)."""
    refused: dict[int, str] = {}
    try:
        with transaction.atomic():
            for board_play_id, text in cells:
                try:
                    given = parse_cell(text)
                    if given is None:
                        continue
                    facts = play_facts(board_play_id, user=by)
                    as_director = entry_check(by, facts, kind=given.kind, device=device)
                    result_record(
                        board_play_id=board_play_id,
                        given=given,
                        by=by,
                        source=source,
                        confirmed=as_director,
                        facts=facts,
                        device=device,
                    )
                except ResultConflict:
                    continue
                except (ScoringError, Refusal) as error:
                    refused[board_play_id] = str(error)
            if refused:
                raise _Refused
    except _Refused:
        pass
    return refused
