"""CSV for spreadsheets: the standings, the travellers and the score cards.

Contract:

* UTF-8 with a byte-order mark (so that spreadsheet programs read accented names right),
  comma-separated, ``\\r\\n`` line ends, a header row of fixed English column names (the
  names are the file's interface: a spreadsheet or a script refers to them).
* **Safe to open.** A text cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a
  carriage return is written with a leading ``'``, so that a spreadsheet shows it as text
  instead of running it as a formula (OWASP's advice on CSV injection). Numbers are written
  as numbers (a negative total stays a number).
* :func:`standings_csv` — ``session, section, field, place, pair, names, total,
  percentage, boards``; for a combined ranking ``session`` and ``section`` are empty.
* :func:`travellers_csv` — one row per result: ``session, section, board, trump, round,
  table, ns_pair, ew_pair, ns_tricks, ew_tricks, adjusted, ns_points, ew_points,
  ns_percentage, ew_percentage`` (tricks that count, after a revoke penalty).
* :func:`score_cards_csv` — one row per pair and board it played: ``session, section, pair,
  names, board, direction, opponents, opponent_names, tricks, points, percentage``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from scoring.formats.model import EventResults, PairResult, SectionResults, TravellerLine

__all__ = ["safe_cell", "score_cards_csv", "standings_csv", "travellers_csv"]

_RISKY = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> object:
    """``value`` as a spreadsheet cell: numbers as they are, text that a spreadsheet would
    take for a formula with a leading ``'``, None as an empty cell."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        return value
    text = str(value)
    return "'" + text if text.startswith(_RISKY) else text


def _csv(header: list[str], rows: Iterable[Iterable[object]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([safe_cell(value) for value in row])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def _field(pair: PairResult) -> str:
    return pair.direction


def standings_csv(results: EventResults) -> bytes:
    """The standings: each section's, then the combined ranking when there is one."""
    header = ["session", "section", "field", "place", "pair", "names", "total"]
    header += ["percentage", "boards"]
    rows = []
    for section in results.sections:
        for pair in section.pairs:
            rows.append(
                [section.session, section.name, _field(pair), pair.place, pair.number]
                + [pair.names, pair.total, pair.percentage, pair.boards]
            )
    for pair in results.overall:
        rows.append(["", "", "", pair.place, pair.number, pair.names, pair.total])
        rows[-1] += [pair.percentage, pair.boards]
    return _csv(header, rows)


def _tricks(line: TravellerLine) -> tuple[int | None, int | None]:
    if line.kind != "played" or line.ns_score is None:
        return None, None
    return line.ns_score, 13 - line.ns_score


def travellers_csv(results: EventResults) -> bytes:
    """Every result of every board."""
    header = ["session", "section", "board", "trump", "round", "table", "ns_pair", "ew_pair"]
    header += ["ns_tricks", "ew_tricks", "adjusted", "ns_points", "ew_points"]
    header += ["ns_percentage", "ew_percentage"]
    rows = []
    for section in results.sections:
        for board in section.boards:
            trump = "NT" if board.board.trump is None else board.board.trump.letter
            for line in board.lines:
                adjusted = line.adjusted if line.kind == "adjusted" else ""
                if line.kind == "not_played":
                    adjusted = "NP"
                rows.append(
                    [section.session, section.name, board.board.number, trump, line.round]
                    + [line.table, line.ns, line.ew, *_tricks(line), adjusted]
                    + [line.ns_points, line.ew_points, line.ns_percentage, line.ew_percentage]
                )
    return _csv(header, rows)


def _card_rows(section: SectionResults) -> Iterable[list[object]]:
    for board in section.boards:
        for line in board.lines:
            ns, ew = _tricks(line)
            for side, pair, other in (("NS", line.ns, line.ew), ("EW", line.ew, line.ns)):
                mine, theirs = section.pair(pair), section.pair(other)
                tricks = ns if side == "NS" else ew
                if line.kind == "adjusted":
                    tricks = line.adjusted.split("/")[0 if side == "NS" else 1]
                elif line.kind == "not_played":
                    tricks = "NP"
                points = line.ns_points if side == "NS" else line.ew_points
                percent = line.ns_percentage if side == "NS" else line.ew_percentage
                yield [
                    section.session,
                    section.name,
                    pair,
                    mine.names if mine else "",
                    board.board.number,
                    side,
                    other,
                    theirs.names if theirs else "",
                    tricks,
                    points,
                    percent,
                ]


def score_cards_csv(results: EventResults) -> bytes:
    """Each pair's score card: one row per pair and board, sorted by pair then board."""
    header = ["session", "section", "pair", "names", "board", "direction", "opponents"]
    header += ["opponent_names", "tricks", "points", "percentage"]
    rows = [row for section in results.sections for row in _card_rows(section)]
    rows.sort(key=lambda row: (row[0], row[1], row[2], row[4]))
    return _csv(header, rows)
