"""The results a PBN file carries, imported as a section's travellers, **game by game with a
report** (as the CSV import, :mod:`scoring.imports`).

Contract of :func:`results_import_pbn`:

* The file is read by :func:`engine.pbn.read_pbn_file` (a results file repeats each board
  once per table). A file that cannot be read at all raises
  :class:`~scoring.errors.ImportRefused` with the reason.
* **Each result** is a game with a ``[Result]`` (Bridge Composer, BBO, RealBridge …) or a
  row of a game's ``[ScoreTable]`` with ``PairId_NS``, ``PairId_EW`` and ``Result`` columns
  (Bridge Composer, Tenace's own export). Its board must be in the section's board set
  with the **same deal**; games and rows without a result (hand records, ``?``, ``-``) are
  counted, not refused.
* **NS tricks**: ``[Result]`` counts the declarer's side's tricks, so NS take it when
  ``[Declarer]`` is N or S and 13 minus it when E or W; with no declarer (a whist file),
  ``[Result]`` is NS's tricks.
* **Who played** (the first that the file gives): the pair numbers (``[PairNS]`` and
  ``[PairEW]``, or the table's ``PairId`` columns); else the table (``[Table]``, and
  ``[Round]`` when the board is played at that table in more than one round): the pairs
  the schedule seats there; else the players' names (``[North]`` … ``[West]``, matched to
  the entries' players whatever the case, accents or a ``#1234`` suffix).
* Each result goes through :func:`scoring.services.result_record` (the engine's checks, a
  version with who and when, the standings republished), stored as imported and confirmed.
  One equal to the stored result is counted as already stored; a different one is refused
  (a correction needs a secretary and a reason). The report lists each refusal with its
  line, its board and the reason.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from clubs.inputs import whole_number
from clubs.rulings import ruling_text
from engine.cards import Seat, Side
from engine.deal import parse_pbn_deal
from engine.errors import CardError, EngineError
from engine.pbn import read_pbn_file
from engine.pbn_games import Game
from engine.pbn_tables import parse_columns, parse_rows
from scoring.checks import ResultInput
from scoring.errors import ImportRefused, ResultConflict, ScoringError
from scoring.forms import format_cell
from scoring.imports import MAX_BYTES, format_cell_of
from scoring.imports_movement import MovementReport, movement_import, totals_names
from scoring.models import ResultSource
from scoring.services import result_record
from tournaments.errors import TournamentError
from tournaments.models import Board, BoardPlay, Entry, Seating, Section
from tournaments.selectors import cards_held_q
from tournaments.services import board_set_import_pbn_file

_UNKNOWN = {"", "?", "-", "*"}
_SUFFIX = re.compile(r"#\S*")


@dataclass
class PBNResultsReport:
    stored: int = 0
    already: int = 0
    without_result: int = 0
    refused: list[dict] = field(default_factory=list)
    #: The movement read from the file, when the section had no schedule.
    movement: MovementReport | None = None

    def as_dict(self) -> dict:
        return {
            "stored": self.stored,
            "already_stored": self.already,
            "without_result": self.without_result,
            "refused": self.refused,
            "movement": self.movement.as_dict() if self.movement else None,
        }


@dataclass(frozen=True)
class _Line:
    """One result read from the file: where, which board, and its tags."""

    line: int
    board: int
    tags: dict[str, str]


def _name_key(name: str) -> str:
    text = unicodedata.normalize("NFKD", _SUFFIX.sub("", name))
    text = "".join(char for char in text if not unicodedata.combining(char))
    return " ".join(text.casefold().replace("-", " ").split())


def _table_lines(game: Game, section_name: str) -> list[_Line]:
    columns = parse_columns(game.value("ScoreTable"))
    names = [column.name for column in columns]
    if not {"PairId_NS", "PairId_EW", "Result"} <= set(names):
        return []
    lines = []
    first = game.lines["ScoreTable"] + 1
    for offset, row in enumerate(parse_rows(columns, game.tables.get("ScoreTable", []))):
        values = dict(zip(names, row, strict=True))
        if values.get("Section", section_name) not in (section_name, "-"):
            continue
        tags = {
            "PairNS": values["PairId_NS"],
            "PairEW": values["PairId_EW"],
            "Result": values["Result"],
            "Declarer": values.get("Declarer", ""),
            "Table": values.get("Table", ""),
            "Round": values.get("Round", ""),
        }
        lines.append(_Line(first + offset, game.number, tags))
    return lines


def _lines(text: str, section_name: str):
    try:
        read = read_pbn_file(text)
    except EngineError as error:
        raise ImportRefused(
            _("The PBN file cannot be read: %(reason)s") % {"reason": ruling_text(error)}
        ) from error
    lines: list[_Line] = []
    for game in read.games:
        if game.value("ScoreTable"):
            try:
                lines += _table_lines(game, section_name)
            except EngineError as error:
                raise ImportRefused(ruling_text(error)) from error
        if game.value("Result") not in _UNKNOWN or not game.value("ScoreTable"):
            lines.append(_Line(game.lines.get("Result", game.line), game.number, game.tags))
    return read, lines


def _ns_tricks(tags: dict[str, str]) -> int:
    result = tags.get("Result", "").strip()
    if not result.isascii() or not result.isdigit() or int(result) > 13:
        raise ScoringError(_("The result “%(result)s” is not 0 to 13 tricks.") % {"result": result})
    declarer = tags.get("Declarer", "").strip()
    if declarer in _UNKNOWN:
        return int(result)
    try:
        side = Seat.parse(declarer).side
    except CardError:
        raise ScoringError(
            _("The declarer “%(seat)s” is not N, E, S or W.") % {"seat": declarer}
        ) from None
    return int(result) if side is Side.NS else 13 - int(result)


class _Section:
    """The section's boards, entries and schedule, read once for the whole file."""

    def __init__(self, section: Section):
        self.section = section
        self.boards = {
            board.number: board for board in Board.objects.filter(board_set_id=section.board_set_id)
        }
        entries = Entry.objects.filter(section=section).select_related("member1", "member2")
        self.entries = {entry.number: entry for entry in entries}
        self.by_names: dict[frozenset[str], Entry] = {}
        for entry in self.entries.values():
            names = [
                str(m) if m else g
                for m, g in ((entry.member1, entry.guest1), (entry.member2, entry.guest2))
            ]
            self.by_names[frozenset(_name_key(n) for n in names if n)] = entry

    def play(self, board: int, tags: dict[str, str]) -> int:
        """The board play of this result (see the module contract), or ScoringError."""
        plays = BoardPlay.objects.filter(seating__section=self.section, board__number=board)
        ns, ew = self._pairs(tags)
        if ns is not None:
            # [North]/[South] are the players of the North–South cards (arrow switch too).
            found = plays.filter(cards_held_q(ns, ew, prefix="seating__"))
            what = _("pairs %(ns)s (NS) and %(ew)s (EW)") % {"ns": ns.number, "ew": ew.number}
        elif (table := whole_number(tags.get("Table"))) is not None:
            found = plays.filter(seating__table=table)
            if (round_ := whole_number(tags.get("Round"))) is not None:
                found = found.filter(seating__round=round_)
            what = _("table %(table)s") % {"table": tags["Table"].strip()}
        else:
            raise ScoringError(
                _("The file does not say who played: no pair numbers, table or players' names.")
            )
        ids = list(found.values_list("pk", flat=True)[:2])
        if not ids:
            raise ScoringError(
                _("This section's schedule does not have board %(board)s played by %(what)s.")
                % {"board": board, "what": what}
            )
        if len(ids) > 1:
            raise ScoringError(
                _(
                    "Board %(board)s is played at %(what)s in several rounds: the file must say the round ([Round])."
                )
                % {"board": board, "what": what}
            )
        return ids[0]

    def _pairs(self, tags: dict[str, str]) -> tuple[Entry | None, Entry | None]:
        ns, ew = whole_number(tags.get("PairNS")), whole_number(tags.get("PairEW"))
        if ns is not None and ew is not None:
            return self._entry(ns), self._entry(ew)
        if whole_number(tags.get("Table")) is not None:
            return None, None
        if not any(_name_key(tags.get(seat, "")) for seat in ("North", "East", "South", "West")):
            return None, None
        pairs = []
        for seats in (("North", "South"), ("East", "West")):
            key = frozenset(_name_key(tags.get(seat, "")) for seat in seats)
            if key not in self.by_names:
                names = " – ".join(tags.get(seat, "").strip() for seat in seats)
                raise ScoringError(
                    _("%(names)s are not a pair of this section.") % {"names": names}
                )
            pairs.append(self.by_names[key])
        return pairs[0], pairs[1]

    def _entry(self, number: int) -> Entry:
        entry = self.entries.get(number)
        if entry is None:
            raise ScoringError(_("Pair %(n)s is not in this section.") % {"n": number})
        return entry


