"""USEBIO: the XML results file the EBU and other federations read (usebio.org, 1.2/1.3).

Contract of :func:`write_usebio`:

* ``<?xml version="1.0" encoding="UTF-8"?>``, then ``<!DOCTYPE USEBIO SYSTEM
  "http://www.usebio.org/files/usebio_v1_2.dtd">`` (``usebio_v1_3.dtd`` for 1.3), then
  ``<USEBIO Version="1.2">`` holding ``CLUB`` (name, identifier) and one ``EVENT`` of
  ``EVENT_TYPE="PAIRS"``.
* The event's header: program, identifier (1.2 ``EVENT_IDENTIFIER``, 1.3 ``EVENT_ID``),
  description, date (1.2 ``DD/MM/YYYY``, 1.3 ``YYYY-MM-DD``), ``BOARD_SCORING_METHOD``
  (``MATCH_POINTS``; ``AGGREGATE`` for total tricks, ``OTHER`` for the ± average methods),
  ``WINNER_TYPE`` (2 when North–South and East–West are ranked apart), session and section
  counts, boards played.
* One section: its ``PARTICIPANTS`` (each ``PAIR``: number, direction for two winners,
  place, total, percentage, boards played, its players) and a ``BOARD`` per board. Several
  sections or sessions: the combined ranking as the event's ``PARTICIPANTS`` (pairs
  numbered in ranking order), then ``SESSION SESSION_ID=n`` › ``SECTION SECTION_ID=A`` with
  that section's participants and boards.
* **Whist in USEBIO.** A ``TRAVELLER_LINE`` has the pair numbers, ``TRICKS`` (NS's tricks at
  the table), ``SCORE`` (NS's tricks that count, after a revoke penalty; ``ADJ`` for an
  adjusted score, whose matchpoints say what it was worth) and the points each way.
  There is no contract, declarer or lead: ``CONTRACT``, ``PLAYED_BY`` and ``LEAD`` are left
  out. A board's trump has no USEBIO element: it is written as the processing instruction
  ``<?tenace-trump H?>`` (``NT`` for no trump) first in its ``BOARD``, which readers that do
  not know it skip and which leaves the file valid; an adjusted score's values likewise as
  ``<?tenace-adjusted A+/A-?>`` in its line. Results not played are left out.
* Text is on one line (runs of white space become one space) and stripped of the
  characters XML 1.0 cannot hold.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from scoring.formats.model import BoardResults, EventResults, PairResult, SectionResults

__all__ = ["USEBIO_VERSIONS", "write_usebio", "usebio_doctype"]

USEBIO_VERSIONS = ("1.2", "1.3")
_METHODS = {"matchpoints": "MATCH_POINTS", "total_tricks": "AGGREGATE"}
_NOT_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def usebio_doctype(version: str) -> str:
    """The DOCTYPE line of a USEBIO file of ``version``."""
    name = version.replace(".", "_")
    return f'<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v{name}.dtd">'


def _text(parent: ET.Element, tag: str, value: object) -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = _NOT_XML.sub("", " ".join(str(value).split()))
    return element


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


def _pair(parent: ET.Element, pair: PairResult, *, two_winners: bool) -> None:
    element = ET.SubElement(parent, "PAIR")
    _text(element, "PAIR_NUMBER", pair.number)
    if two_winners and pair.direction:
        _text(element, "DIRECTION", pair.direction)
    _text(element, "PLACE", pair.place)
    _text(element, "TOTAL_SCORE", _number(pair.total))
    if pair.percentage is not None:
        _text(element, "PERCENTAGE", _number(pair.percentage))
    _text(element, "BOARDS_PLAYED", pair.boards)
    for name in pair.players or ("",):
        player = ET.SubElement(element, "PLAYER")
        _text(player, "PLAYER_NAME", name)


def _participants(parent: ET.Element, pairs: tuple[PairResult, ...]) -> None:
    element = ET.SubElement(parent, "PARTICIPANTS")
    two = any(pair.direction for pair in pairs)
    for pair in pairs:
        _pair(element, pair, two_winners=two)


def _board(parent: ET.Element, board: BoardResults) -> None:
    element = ET.SubElement(parent, "BOARD")
    trump = board.board.trump
    element.append(
        ET.ProcessingInstruction("tenace-trump", "NT" if trump is None else trump.letter)
    )
    _text(element, "BOARD_NUMBER", board.board.number)
    for line in board.lines:
        if line.kind == "not_played":
            continue
        row = ET.SubElement(element, "TRAVELLER_LINE")
        _text(row, "NS_PAIR_NUMBER", line.ns)
        _text(row, "EW_PAIR_NUMBER", line.ew)
        if line.kind == "played":
            _text(row, "TRICKS", line.ns_tricks)
            _text(row, "SCORE", line.ns_score)
        else:
            row.append(ET.ProcessingInstruction("tenace-adjusted", line.adjusted))
            _text(row, "SCORE", "ADJ")
        _text(row, "NS_MATCH_POINTS", _number(line.ns_points))
        _text(row, "EW_MATCH_POINTS", _number(line.ew_points))


def _section(parent: ET.Element, section: SectionResults) -> None:
    _participants(parent, section.pairs)
    for board in section.boards:
        _board(parent, board)


def _header(event_element: ET.Element, results: EventResults, version: str) -> None:
    _text(event_element, "PROGRAM_NAME", results.program)
    _text(event_element, "PROGRAM_VERSION", results.version)
    identifier = "EVENT_ID" if version == "1.3" else "EVENT_IDENTIFIER"
    _text(event_element, identifier, results.event_code)
    _text(event_element, "EVENT_DESCRIPTION", results.title)
    date = results.date.isoformat() if version == "1.3" else results.date.strftime("%d/%m/%Y")
    _text(event_element, "DATE", date)
    _text(event_element, "BOARD_SCORING_METHOD", _METHODS.get(results.method, "OTHER"))
    two = all(section.two_winners for section in results.sections) and results.sections
    _text(event_element, "WINNER_TYPE", 2 if two and not results.overall else 1)
    sessions = 1 if results.session is not None else results.sessions
    _text(event_element, "SESSION_COUNT", sessions)
    _text(event_element, "SECTION_COUNT", len(results.sections))
    boards = {(s.session, b.board.number) for s in results.sections for b in s.boards}
    _text(event_element, "BOARDS_PLAYED", len(boards))


def write_usebio(results: EventResults, version: str = "1.2") -> bytes:
    """The USEBIO file of ``results`` (see the module contract), UTF-8."""
    if version not in USEBIO_VERSIONS:
        raise ValueError(f"USEBIO {version} is not written (only {', '.join(USEBIO_VERSIONS)})")
    root = ET.Element("USEBIO", {"Version": version})
    club = ET.SubElement(root, "CLUB")
    _text(club, "CLUB_NAME", results.club)
    _text(club, "CLUB_ID_NUMBER", results.club_code)
    event = ET.SubElement(root, "EVENT", {"EVENT_TYPE": "PAIRS"})
    _header(event, results, version)
    if len(results.sections) == 1 and not results.overall:
        _section(event, results.sections[0])
    else:
        _participants(event, results.overall)
        for number in sorted({section.session for section in results.sections}):
            session = ET.SubElement(event, "SESSION", {"SESSION_ID": str(number)})
            for section in results.sections:
                if section.session == number:
                    element = ET.SubElement(session, "SECTION", {"SECTION_ID": section.name})
                    _section(element, section)
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    head = f'<?xml version="1.0" encoding="UTF-8"?>\n{usebio_doctype(version)}\n'
    return (head + body + "\n").encode("utf-8")
