"""CSV import of travellers, **row by row with a report**.

Why per row: a traveller file typed at the club often has one bad line (a board number
mistyped); refusing the whole file would make the secretary retype every good line. Each
row is stored in its own transaction or refused with its line number and the engine's
reason; the report lists both. Importing the same file twice stores nothing twice: a row
equal to the stored result is counted as already stored, a different one is refused as a
conflict (a correction needs a secretary and a reason).

The file is UTF-8 (a BOM is fine), comma or semicolon separated, with a header row naming
at least ``board, round, table, ns, ew, result`` (``result`` in the traveller notation of
:mod:`scoring.forms`: ``9``, ``A+/A-``, ``NP``; ``ns_tricks`` is accepted for ``result``),
and optionally ``play_record, claim, revoke_side, revokes``. A file that cannot be read at
all raises :class:`~scoring.errors.ImportRefused`.
"""

from __future__ import annotations

import csv
import dataclasses
import io
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from clubs.inputs import CSV_MAX_BYTES, CSVRefused, csv_rows, csv_text_check
from scoring.checks import ResultInput
from scoring.errors import ImportRefused, ResultConflict, ScoringError
from scoring.forms import format_cell, parse_cell
from scoring.models import ResultKind, ResultSource
from scoring.schedule import check_pair_meeting, play_facts_at
from scoring.services import result_record

REQUIRED = ("board", "round", "table", "ns", "ew", "result")
#: A PBN results file (scoring.imports_pbn); CSV files are capped by clubs.inputs.
MAX_BYTES = 2_000_000


@dataclass
class ImportReport:
    stored: int = 0
    already: int = 0
    refused: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"stored": self.stored, "already_stored": self.already, "refused": self.refused}


def _rows(file) -> tuple[list[str], list[dict[str, str]]]:
    raw = file.read(CSV_MAX_BYTES + 1)
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise ImportRefused(_("The file is not UTF-8 text: save it as CSV UTF-8.")) from None
    try:
        csv_text_check(text)
    except CSVRefused as refused:
        raise ImportRefused(refused.message) from None
    try:
        dialect = csv.Sniffer().sniff(text.splitlines()[0] if text else "", delimiters=",;")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    header = [name.strip().lower() for name in (reader.fieldnames or [])]
    reader.fieldnames = header
    if "result" not in header and "ns_tricks" in header:
        header = [*header, "result"]
    missing = [name for name in REQUIRED if name not in header]
    if missing:
        raise ImportRefused(
            _("The header row must name %(columns)s; missing: %(missing)s.")
            % {"columns": ", ".join(REQUIRED), "missing": ", ".join(missing)}
        )
    try:
        return header, list(csv_rows(reader))
    except CSVRefused as refused:
        raise ImportRefused(refused.message) from None


def _given(row: dict[str, str]) -> ResultInput:
    given = parse_cell(row.get("result") or row.get("ns_tricks") or "")
    if given is None:
        raise ScoringError(_("The result is empty."))
    if given.kind != ResultKind.PLAYED:
        return given
    return dataclasses.replace(
        given,
        play_record=(row.get("play_record") or "").strip(),
        claim=(row.get("claim") or "").strip(),
        revoke_side=(row.get("revoke_side") or "").strip().upper(),
        revokes=_number(row, "revokes") if (row.get("revokes") or "").strip() else 0,
    )


def _number(row: dict[str, str], name: str) -> int:
    value = (row.get(name) or "").strip()
    if not (value.isascii() and value.isdigit()) or len(value) > 6:
        raise ScoringError(
            _("“%(value)s” is not a %(column)s number.") % {"value": value, "column": name}
        )
    return int(value)


def results_import_csv(*, section_id: int, file, by) -> ImportReport:
    """Import a traveller file into section ``section_id`` (see the module contract)."""
    _header, rows = _rows(file)
    report = ImportReport()
    for line, row in enumerate(rows, start=2):
        try:
            facts = play_facts_at(
                section_id=section_id,
                round=_number(row, "round"),
                table=_number(row, "table"),
                board=_number(row, "board"),
            )
            check_pair_meeting(facts, ns=_number(row, "ns"), ew=_number(row, "ew"))
            given = _given(row)
            result_record(
                board_play_id=facts.board_play_id,
                given=given,
                by=by,
                source=ResultSource.IMPORT,
                confirmed=True,
                facts=facts,
            )
            report.stored += 1
        except ResultConflict as conflict:
            if format_cell(conflict.stored) == format_cell_of(given):
                report.already += 1
            else:
                report.refused.append({"line": line, "reason": str(conflict)})
        except (ScoringError, ValueError) as error:
            report.refused.append({"line": line, "reason": str(error)})
    return report


def format_cell_of(given: ResultInput) -> str:
    """The traveller notation of an input (to compare with a stored result)."""
    if given.kind == ResultKind.NOT_PLAYED:
        return "NP"
    if given.kind == ResultKind.ADJUSTED:
        return f"{given.adjusted_ns}/{given.adjusted_ew}"
    return str(given.ns_tricks)