def _check_deal(known: _Section, read, number: int) -> None:
    board = known.boards.get(number)
    if board is None:
        raise ScoringError(_("Board %(n)s is not in this section's board set.") % {"n": number})
    if read is None:  # a file without deals (USEBIO): the board number is enough
        return
    theirs = next((b for b in read.boards if b.number == number), None)
    if theirs is None or parse_pbn_deal(board.deal).hands != theirs.deal.hands:
        raise ScoringError(
            _("The deal of board %(n)s in the file is not the deal of this section's board %(n)s.")
            % {"n": number}
        )


def _boards_from_file(section: Section, text: str) -> None:
    """A section with no boards takes the file's."""
    if section.board_set_id is None:
        try:
            imported = board_set_import_pbn_file(
                club=section.session.tournament.club, text=text, name=section.label
            )
        except TournamentError as error:
            raise ImportRefused(str(error)) from error
        section.board_set = imported.board_set
        section.save(update_fields=["board_set"])


def results_import_pbn(*, section_id: int, text: str, by) -> PBNResultsReport:
    """Import the results of a PBN file into section ``section_id`` (see the module
    contract)."""
    if len(text) > MAX_BYTES:
        raise ImportRefused(_("The file is too large (2 MB at most)."))
    if "\x00" in text:
        raise ImportRefused(_("The file holds NUL characters: it is not a PBN text file."))
    section = Section.objects.select_related("session__tournament__club").get(pk=section_id)
    read, lines = _lines(text, section.name)
    report = PBNResultsReport()
    if not Seating.objects.filter(section=section).exists():
        _boards_from_file(section, text)
        report.movement = movement_import(
            section=section, lines=lines, totals=totals_names(read.games), name_key=_name_key
        )
    return lines_import(section, lines, report=report, by=by, read=read)


def lines_import(section: Section, lines, *, report: PBNResultsReport, by, read=None):
    """Store each result line (a PBN game or row, a USEBIO traveller line) on the section's
    schedule; ``read`` (a PBN file's boards) also checks each deal."""
    known = _Section(section)
    for line in lines:
        if line.tags.get("Result", "").strip() in _UNKNOWN:
            report.without_result += 1
            continue
        given = None
        try:
            _check_deal(known, read, line.board)
            given = ResultInput(ns_tricks=_ns_tricks(line.tags))
            play_id = known.play(line.board, line.tags)
            result_record(
                board_play_id=play_id,
                given=given,
                by=by,
                source=ResultSource.IMPORT,
                confirmed=True,
            )
            report.stored += 1
        except ResultConflict as conflict:
            if given is not None and format_cell(conflict.stored) == format_cell_of(given):
                report.already += 1
            else:
                report.refused.append(
                    {"line": line.line, "board": line.board, "reason": str(conflict)}
                )
        except ScoringError as error:
            report.refused.append({"line": line.line, "board": line.board, "reason": str(error)})
    return report
