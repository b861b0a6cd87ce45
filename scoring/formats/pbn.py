"""PBN 2.1 with results: a session's (or event's) boards with their travellers and the
standings, for a results site, a scoring program or the club's archive.

Contract of :func:`write_pbn_results`:

* The export format of PBN 2.1: ``% PBN 2.1`` and ``% EXPORT``, then one game per board
  (per section with its own board set), games separated by a blank line, each with the
  seven-tag roster (``Event``, ``Site``, ``Date``, ``Board``, the four players left empty,
  ``Dealer``, ``Vulnerable "None"``, ``Deal`` from the dealer, ``Scoring``, ``Declarer``,
  ``Contract`` and ``Result`` left empty: whist has no contract), then Tenace's ``[Trump]``
  (``NT`` for no trump) and ``[TurnedCard]`` when known, the ``[DoubleDummyTricks]`` table
  when analysed, and the board's ``[ScoreTable]``.
* ``[ScoreTable]`` columns (PBN 2.1 column syntax, :mod:`engine.pbn_tables`): ``Section``,
  ``Round``, ``Table``, ``PairId_NS``, ``PairId_EW``, ``Declarer``, ``Result``, ``MP_NS``,
  ``MP_EW``, ``Percentage_NS``, ``Percentage_EW``. Whist has no declarer: every line says
  ``N``, so that ``Result`` (the tricks of the declarer's side) is NS's tricks that count;
  an adjusted score has ``Result`` ``-`` and its points; a board not played is left out.
* The standings are the first game's ``[TotalScoreTable]``: ``Rank``, ``PairId``,
  ``Direction`` (``N-S``/``E-W`` when each direction is ranked apart), ``TotalScoreMP``
  (``TotalScore`` for the other methods), ``TotalPercentage``, ``NrBoards``, ``Names``.
* Tenace's own PBN import reads the deals back (``[Board]``, ``[Dealer]``, ``[Deal]``,
  ``[Trump]``, ``[TurnedCard]``, ``[DoubleDummyTricks]``); other readers (endplay) read the
  deals and keep the tables.
"""

from __future__ import annotations

from engine.pbn import board_lines, pbn_tag
from engine.pbn_tables import Column, format_table
from scoring.formats.model import BoardResults, EventResults, PairResult, SectionResults

__all__ = ["SCORE_COLUMNS", "write_pbn_results"]

SCORE_COLUMNS = (
    Column("Section", 1, "L"),
    Column("Round", 2, "R"),
    Column("Table", 2, "R"),
    Column("PairId_NS", 2, "R"),
    Column("PairId_EW", 2, "R"),
    Column("Declarer", 1, "R"),
    Column("Result", 2, "R"),
    Column("MP_NS", 5, "R"),
    Column("MP_EW", 5, "R"),
    Column("Percentage_NS", 6, "R"),
    Column("Percentage_EW", 6, "R"),
)


def _points(value: float | None) -> str | None:
    return None if value is None else f"{value:.2f}".rstrip("0").rstrip(".")


def _percent(value: float | None) -> str | None:
    return None if value is None else f"{value:.2f}"


def _score_rows(section: SectionResults, board: BoardResults) -> list[list[object]]:
    rows = []
    for line in board.lines:
        if line.kind == "not_played":
            continue
        result = line.ns_score if line.kind == "played" else None
        rows.append(
            [
                section.name,
                line.round,
                line.table,
                line.ns,
                line.ew,
                "N",
                result,
                _points(line.ns_points),
                _points(line.ew_points),
                _percent(line.ns_percentage),
                _percent(line.ew_percentage),
            ]
        )
    return rows


def _total_table(pairs: tuple[PairResult, ...], method: str) -> list[str]:
    total = "TotalScoreMP" if method == "matchpoints" else "TotalScore"
    columns = [
        Column("Rank", 2, "R"),
        Column("PairId", 2, "R"),
        Column("Direction", 3, "R"),
        Column(total, 6, "R"),
        Column("TotalPercentage", 6, "R"),
        Column("NrBoards", 2, "R"),
        Column("Names", 40, "L"),
    ]
    directions = {"NS": "N-S", "EW": "E-W"}
    rows = [
        [
            pair.place,
            pair.number,
            directions.get(pair.direction),
            _points(pair.total),
            _percent(pair.percentage),
            pair.boards,
            pair.names,
        ]
        for pair in pairs
    ]
    return format_table("TotalScoreTable", columns, rows)


def _game(results: EventResults, section: SectionResults, board: BoardResults) -> list[str]:
    roster = [
        pbn_tag("Event", results.title),
        pbn_tag("Site", results.club),
        pbn_tag("Date", results.date.strftime("%Y.%m.%d")),
        pbn_tag("Board", board.board.number),
    ]
    roster += [pbn_tag(seat, "") for seat in ("West", "North", "East", "South")]
    lines = board_lines(board.board)
    roster += [lines[0], pbn_tag("Vulnerable", "None"), lines[1]]
    roster.append(pbn_tag("Scoring", "MP" if section.method == "matchpoints" else ""))
    roster += [pbn_tag("Declarer", ""), pbn_tag("Contract", ""), pbn_tag("Result", "")]
    if results.session is None or len(results.sections) > 1:
        roster.append(pbn_tag("Section", section.name))
        roster.append(pbn_tag("Stage", section.session))
    return (
        roster + lines[2:] + format_table("ScoreTable", SCORE_COLUMNS, _score_rows(section, board))
    )


def write_pbn_results(results: EventResults) -> str:
    """The PBN file of ``results`` (see the module contract), ``\\n`` line ends."""
    lines = ["% PBN 2.1", "% EXPORT", f"% Creator: {results.program} {results.version}".rstrip()]
    standings = results.overall or (results.sections[0].pairs if results.sections else ())
    first = True
    written: set[tuple[int, str, int]] = set()
    for section in results.sections:
        for board in section.boards:
            key = (section.session, section.name, board.board.number)
            if key in written:
                continue
            written.add(key)
            lines.append("")
            lines += _game(results, section, board)
            if first:
                lines += _total_table(standings, results.method)
                first = False
    return "\n".join(lines) + "\n"
