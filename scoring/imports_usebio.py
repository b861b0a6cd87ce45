"""The results a USEBIO file carries (the XML results format of the English Bridge Union,
written by EBUScore, ScoreBridge, Bridgemate Control Software, Tenace …), imported as a
section's travellers — with the file's movement when the section has no schedule yet.

Contract of :func:`results_import_usebio`:

* The file is parsed by ``defusedxml`` (no entity expansion, no external entities); a file
  that is not XML, or not USEBIO, is refused with the reason. The ``SECTION`` whose
  ``SECTION_LABEL`` is this section's name is read, else the file's only section (or the
  ``EVENT`` itself when it has no sections).
* Each ``TRAVELLER_LINE`` of each ``BOARD`` is one result: its pairs
  (``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``), ``ROUND_NUMBER`` and ``TABLE_NUMBER`` where
  given, and NS's tricks: ``TRICKS`` counts the declarer's side's tricks, so NS take it
  when ``PLAYED_BY`` is N or S and 13 minus it when E or W; without ``PLAYED_BY`` (a whist
  file, such as Tenace's own) ``TRICKS`` is NS's. A line without tricks (an adjusted or
  unplayed score) is counted, not stored.
* The pairs' names come from ``PARTICIPANTS`` (``PAIR``: ``PAIR_NUMBER``, ``DIRECTION``,
  ``PLAYER``/``PLAYER_NAME``).
* USEBIO carries no deals: the section needs its boards (the board numbers must be in its
  board set). The rest is :func:`scoring.imports_pbn.lines_import` and, for a section with
  no schedule, :func:`scoring.imports_movement.movement_import`.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import ParseError, fromstring
from django.utils.translation import gettext as _

from clubs.inputs import whole_number
from engine.pbn_text import pbn_decode
from scoring.errors import ImportRefused
from scoring.imports import MAX_BYTES
from scoring.imports_movement import movement_import
from scoring.imports_pbn import (
    PBNResultsReport,
    _Line,
    _name_key,
    lines_import,
    results_import_pbn,
)
from tournaments.models import Seating, Section

_SEATS = {"N": ("North", "South"), "EW": ("East", "West"), "NS": ("North", "South")}


def _root(raw: bytes) -> Element:
    if len(raw) > MAX_BYTES:
        raise ImportRefused(_("The file is too large (2 MB at most)."))
    try:
        root = fromstring(raw)
    except (ParseError, DefusedXmlException, ValueError) as error:
        raise ImportRefused(
            _("The USEBIO file cannot be read: %(reason)s") % {"reason": str(error)}
        ) from error
    if root.tag != "USEBIO":
        raise ImportRefused(_("This is not a USEBIO file: its root element is not USEBIO."))
    return root


def _section_element(root: Element, name: str) -> Element:
    sections = list(root.iter("SECTION"))
    for element in sections:
        if (element.findtext("SECTION_LABEL") or "").strip() == name:
            return element
    if len(sections) > 1:
        raise ImportRefused(
            _("The file has several sections and none is called %(name)s.") % {"name": name}
        )
    if sections:
        return sections[0]
    event = root.find("EVENT")
    return root if event is None else event


def _participants(element: Element) -> dict[tuple[str, int], list[str]]:
    """(direction or "", pair number) → the players' names."""
    pairs: dict[tuple[str, int], list[str]] = {}
    for pair in element.iter("PAIR"):
        number = whole_number(pair.findtext("PAIR_NUMBER"))
        if number is None:
            continue
        direction = (pair.findtext("DIRECTION") or "").strip().upper().replace("-", "")
        direction = direction if direction in ("NS", "EW") else ""
        names = [(p.findtext("PLAYER_NAME") or "").strip() for p in pair.iter("PLAYER")]
        pairs[(direction, number)] = [n for n in names if n]
    return pairs


def _ns_result(row: Element) -> str:
    tricks = (row.findtext("TRICKS") or "").strip()
    declarer = (row.findtext("PLAYED_BY") or "").strip().upper()
    if not tricks.isascii() or not tricks.isdigit() or declarer not in ("", "N", "S", "E", "W"):
        return tricks  # refused by name with the line
    return tricks if declarer in ("", "N", "S") else str(13 - int(tricks))


def _names_of(pairs, number: int | None, direction: str) -> list[str]:
    return pairs.get((direction, number)) or pairs.get(("", number)) or []


def usebio_lines(raw: bytes, section_name: str):
    """The result lines and the pairs' names of a USEBIO file (see the module contract)."""
    element = _section_element(_root(raw), section_name)
    pairs = _participants(element)
    lines = []
    for board in element.iter("BOARD"):
        number = whole_number(board.findtext("BOARD_NUMBER"))
        if number is None:
            continue
        for row in board.iter("TRAVELLER_LINE"):
            ns = whole_number(row.findtext("NS_PAIR_NUMBER"))
            ew = whole_number(row.findtext("EW_PAIR_NUMBER"))
            tags = {
                "PairNS": str(ns or ""),
                "PairEW": str(ew or ""),
                "Round": (row.findtext("ROUND_NUMBER") or "").strip(),
                "Table": (row.findtext("TABLE_NUMBER") or "").strip(),
                "Result": _ns_result(row),
            }
            for seat, name in zip(_SEATS["NS"], _names_of(pairs, ns, "NS"), strict=False):
                tags[seat] = name
            for seat, name in zip(_SEATS["EW"], _names_of(pairs, ew, "EW"), strict=False):
                tags[seat] = name
            lines.append(_Line(len(lines) + 1, number, tags))
    totals = {key: " - ".join(names) for key, names in pairs.items()}
    return lines, totals


def results_import_usebio(*, section_id: int, raw: bytes, by) -> PBNResultsReport:
    """Import the results of a USEBIO file into section ``section_id`` (see the module
    contract)."""
    section = Section.objects.select_related("session__tournament__club").get(pk=section_id)
    lines, totals = usebio_lines(raw, section.name)
    report = PBNResultsReport()
    if not Seating.objects.filter(section=section).exists():
        report.movement = movement_import(
            section=section, lines=lines, totals=totals, name_key=_name_key
        )
    return lines_import(section, lines, report=report, by=by)


def results_import_upload(*, section_id: int, upload, by) -> PBNResultsReport:
    """An uploaded results file, USEBIO (XML) or PBN, imported by its own reader."""
    raw = upload.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise ImportRefused(_("The file is too large (2 MB at most)."))
    if raw.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return results_import_usebio(section_id=section_id, raw=raw, by=by)
    return results_import_pbn(section_id=section_id, text=pbn_decode(raw), by=by)
