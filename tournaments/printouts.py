"""What a session's printouts say: table cards, guide cards, traveller slips and hand
records, for every section of the session, read in a fixed number of queries however many
tables, pairs and boards.

The selectors here only read and arrange rows; the words (seat letters, suit names) are the
templates' business, through ``{% load game_words %}``. Who may see the deals before the
results are out is decided in one place, :func:`hand_records_visible`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Prefetch

from tournaments import visibility
from tournaments.models import (
    Board,
    BoardPlay,
    Entry,
    Seating,
    Section,
    Session,
)
from tournaments.seats import cards_side, pairs_by_cards
from tournaments.table_codes import confirmation_code

#: A seating's columns, with the seat an entry holds there: pairs sit NS and EW; in an
#: individual event the four players sit N (``ns``), S (``south``), E (``ew``), W (``west``).
PAIR_SEATS = (("ns", "NS"), ("ew", "EW"))
INDIVIDUAL_SEATS = (("ns", "N"), ("south", "S"), ("ew", "E"), ("west", "W"))
NORTH_SOUTH = frozenset({"NS", "N", "S"})


def hand_records_visible(user, session: Session) -> bool:
    """Whether ``user`` may see every deal of ``session`` (the printed hand records): the
    one rule of :mod:`tournaments.visibility` — the event's directors while it is played,
    everyone once it (and every event playing the same boards) is released."""
    return visibility.sessions_deals_visible(user, [session])


@dataclass(frozen=True)
class Place:
    """Where an entry sits in a round: a table and a seat ("NS", "EW", or "N" … "W")."""

    table: int
    seat: str


@dataclass(frozen=True)
class Sitter:
    """An entry at a table, with where it goes in the next round: ``next_place`` is None
    when it sits out then, and ``last`` is true in the last round (nowhere to go)."""

    seat: str
    entry: Entry
    table: int
    next_place: Place | None
    last: bool

    @property
    def stays(self) -> bool:
        return self.next_place == Place(self.table, self.seat)


@dataclass
class TableRound:
    round: int
    sitters: list[Sitter]
    boards: list[Board]
    arrow_switch: bool
    #: Next table of this round's boards: [(table, [board numbers])]; boards not played
    #: in the next round are in ``boards_aside``.
    boards_next: list[tuple[int, list[int]]] = field(default_factory=list)
    boards_aside: list[int] = field(default_factory=list)
    last: bool = False


@dataclass
class TableCard:
    section: Section
    table: int
    rounds: list[TableRound] = field(default_factory=list)


@dataclass
class GuideRound:
    round: int
    table: int | None = None
    seat: str = ""
    opponents: list[Entry] = field(default_factory=list)
    partners: list[Entry] = field(default_factory=list)
    boards: list[Board] = field(default_factory=list)
    arrow_switch: bool = False
    #: The table's confirmation code for this round, on an EW card a director prints.
    code: str = ""

    @property
    def sit_out(self) -> bool:
        return self.table is None


@dataclass
class GuideCard:
    section: Section
    entry: Entry
    rounds: list[GuideRound] = field(default_factory=list)


@dataclass(frozen=True)
class TravellerLine:
    """One table's line on a board's traveller. ``ns`` and ``ew`` are the pairs holding the
    North–South and the East–West cards: after an arrow switch, the pair sitting EW."""

    round: int
    table: int
    ns: Entry
    ew: Entry
    arrow_switch: bool


@dataclass
class TravellerSlip:
    section: Section
    board: Board
    lines: list[TravellerLine] = field(default_factory=list)

    @property
    def arrow_switch(self) -> bool:
        return any(line.arrow_switch for line in self.lines)


@dataclass
class SectionSchedule:
    section: Section
    tables: list[TableCard]
    guides: list[GuideCard]
    travellers: list[TravellerSlip]
    individual: bool


def session_sections(session: Session) -> list[Section]:
    return list(
        Section.objects.filter(session=session).select_related("board_set").order_by("name")
    )


def session_schedules(sections: list[Section]) -> list[SectionSchedule]:
    """Table cards, guide cards and traveller slips of ``sections`` (one session's), in
    three queries however many sections, tables and boards."""
    entries = {
        e.pk: e
        for e in Entry.objects.filter(section__in=sections).select_related("member1", "member2")
    }
    seatings = defaultdict(list)
    for seating in (
        Seating.objects.filter(section__in=sections)
        .order_by("round", "table")
        .prefetch_related(
            Prefetch(
                "board_plays",
                queryset=BoardPlay.objects.select_related("board").order_by("board__number"),
            )
        )
    ):
        seatings[seating.section_id].append(seating)
    return [_section_schedule(section, seatings[section.pk], entries) for section in sections]


def _section_schedule(
    section: Section, seatings: list[Seating], entries: dict[int, Entry]
) -> SectionSchedule:
    individual = any(s.south_id for s in seatings)
    seats = INDIVIDUAL_SEATS if individual else PAIR_SEATS
    rounds = sorted({s.round for s in seatings})
    places, board_tables = _where_everything_is(seatings, seats)
    tables: dict[int, TableCard] = {}
    guides = {
        e.pk: GuideCard(section=section, entry=e)
        for e in sorted(entries.values(), key=lambda e: e.number)
        if e.section_id == section.pk
    }
    slips: dict[int, TravellerSlip] = {}
    for s in seatings:
        at_table = [
            (seat, entries[getattr(s, f"{column}_id")])
            for column, seat in seats
            if getattr(s, f"{column}_id") is not None
        ]
        boards = [p.board for p in s.board_plays.all()]
        arrow = s.arrow_switch
        next_round = _next(rounds, s.round)
        table_round = TableRound(
            round=s.round,
            sitters=[
                Sitter(seat, e, s.table, places.get((next_round, e.pk)), not next_round)
                for seat, e in at_table
            ],
            boards=boards,
            arrow_switch=arrow,
            last=not next_round,
        )
        if next_round:
            _boards_next(table_round, board_tables, next_round)
        tables.setdefault(s.table, TableCard(section=section, table=s.table)).rounds.append(
            table_round
        )
        for seat, entry in at_table:
            guides[entry.pk].rounds.append(_guide_round(s, seat, entry, at_table, boards, arrow))
        if not individual:
            for board in boards:
                slips.setdefault(
                    board.pk, TravellerSlip(section=section, board=board)
                ).lines.append(_traveller_line(s, entries, arrow))
    for guide in guides.values():
        played = {r.round for r in guide.rounds}
        guide.rounds += [GuideRound(round=r) for r in rounds if r not in played]
        guide.rounds.sort(key=lambda r: r.round)
    return SectionSchedule(
        section=section,
        tables=[tables[t] for t in sorted(tables)],
        guides=list(guides.values()) if seatings else [],
        travellers=sorted(slips.values(), key=lambda slip: slip.board.number),
        individual=individual,
    )


def _where_everything_is(
    seatings: list[Seating], seats: tuple[tuple[str, str], ...]
) -> tuple[dict[tuple[int, int], Place], dict[tuple[int, int], int]]:
    """(round, entry id) → the entry's place; (round, board id) → the board's table."""
    places: dict[tuple[int, int], Place] = {}
    board_tables: dict[tuple[int, int], int] = {}
    for s in seatings:
        for column, seat in seats:
            if (entry_id := getattr(s, f"{column}_id")) is not None:
                places[s.round, entry_id] = Place(s.table, seat)
        for play in s.board_plays.all():
            board_tables[s.round, play.board_id] = s.table
    return places, board_tables


def _guide_round(
    s: Seating,
    seat: str,
    entry: Entry,
    at_table: list[tuple[str, Entry]],
    boards: list[Board],
    arrow: bool,
) -> GuideRound:
    """``entry``'s round at seating ``s``: its opponents are the other side's entries; in an
    individual event its partner sits opposite."""
    mine = seat in NORTH_SOUTH
    return GuideRound(
        round=s.round,
        table=s.table,
        seat=seat,
        opponents=[e for st, e in at_table if (st in NORTH_SOUTH) != mine],
        partners=[e for st, e in at_table if (st in NORTH_SOUTH) == mine and e != entry],
        boards=boards,
        arrow_switch=arrow,
    )


def guide_codes_add(schedules: list[SectionSchedule]) -> None:
    """Give each round in which the pair holds the East–West cards (seated EW; seated NS
    after an arrow switch) its table's confirmation code (only a director's printout
    carries them: that pair types it on the other pair's phone to confirm)."""
    for schedule in schedules:
        for card in schedule.guides:
            for row in card.rounds:
                held = cards_side(row.seat, arrow_switch=row.arrow_switch)
                if not row.sit_out and (held == "EW" or row.seat == "W"):
                    row.code = confirmation_code(
                        section_id=schedule.section.pk, round=row.round, table=row.table
                    )


def _traveller_line(s: Seating, entries: dict[int, Entry], arrow: bool) -> TravellerLine:
    ns, ew = pairs_by_cards(entries[s.ns_id], entries[s.ew_id], arrow_switch=arrow)
    return TravellerLine(s.round, s.table, ns, ew, arrow)


def _next(rounds: list[int], current: int) -> int:
    later = [r for r in rounds if r > current]
    return later[0] if later else 0


def _boards_next(table_round: TableRound, board_tables: dict, next_round: int) -> None:
    """Fill in where this round's boards go: by next table, and those set aside."""
    going: dict[int, list[int]] = defaultdict(list)
    for board in table_round.boards:
        table = board_tables.get((next_round, board.pk))
        if table is None:
            table_round.boards_aside.append(board.number)
        else:
            going[table].append(board.number)
    table_round.boards_next = sorted(going.items())


@dataclass
class HandRecordPage:
    """The boards of one board set that a session plays, as hand records."""

    board_set: object
    sections: list[Section]
    records: list


def session_hand_records(sections: list[Section]) -> list[HandRecordPage]:
    """Each board set of ``sections`` with its hand records: the boards the session's
    schedule plays (every board of the set while there is no schedule yet). Two queries
    however many boards."""
    from tournaments.selectors import hand_record

    by_set: dict[int, HandRecordPage] = {}
    for section in sections:
        if section.board_set_id is None:
            continue
        page = by_set.setdefault(
            section.board_set_id,
            HandRecordPage(board_set=section.board_set, sections=[], records=[]),
        )
        page.sections.append(section)
    if not by_set:
        return []
    played = set(
        BoardPlay.objects.filter(seating__section__in=sections).values_list("board_id", flat=True)
    )
    rows = Board.objects.filter(board_set_id__in=by_set).order_by("board_set_id", "number")
    for row in rows:
        if played and row.pk not in played:
            continue
        by_set[row.board_set_id].records.append(hand_record(row))
    return [page for page in by_set.values() if page.records]
