"""The bridge between a loaded section (:class:`scoring.tally.SectionInput`) and the pure
standings calculations of :mod:`scoring.calc` (matchpoints with Neuberg's formula and
adjusted scores, total tricks, compass ± average, ranking with shared places).

:func:`compute_fields` turns result rows into :class:`scoring.calc.results.BoardResult`,
calls :func:`scoring.calc.standings.standings`, and shapes the answer as the JSON document of
:mod:`scoring.tally` (fields of ranked rows, each board's traveller with points).

Teams ± average (AWL) ranks teams, not pairs; a section scored that way is shown by total
tricks per pair here (the team view is :func:`scoring.calc.tricks.teams_plus_minus`).
"""

from __future__ import annotations

from engine.cards import Side
from scoring.calc.results import Adjusted, BoardResult
from scoring.calc.standings import Method, standings, two_fields
from scoring.models import ResultKind

_METHODS = {
    "matchpoints": Method.MATCHPOINTS,
    "compass": Method.COMPASS,
    "total_tricks": Method.TOTAL_TRICKS,
    "teams": Method.TOTAL_TRICKS,
}
_FIELD_NAMES = {Side.NS: "NS", Side.EW: "EW", None: ""}


def _board_result(row) -> BoardResult:
    """A result row as scoring.calc's value: individual events give each side its two
    players. Rows are stored by the cards held (``ns`` holds the North–South cards, after
    an arrow switch too: :func:`tournaments.seats.pairs_by_cards`), so no side is turned
    here."""
    ns = (row.ns, row.south) if row.south else row.ns
    ew = (row.ew, row.west) if row.west else row.ew
    if row.kind == ResultKind.PLAYED:
        return BoardResult(row.board, ns, ew, ns_tricks=row.ns_score)
    if row.kind == ResultKind.ADJUSTED:
        adjusted = (Adjusted(row.adjusted_ns), Adjusted(row.adjusted_ew))
        return BoardResult(row.board, ns, ew, adjusted=adjusted)
    return BoardResult(row.board, ns, ew)


def arrow_switched_tables(movement: dict) -> frozenset[tuple[int, int]]:
    """(round, table) of every table the movement arrow-switches."""
    return frozenset(
        (r["round"], t["table"])
        for r in movement.get("rounds", [])
        for t in r.get("tables", [])
        if t.get("arrow_switch")
    )


def compute_fields(section) -> tuple[list[dict], dict[str, list[dict]]]:
    """``(fields, boards)`` of the standings document of :mod:`scoring.tally`."""
    rows = sorted(section.results, key=lambda row: (row.board, row.table, row.id))
    movement = section.movement or {}
    arrow = bool(movement.get("arrow_switch")) or bool(arrow_switched_tables(movement))
    separate = two_fields(str(movement.get("type", "")), arrow)
    method = _METHODS.get(section.method, Method.MATCHPOINTS)
    results = [_board_result(row) for row in rows]
    single = method is Method.COMPASS and getattr(section, "compass_single_winner", False)
    computed = standings(results, method, separate_fields=separate, single_winner=single)
    by_board: dict[int, list] = {}
    for row in rows:
        by_board.setdefault(row.board, []).append(row)
    boards = {
        str(number): [
            _traveller_row(row, traveller)
            for row, traveller in zip(by_board[number], computed.travellers[number], strict=True)
        ]
        for number in sorted(by_board)
    }
    entries = {entry.id: entry for entry in section.entries}
    fields = [
        {"name": _FIELD_NAMES[side], "rows": [_standing_row(r, entries) for r in ranked]}
        for side, ranked in computed.fields.items()
    ]
    return sorted(fields, key=lambda field: field["name"] != "NS"), boards


def _standing_row(row, entries) -> dict:
    entry = entries.get(row.entry)
    return {
        "entry": row.entry,
        "number": entry.number if entry else 0,
        "name": entry.name if entry else "",
        "rank": row.rank,
        "rank_label": row.label,
        "total": round(float(row.total), 2),
        "percentage": None if row.percentage is None else round(row.percentage, 2),
        "boards": row.boards,
    }


def _rounded(value) -> float | None:
    return None if value is None else round(float(value), 2)


def _traveller_row(row, traveller) -> dict:
    return {
        "result": row.id,
        "round": row.round,
        "table": row.table,
        "ns": row.ns,
        "ew": row.ew,
        "kind": row.kind,
        "ns_tricks": row.ns_tricks,
        "ns_score": row.ns_score,
        "ew_score": None if row.ns_score is None else 13 - row.ns_score,
        "adjusted": f"{row.adjusted_ns}/{row.adjusted_ew}" if row.adjusted_ns else "",
        "status": row.status,
        "ns_points": _rounded(traveller.ns_points),
        "ew_points": _rounded(traveller.ew_points),
        "ns_percentage": _rounded(traveller.ns_percentage),
        "ew_percentage": _rounded(traveller.ew_percentage),
    }
