"""A results file's movement: who met whom, at which table, in which round, on which boards —
for a section that has no schedule yet, so that a night scored by another program (Bridge
Composer, BBO, RealBridge, KOPS, JFR …) imports whole, whatever its movement.

Contract of :func:`movement_import`:

* **Input**: the file's result lines (:class:`scoring.imports_pbn` reads them from a PBN
  file: a game with ``[Result]`` or a ``[ScoreTable]`` row), each with its board and tags
  (``PairNS``/``PairEW``, ``Round``, ``Table``, ``North`` … ``West``), and the file's
  ``[TotalScoreTable]`` rows for the pairs' names.
* **Pairs**: by their numbers where the file gives them; else by the players' names (the
  same two names are the same pair). A file with neither cannot say who met whom: refused
  with that reason. Where the file numbers NS and EW pairs from 1 each (a pair meets a pair
  of its own number, or the totals list one number in both directions), EW pair *n*
  becomes pair *max NS + n* here; the report lists every renumbering.
* **Names**: the players' tags, else the totals table's ``Names`` ("Ann Abel - Bob
  Baker"), else "Pair *n*". Imported pairs are guests of the section.
* **Movement**: a pair seen in one direction only all night makes a two-winner field
  (``mitchell``); pairs changing direction make one field (``howell``). Rounds and tables
  come from the file; without ``[Round]`` Tenace numbers the rounds itself (each meeting in
  the first round where neither pair nor the table is already busy, boards in file order:
  a valid order, not necessarily the evening's), without ``[Table]`` the tables of a round
  are numbered in file order. No limit of Tenace's own generators applies (26 pairs, fewer
  boards than tables, a board at several tables in one round).
* Everything is written in one transaction, before any result; nothing is written when
  the file contradicts itself (a pair twice in one round, two pairs at one table). Each
  line's ``PairNS``/``PairEW`` is then set to the section's pair numbers, by which its
  result is placed.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.inputs import whole_number
from engine.pbn_tables import parse_columns, parse_rows
from scoring.errors import ImportRefused
from tournaments.models import BoardPlay, Entry, Seating, Section

PairKey = tuple[str, object]  # ("n", number) | ("NS"/"EW", number) | ("names", frozenset)
_NS_SEATS, _EW_SEATS = ("North", "South"), ("East", "West")


@dataclass
class _Meeting:
    ns: PairKey
    ew: PairKey
    round: int | None
    table: int | None
    boards: list[int] = field(default_factory=list)


@dataclass
class MovementReport:
    """What was built: pairs, rounds, tables, the field(s), and the renumbered pairs."""

    pairs: int = 0
    rounds: int = 0
    tables: int = 0
    kind: str = ""
    renumbered: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "pairs": self.pairs,
            "rounds": self.rounds,
            "tables": self.tables,
            "movement": self.kind,
            "renumbered": self.renumbered,
        }


def _names(tags: dict[str, str], seats: tuple[str, str]) -> list[str]:
    return [tags.get(seat, "").strip() for seat in seats if tags.get(seat, "").strip()]


def _pair_keys(tags: dict[str, str], directional: bool, name_key) -> tuple[PairKey, PairKey]:
    ns, ew = whole_number(tags.get("PairNS")), whole_number(tags.get("PairEW"))
    if ns is not None and ew is not None:
        if directional:
            return ("NS", ns), ("EW", ew)
        return ("n", ns), ("n", ew)
    ns_names, ew_names = _names(tags, _NS_SEATS), _names(tags, _EW_SEATS)
    if ns_names and ew_names:
        return (
            ("names", frozenset(name_key(n) for n in ns_names)),
            ("names", frozenset(name_key(n) for n in ew_names)),
        )
    raise ImportRefused(
        _(
            "This section has no schedule, and the file does not say which pairs met (no pair "
            "numbers and no players' names), so its results cannot be placed. Generate the "
            "movement first, or import a file with pair numbers or names."
        )
    )


def _directional(lines, totals: dict[tuple[str, int], str]) -> bool:
    """Whether the file numbers NS and EW pairs from 1 each (see the module contract)."""
    for line in lines:
        ns, ew = whole_number(line.tags.get("PairNS")), whole_number(line.tags.get("PairEW"))
        if ns is not None and ns == ew:
            return True
    numbers = [number for _direction, number in totals]
    return len(numbers) != len(set(numbers))


def totals_names(games) -> dict[tuple[str, int], str]:
    """(direction or "", pair number) → names, from the file's ``[TotalScoreTable]``."""
    names: dict[tuple[str, int], str] = {}
    for game in games:
        if not game.value("TotalScoreTable"):
            continue
        columns = parse_columns(game.value("TotalScoreTable"))
        keys = [c.name for c in columns]
        for row in parse_rows(columns, game.tables.get("TotalScoreTable", [])):
            values = dict(zip(keys, row, strict=True))
            number = whole_number(values.get("PairId"))
            if number is None:
                continue
            direction = {"N-S": "NS", "E-W": "EW"}.get(values.get("Direction", "").strip(), "")
            names[(direction, number)] = values.get("Names", "").strip().strip('"')
    return names


