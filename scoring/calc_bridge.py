"""The bridge between the loaded section (:class:`scoring.tally.SectionInput`) and the pure
standings calculations.

The calculations belong to :mod:`scoring.calc` (another helper's pure package). Until its
public functions are in, this module carries a small equivalent of the three methods the
standings need — matchpoints (2 per result beaten, 1 per tie; adjusted scores at 60/50/40 %
of top, outside the comparisons), compass ± average and total tricks — and the ranking with
shared places ("1="). Replace :func:`compute_fields` with calls into :mod:`scoring.calc`
once it lands; the document shape (:mod:`scoring.tally`) stays the same.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict

from scoring.models import ResultKind

ADJUSTED_SHARE = {"A+": 0.6, "A": 0.5, "A-": 0.4}


def _fields_of(section) -> dict[int, str]:
    """The field of each entry: NS/EW for a Mitchell, one field otherwise."""
    movement = section.movement or {}
    two_fields = str(movement.get("type", "")).startswith("mitchell") and not movement.get(
        "arrow_switch"
    )
    field: dict[int, str] = {}
    for row in section.results:
        field.setdefault(row.ns, "NS" if two_fields else "")
        field.setdefault(row.ew, "EW" if two_fields else "")
    return field


def _board_matchpoints(rows) -> dict[int, tuple[float, float, float]]:
    """``result id → (NS points, EW points, top)`` for one board's results."""
    played = [row for row in rows if row.kind == ResultKind.PLAYED]
    top = 2 * (len(played) - 1) if len(played) > 1 else 2
    scores = sorted(row.ns_score for row in played)
    points: dict[int, tuple[float, float, float]] = {}
    for row in played:
        if len(played) == 1:
            ns = 1.0
        else:
            below = _count_below(scores, row.ns_score)
            ties = _count_equal(scores, row.ns_score) - 1
            ns = 2.0 * below + ties
        points[row.id] = (ns, top - ns, top)
    for row in rows:
        if row.kind == ResultKind.ADJUSTED:
            ns = ADJUSTED_SHARE[row.adjusted_ns] * top
            ew = ADJUSTED_SHARE[row.adjusted_ew] * top
            points[row.id] = (ns, ew, top)
    return points


def _count_below(scores: list[int], value: int) -> int:
    return bisect_left(scores, value)


def _count_equal(scores: list[int], value: int) -> int:
    return bisect_right(scores, value) - bisect_left(scores, value)


def _tricks_points(rows) -> dict[int, tuple[float, float, float]]:
    return {
        row.id: (float(row.ns_score), float(13 - row.ns_score), 13.0)
        for row in rows
        if row.kind == ResultKind.PLAYED
    }


def rank_rows(rows: list[dict], key: str) -> list[dict]:
    """Sort ``rows`` by ``key`` (highest first) and give shared places: 1, 2=, 2=, 4."""
    ordered = sorted(rows, key=lambda row: (-row[key], row["number"]))
    for position, row in enumerate(ordered):
        first = position
        while first > 0 and ordered[first - 1][key] == row[key]:
            first -= 1
        row["rank"] = first + 1
    counts = defaultdict(int)
    for row in ordered:
        counts[row["rank"]] += 1
    for row in ordered:
        row["rank_label"] = f"{row['rank']}=" if counts[row["rank"]] > 1 else str(row["rank"])
    return ordered


def compute_fields(section) -> tuple[list[dict], dict[str, list[dict]]]:
    """``(fields, boards)`` of the standings document of :mod:`scoring.tally`."""
    by_board: dict[int, list] = defaultdict(list)
    for row in section.results:
        by_board[row.board].append(row)
    matchpoints = section.method == "matchpoints"
    totals: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
    boards: dict[str, list[dict]] = {}
    for number, rows in sorted(by_board.items()):
        points = _board_matchpoints(rows) if matchpoints else _tricks_points(rows)
        boards[str(number)] = [_traveller_row(row, points.get(row.id)) for row in rows]
        for row in rows:
            if row.id in points:
                ns, ew, top = points[row.id]
                for entry, score in ((row.ns, ns), (row.ew, ew)):
                    totals[entry][0] += score
                    totals[entry][1] += top
                    totals[entry][2] += 1
    return _field_tables(section, totals), boards


def _traveller_row(row, points) -> dict:
    ns, ew, top = points if points else (None, None, None)
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
        "ns_points": None if ns is None else round(ns, 2),
        "ew_points": None if ew is None else round(ew, 2),
        "ns_percentage": None if not top else round(100 * ns / top, 2),
        "ew_percentage": None if not top else round(100 * ew / top, 2),
    }


def _field_tables(section, totals) -> list[dict]:
    field_of = _fields_of(section)
    names = {entry.id: entry for entry in section.entries}
    grouped: dict[str, list[dict]] = defaultdict(list)
    for entry_id, (total, tops, boards) in totals.items():
        entry = names.get(entry_id)
        grouped[field_of.get(entry_id, "")].append(
            {
                "entry": entry_id,
                "number": entry.number if entry else 0,
                "name": entry.name if entry else "",
                "total": round(total, 2),
                "percentage": round(100 * total / tops, 2) if tops else 0.0,
                "boards": boards,
            }
        )
    if section.method == "compass":
        for rows in grouped.values():
            average = sum(row["total"] for row in rows) / len(rows)
            for row in rows:
                row["total"] = round(row["total"] - average, 2)
    key = "percentage" if section.method == "matchpoints" else "total"
    return [{"name": name, "rows": rank_rows(rows, key)} for name, rows in sorted(grouped.items())]
