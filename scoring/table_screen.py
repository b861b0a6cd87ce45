"""What the phone at a table shows: the round, the table, who sits where, the boards to play
with their number, dealer and trump, and what is left to enter or confirm; then where each
pair goes next.

Read for a pair (:func:`entry_screen`, a player's own phone) or for a table
(:func:`table_screen`, a table device), each in a fixed number of queries however many
rounds. Never a deal: the screen is in use while boards are still to be played, so it
carries board numbers, dealers and trumps only (fair play).

"Now" is the first round whose boards are not all done (confirmed, disputed — the director
decides those — or not played); when every round is done the last one is shown as finished.
A round number asked for explicitly is shown instead (a pair that moved on before the
other side confirmed).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from django.db.models import Prefetch, Q
from django.utils.translation import ngettext

from scoring.forms import format_cell
from scoring.models import Result, ResultStatus
from tournaments.models import (
    STATUSES_PLAYERS_ENTER,
    BoardPlay,
    Entry,
    Seating,
    Section,
    Tournament,
)
from tournaments.seats import cards_side
from tournaments.selectors import seated_q

_SEATING_RELATED = [
    f"{seat}__{member}"
    for seat in ("ns", "ew", "south", "west")
    for member in ("member1", "member2")
]


def board_span(numbers: list[int]) -> str:
    """ "7–9" for a run of boards, "3, 7" otherwise."""
    if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}–{numbers[-1]}"
    return ", ".join(map(str, numbers))


def disputed_message(round_: int, boards: list[int]) -> str:
    """What EW (and NS) read after a round with boards they disagree on."""
    return ngettext(
        "Round %(round)s: board %(boards)s is disputed and goes to the director, who decides "
        "its score. The other boards are confirmed.",
        "Round %(round)s: boards %(boards)s are disputed and go to the director, who decides "
        "their scores. The other boards are confirmed.",
        len(boards),
    ) % {"round": round_, "boards": board_span(boards)}


@dataclass(frozen=True)
class BoardLine:
    """One board of a round at a table, and its result so far (never its deal)."""

    board_play_id: int
    number: int
    dealer: str
    trump: str  # S H D C, or "" for no trumps
    not_played: bool
    result: Result | None

    @property
    def done(self) -> bool:
        """Nothing more for the table to do: confirmed, disputed (the director's now) or
        not played."""
        return self.not_played or (
            self.result is not None and self.result.status != ResultStatus.ENTERED
        )

    @property
    def to_enter(self) -> bool:
        return self.result is None and not self.not_played

    @property
    def waiting(self) -> bool:
        """Entered by NS, waiting for EW's confirmation."""
        return self.result is not None and self.result.status == ResultStatus.ENTERED

    @property
    def cell(self) -> str:
        return format_cell(self.result)


@dataclass(frozen=True)
class RoundAtTable:
    """One round at one table: who sits there and the boards they play."""

    round: int
    table: int
    ns: Entry
    ew: Entry
    south: Entry | None
    west: Entry | None
    boards: tuple[BoardLine, ...]
    arrow_switch: bool = False

    @property
    def complete(self) -> bool:
        return all(board.done for board in self.boards)

    @property
    def to_enter(self) -> list[BoardLine]:
        return [board for board in self.boards if board.to_enter]

    @property
    def waiting(self) -> list[BoardLine]:
        return [board for board in self.boards if board.waiting]

    @property
    def disputed(self) -> list[BoardLine]:
        """Boards where EW did not agree with NS: the director decides them."""
        return [
            board
            for board in self.boards
            if board.result is not None and board.result.status == ResultStatus.DISPUTED
        ]

    @property
    def disputed_numbers(self) -> str:
        return board_span([board.number for board in self.disputed])

    @property
    def board_numbers(self) -> str:
        return board_span([board.number for board in self.boards])

    def side_of(self, entry_id: int) -> str:
        """ "NS" or "EW": where the entry sits at this table ("" if it does not)."""
        if entry_id in (self.ns.pk, getattr(self.south, "pk", None)):
            return "NS"
        if entry_id in (self.ew.pk, getattr(self.west, "pk", None)):
            return "EW"
        return ""

    def entries(self, side: str) -> list[Entry]:
        seats = (self.ns, self.south) if side == "NS" else (self.ew, self.west)
        return [entry for entry in seats if entry is not None]

    def holding(self, cards: str) -> list[Entry]:
        """The entries holding the ``cards`` ("NS"/"EW") this round: the ones seated on
        the other side after an arrow switch (:func:`tournaments.seats.cards_side`)."""
        return self.entries(cards_side(cards, arrow_switch=self.arrow_switch))

    def fingerprint(self) -> str:
        return ",".join(
            f"{board.board_play_id}:{board.result.status if board.result else '-'}"
            for board in self.boards
        )


@dataclass(frozen=True)
class Move:
    """Where a pair (or player) goes in the next round: a table and a side, or a sit-out."""

    entry: Entry
    round: int
    table: int | None = None
    side: str = ""
    boards: str = ""

    @property
    def sits_out(self) -> bool:
        return self.table is None


@dataclass
class TableScreen:
    """A table's screen: every round of the pair (or of the table), the one shown now, and
    the next move of each pair seated there."""

    section: Section
    rounds: list[RoundAtTable]
    current: RoundAtTable | None
    #: The pair whose phone this is (None on a table device).
    entry: Entry | None = None
    moves: list[Move] = field(default_factory=list)

    @property
    def tournament(self) -> Tournament:
        return self.section.session.tournament

    @property
    def running(self) -> bool:
        return self.tournament.status in STATUSES_PLAYERS_ENTER

    @property
    def side(self) -> str:
        """The pair's side in the round shown ("" on a table device)."""
        if self.entry is None or self.current is None:
            return ""
        return self.current.side_of(self.entry.pk)

    @property
    def cards(self) -> str:
        """The cards the pair holds in the round shown ("NS" enters, "EW" confirms; the
        other way round from its seat after an arrow switch)."""
        if self.current is None:
            return ""
        return cards_side(self.side, arrow_switch=self.current.arrow_switch)

    @property
    def opponents(self) -> list[Entry]:
        if self.current is None or not self.side:
            return []
        return self.current.entries("EW" if self.side == "NS" else "NS")

    @property
    def previous(self) -> RoundAtTable | None:
        index = self.rounds.index(self.current) if self.current in self.rounds else -1
        return self.rounds[index - 1] if index > 0 else None

    @property
    def finished(self) -> bool:
        """Every round of the pair (or table) is done."""
        return bool(self.rounds) and all(r.complete for r in self.rounds)

    @property
    def next_move(self) -> Move | None:
        """The pair's own move (on a pair's phone)."""
        if self.entry is None:
            return None
        return next((m for m in self.moves if m.entry.pk == self.entry.pk), None)

    def state(self) -> str:
        """A short fingerprint of what the screen shows: it changes when a result of the
        round shown is entered, confirmed or disputed, or the round now changes."""
        text = "|".join(
            [str(self.current.round if self.current else 0)]
            + [self.current.fingerprint() if self.current else ""]
            + [self.tournament.status]
        )
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def _rounds(section: Section, seatings) -> list[RoundAtTable]:
    plays = Prefetch(
        "board_plays",
        queryset=BoardPlay.objects.select_related("board", "result").order_by("board__number"),
    )
    rows = seatings.select_related(*_SEATING_RELATED).prefetch_related(plays).order_by("round")
    return [
        RoundAtTable(
            round=seating.round,
            table=seating.table,
            ns=seating.ns,
            ew=seating.ew,
            south=seating.south,
            west=seating.west,
            boards=tuple(
                BoardLine(
                    board_play_id=play.pk,
                    number=play.board.number,
                    dealer=play.board.dealer,
                    trump=play.board.trump or "",
                    not_played=play.not_played,
                    result=getattr(play, "result", None),
                )
                for play in seating.board_plays.all()
            ),
            arrow_switch=seating.arrow_switch,
        )
        for seating in rows
    ]


def _pick(rounds: list[RoundAtTable], asked: int | None) -> RoundAtTable | None:
    if asked is not None:
        chosen = next((r for r in rounds if r.round == asked), None)
        if chosen is not None:
            return chosen
    return next((r for r in rounds if not r.complete), rounds[-1] if rounds else None)


def _moves(section: Section, entries: list[Entry], round_: int) -> list[Move]:
    """Where each of ``entries`` sits in round ``round_`` (one query)."""
    ids = [entry.pk for entry in entries]
    q = Q()
    for entry_id in ids:
        q |= seated_q(entry_id)
    found = list(
        Seating.objects.filter(q, section=section, round=round_).prefetch_related(
            Prefetch("board_plays", queryset=BoardPlay.objects.select_related("board"))
        )
    )
    moves = []
    for entry in entries:
        seating = next(
            (s for s in found if entry.pk in (s.ns_id, s.ew_id, s.south_id, s.west_id)), None
        )
        if seating is None:
            moves.append(Move(entry, round_))
            continue
        side = "NS" if entry.pk in (seating.ns_id, seating.south_id) else "EW"
        numbers = sorted(play.board.number for play in seating.board_plays.all())
        moves.append(Move(entry, round_, seating.table, side, board_span(numbers)))
    return moves


def _next_round(section: Section, after: int) -> int | None:
    numbers = sorted(
        {r["round"] for r in (section.movement or {}).get("rounds", []) if r["round"] > after}
    )
    if numbers:
        return numbers[0]
    later = (
        Seating.objects.filter(section=section, round__gt=after)
        .order_by("round")
        .values_list("round", flat=True)
        .first()
    )
    return later


def entry_screen(section: Section, entry: Entry, *, round: int | None = None) -> TableScreen:
    """The screen of ``entry``'s phone: its rounds, the one now (or ``round``), and where
    it goes next."""
    rounds = _rounds(section, Seating.objects.filter(seated_q(entry.pk), section=section))
    current = _pick(rounds, round)
    screen = TableScreen(section=section, rounds=rounds, current=current, entry=entry)
    if current is not None and (following := _next_round(section, current.round)):
        screen.moves = _moves(section, [entry], following)
    return screen


def table_screen(section: Section, table: int, *, round: int | None = None) -> TableScreen:
    """The screen of the device at ``table``: the table's rounds, the one now (or
    ``round``), and where each pair seated there goes next."""
    rounds = _rounds(section, Seating.objects.filter(section=section, table=table))
    current = _pick(rounds, round)
    screen = TableScreen(section=section, rounds=rounds, current=current)
    if current is not None and (following := _next_round(section, current.round)):
        seated = [e for e in (current.ns, current.south, current.ew, current.west) if e]
        screen.moves = _moves(section, seated, following)
    return screen


def seats_now(member_id: int | None) -> list[tuple[Section, Entry]]:
    """Every pair of the member in an event running now, with its section, oldest event
    (then session) first. Two running events at once (a Thursday Howell left running, the
    Friday Mitchell) give two: each link to a table names its event."""
    if member_id is None:
        return []
    entries = (
        Entry.objects.filter(
            Q(member1_id=member_id) | Q(member2_id=member_id),
            withdrawn=False,
            section__session__tournament__status__in=STATUSES_PLAYERS_ENTER,
        )
        .select_related("section__session__tournament__club", "member1", "member2")
        .order_by("section__session__tournament__starts", "section__session__number", "pk")
    )
    return [(entry.section, entry) for entry in entries]


def seat_now(
    member_id: int | None, *, tournament_id: int | None = None
) -> tuple[Section, Entry] | None:
    """The member's pair in an event running now (in ``tournament_id`` when given), and its
    section: the first section (oldest session first) where the pair still has a round to
    finish, else the last."""
    seats = seats_now(member_id)
    if tournament_id is not None:
        seats = [seat for seat in seats if seat[0].session.tournament_id == tournament_id]
    entries = [entry for _section, entry in seats]
    if not entries:
        return None
    if len(entries) == 1:
        return entries[0].section, entries[0]
    for entry in entries:
        unfinished = (
            BoardPlay.objects.filter(seating__section=entry.section, not_played=False)
            .filter(seated_q(entry.pk, prefix="seating__"))
            .filter(Q(result__isnull=True) | Q(result__status=ResultStatus.ENTERED))
            .exists()
        )
        if unfinished:
            return entry.section, entry
    return entries[-1].section, entries[-1]


def events_now(member_id: int | None) -> list[Tournament]:
    """The events running now that the member plays in, oldest first (one each)."""
    events: dict[int, Tournament] = {}
    for section, _entry in seats_now(member_id):
        events.setdefault(section.session.tournament_id, section.session.tournament)
    return list(events.values())