def _meetings(lines, directional: bool, name_key) -> tuple[list[_Meeting], dict]:
    """The meetings in file order, and each pair's names as the file gives them."""
    meetings: OrderedDict[tuple, _Meeting] = OrderedDict()
    shown: dict[PairKey, list[str]] = {}
    for line in lines:
        ns, ew = _pair_keys(line.tags, directional, name_key)
        shown.setdefault(ns, _names(line.tags, _NS_SEATS))
        shown.setdefault(ew, _names(line.tags, _EW_SEATS))
        round_ = whole_number(line.tags.get("Round"))
        table = whole_number(line.tags.get("Table"))
        meeting = meetings.setdefault((ns, ew, round_), _Meeting(ns, ew, round_, table))
        if line.board not in meeting.boards:
            meeting.boards.append(line.board)
    return list(meetings.values()), shown


def _place(meetings: list[_Meeting]) -> None:
    """Give every meeting a round and a table (see the module contract)."""
    busy: dict[int, set] = {}
    for meeting in meetings:
        uses = {meeting.ns, meeting.ew}
        if meeting.table is not None:
            uses.add(("table", meeting.table))
        if meeting.round is None:
            meeting.round = next(
                r for r in range(1, len(meetings) + 2) if not uses & busy.get(r, set())
            )
        busy.setdefault(meeting.round, set()).update(uses)
    for round_ in {m.round for m in meetings}:
        taken = {m.table for m in meetings if m.round == round_ and m.table is not None}
        free = (t for t in range(1, len(meetings) + 2) if t not in taken)
        for meeting in meetings:
            if meeting.round == round_ and meeting.table is None:
                meeting.table = next(free)


def _numbers(keys: list[PairKey], report: MovementReport) -> dict[PairKey, int]:
    """Each pair's number in the section (see the module contract)."""
    numbered = [k for k in keys if k[0] in ("n", "NS")]
    top = max((int(k[1]) for k in numbered), default=0)  # type: ignore[call-overload]
    numbers = {k: int(k[1]) for k in numbered}  # type: ignore[call-overload]
    for key in keys:
        if key[0] == "EW":
            numbers[key] = top + int(key[1])  # type: ignore[call-overload]
            report.renumbered.append(
                _("EW pair %(file)s of the file is pair %(here)s here.")
                % {"file": key[1], "here": numbers[key]}
            )
    next_free = max(numbers.values(), default=0) + 1
    for key in keys:
        if key not in numbers:
            numbers[key] = next_free
            next_free += 1
    return numbers


def _entry(section, number, key, names, totals) -> Entry:
    given = names.get(key) or []
    if not given:
        listed = totals.get((key[0] if key[0] in ("NS", "EW") else "", key[1]), "")
        listed = listed or totals.get(("NS", key[1]), "") or totals.get(("EW", key[1]), "")
        given = [n.strip() for n in listed.split(" - ") if n.strip()] if key[0] != "names" else []
    given = given or [_("Pair %(n)s") % {"n": number}]
    return Entry(
        section=section,
        number=number,
        guest1=given[0][:80],
        guest2=(given[1] if len(given) > 1 else "")[:80],
    )


@transaction.atomic
def movement_import(*, section: Section, lines, totals, name_key) -> MovementReport:
    """Build ``section``'s entries and schedule from the file's result lines (see the module
    contract); ``totals``: (direction or "", pair number) → names, as the file lists its
    pairs. Raises :class:`ImportRefused` with the reason, writing nothing."""
    if Seating.objects.filter(section=section).exists():
        raise ImportRefused(_("This section has a schedule already."))
    if section.board_set_id is None:
        raise ImportRefused(
            _("This file carries no deals: give the section its boards first (Boards).")
        )
    directional = _directional(lines, totals)
    meetings, names = _meetings(lines, directional, name_key)
    _place(meetings)
    report = MovementReport()
    keys = list(OrderedDict.fromkeys(k for m in meetings for k in (m.ns, m.ew)))
    numbers = _numbers(keys, report)
    sides = {
        k: {("NS" if k == m.ns else "EW") for m in meetings if k in (m.ns, m.ew)} for k in keys
    }
    one_way = all(len(s) == 1 for s in sides.values())
    Entry.objects.filter(section=section).delete()
    entries = {}
    for key in keys:
        entry = _entry(section, numbers[key], key, names, totals)
        entry.direction = next(iter(sides[key])) if one_way else ""
        entries[key] = entry
    Entry.objects.bulk_create(entries.values())
    boards = {b.number: b for b in section.board_set.boards.all()}
    try:
        with transaction.atomic():
            _schedule(section, meetings, entries, boards)
    except IntegrityError:
        raise ImportRefused(
            _("The file seats a pair twice in one round, or two pairs at one table.")
        ) from None
    for line in lines:  # the results are then placed by the section's pair numbers
        ns, ew = _pair_keys(line.tags, directional, name_key)
        line.tags["PairNS"], line.tags["PairEW"] = str(numbers[ns]), str(numbers[ew])
    report.kind = "mitchell" if one_way else "howell"
    report.pairs, report.rounds = len(keys), len({m.round for m in meetings})
    report.tables = len({m.table for m in meetings})
    section.movement_type = report.kind
    section.movement = {"type": report.kind, "imported": True, "round_count": report.rounds}
    section.save(update_fields=["movement_type", "movement"])
    return report


def _schedule(section, meetings, entries, boards) -> None:
    for meeting in meetings:
        seating = Seating.objects.create(
            section=section,
            round=meeting.round,
            table=meeting.table,
            ns=entries[meeting.ns],
            ew=entries[meeting.ew],
        )
        missing = [b for b in meeting.boards if b not in boards]
        if missing:
            raise ImportRefused(
                _("Board %(n)s is not in this section's board set.") % {"n": missing[0]}
            )
        BoardPlay.objects.bulk_create(
            BoardPlay(seating=seating, board=boards[b]) for b in meeting.boards
        )
