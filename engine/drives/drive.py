"""A drive's evening from what the tables entered: each hand's tables, every player's card.

Inputs are plain values: the settings, the seating of each round started (recorded when the
round was called, so a later correction changes scores, never who sat where), who held which
seat token when (:class:`Holding`), and the tricks each table entered (:class:`Entry`). The
cards are derived from them, never typed twice (drives.md §10.10).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from engine.drives.errors import DriveError
from engine.drives.movement import (
    Seating,
    Side,
    TableKind,
    TableSeating,
    deemed_winner,
    round_winner,
    table_kind,
    token_role,
)
from engine.drives.settings import DriveSettings, Role, Scoring


@dataclass(frozen=True)
class Holding:
    """``player`` holds seat ``token`` from round ``first_round`` to ``last_round``
    (inclusive; None: to the end). A late arrival's holding starts later; a leaver's ends."""

    player: int
    token: int
    first_round: int = 1
    last_round: int | None = None

    def holds(self, round_number: int) -> bool:
        return self.first_round <= round_number and (
            self.last_round is None or round_number <= self.last_round
        )


@dataclass(frozen=True)
class Entry:
    """What a table entered for a hand: each pair's tricks."""

    tricks_a: int
    tricks_b: int


def check_tricks(tricks_a: object, tricks_b: object, *, short_hands: bool = False) -> Entry:
    """The entry of a played hand: two whole numbers of tricks, 0 to 13, making 13. With
    ``short_hands`` (a hand stopped by the bell [TIO2]) they may make fewer, but one side
    must be ahead in the count: the side ahead wins the unfinished hand."""
    for value in (tricks_a, tricks_b):
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 13:
            raise DriveError(
                f"{value!r} is not a number of tricks from 0 to 13",
                code="drive_tricks_range",
                params={"tricks": str(value)},
            )
    total = tricks_a + tricks_b  # type: ignore[operator]
    params = {"a": tricks_a, "b": tricks_b, "total": total}
    if total == 13:
        return Entry(tricks_a, tricks_b)  # type: ignore[arg-type]
    if not short_hands:
        raise DriveError(
            f"{tricks_a} + {tricks_b} = {total} tricks: a hand has 13",
            code="drive_tricks_not_thirteen",
            params=params,
        )
    if total > 13:
        raise DriveError(
            f"{tricks_a} + {tricks_b} = {total} tricks: a hand has 13 at most",
            code="drive_tricks_too_many",
            params=params,
        )
    if tricks_a == tricks_b:
        raise DriveError(
            f"{tricks_a} all: a hand stopped by the bell goes to the side ahead, and neither is",
            code="drive_tricks_short_tied",
            params=params,
        )
    return Entry(tricks_a, tricks_b)  # type: ignore[arg-type]


def holder_map(holdings: Sequence[Holding], round_number: int) -> dict[int, int]:
    """Token → player in ``round_number``; refuses two players on one token."""
    held: dict[int, int] = {}
    for holding in holdings:
        if holding.holds(round_number):
            if holding.token in held:
                raise DriveError(
                    f"seat {holding.token} is held twice in round {round_number}",
                    code="drive_seat_taken",
                    params={"token": holding.token},
                )
            held[holding.token] = holding.player
    return held


def empty_seat(seating: Seating, holders: Mapping[int, int], role: Role | str) -> int:
    """The ghost token a late arrival of ``role`` takes: at the table with the most players
    (so a table that would sit out or play a dummy becomes whole), then the lowest table,
    then pair A. Refused when no seat of that role is empty."""
    role = Role(role)
    best: tuple[int, int, int] | None = None
    chosen = None
    for number, table in enumerate(seating, start=1):
        players = sum(token in holders for token in table.tokens)
        for position, token in enumerate((table.lady_a, table.lady_b, table.gent_a, table.gent_b)):
            if token in holders or token_role(token) is not role:
                continue
            key = (-players, number, position)
            if best is None or key < best:
                best, chosen = key, token
    if chosen is None:
        raise DriveError(
            f"no {role}'s seat is empty: seat the newcomer as a {Role.GENT if role is Role.LADY else Role.LADY}",
            code="drive_no_empty_seat",
            params={"role": str(role)},
        )
    return chosen


def tables_opened(
    seating: Seating, ladies: Sequence[int], gents: Sequence[int]
) -> tuple[Seating, dict[int, int]]:
    """A late group with no empty seat opens new tables at the foot of the room (the
    ``late_tables`` setting): ``ceil(n / 4)`` tables for ``n`` ≥ 3 latecomers, two ladies'
    and two gents' seats each, ghosts in the rest. Returns the seating with the new tables
    and who holds which new seat; latecomers who do not fit (fewer than three, or too many
    of one role) are left out and wait."""
    count = (len(ladies) + len(gents) + 3) // 4 if len(ladies) + len(gents) >= 3 else 0
    first = 4 * len(seating)
    new = tuple(
        TableSeating(first + 4 * i, first + 4 * i + 1, first + 4 * i + 2, first + 4 * i + 3)
        for i in range(count)
    )
    holders = {first + 2 * n: p for n, p in enumerate(ladies[: 2 * count])}
    holders |= {first + 2 * n + 1: p for n, p in enumerate(gents[: 2 * count])}
    return (*seating, *new), holders


@dataclass(frozen=True)
class TableHand:
    """One table at one hand: who sat in each pair (None: a ghost), how it was played and
    its entry (None while not entered; a sit-out never has one)."""

    hand: int
    round: int
    table: int
    seating: TableSeating
    kind: TableKind
    pair_a: tuple[int | None, int | None]
    pair_b: tuple[int | None, int | None]
    entry: Entry | None
    deemed: Side | None  # the sit-out's deemed winners
    waits: bool = False  # who sits here depends on a result not yet entered

    @property
    def done(self) -> bool:
        return self.kind is TableKind.SIT_OUT or self.entry is not None

    def score(self, side: Side, settings: DriveSettings) -> int | None:
        """What each real player of pair ``side`` scores on this hand (None: not entered)."""
        if self.kind is TableKind.SIT_OUT:
            winner, loser = settings.sit_out_score  # type: ignore[misc]
            return winner if side is self.deemed else loser
        if self.entry is None:
            return None
        tricks = self.tricks(side)
        if settings.scoring is Scoring.WINS:
            return 1 if tricks > self.tricks(side.other) else 0  # type: ignore[operator]
        return tricks

    def tricks(self, side: Side) -> int | None:
        if self.entry is None:
            return None
        return self.entry.tricks_a if side is Side.A else self.entry.tricks_b


def hand_tables(
    settings: DriveSettings,
    seatings: Sequence[Seating],
    holdings: Sequence[Holding],
    entries: Mapping[tuple[int, int], Entry],
    waiting: Sequence[Collection[int]] = (),
) -> list[list[TableHand]]:
    """Every table of every hand of the rounds started (``seatings[r-1]`` is round r), with
    its entry. ``waiting[r-1]`` holds round r's tables whose seating waits for an earlier
    result (:func:`engine.drives.movement.seating_after`). Refuses an entry for a sit-out
    or waiting table, a table or hand that does not exist."""
    rounds = len(seatings)
    played_hands = rounds * settings.hands_per_round
    tables = max((len(s) for s in seatings), default=0)
    for hand, table in entries:
        if not 1 <= hand <= min(played_hands, settings.hands):
            raise DriveError(
                f"hand {hand} has not been called", code="drive_no_such_hand", params={"hand": hand}
            )
        if not 1 <= table <= tables:
            raise DriveError(
                f"there is no table {table}", code="drive_no_such_table", params={"table": table}
            )
    result: list[list[TableHand]] = []
    for round_number, seating in enumerate(seatings, start=1):
        waits = waiting[round_number - 1] if round_number <= len(waiting) else ()
        result.extend(round_tables(settings, round_number, seating, holdings, entries, waits))
    return result


def round_tables(
    settings: DriveSettings,
    round_number: int,
    seating: Seating,
    holdings: Sequence[Holding],
    entries: Mapping[tuple[int, int], Entry],
    waiting: Collection[int] = (),
) -> list[list[TableHand]]:
    """The tables of each hand of one round (see :func:`hand_tables`)."""
    holders = holder_map(holdings, round_number)
    ghosts = {t for table in seating for t in table.tokens if t not in holders}
    result = []
    for hand in settings.hands_of(round_number):
        row = []
        for number, table in enumerate(seating, start=1):
            kind = table_kind(table, ghosts, settings)
            entry = entries.get((hand, number))
            if kind is TableKind.SIT_OUT and entry is not None:
                raise DriveError(
                    f"table {number} sits out hand {hand}: it has no tricks to enter",
                    code="drive_sit_out_no_tricks",
                    params={"table": number},
                )
            if number in waiting and entry is not None:
                raise DriveError(
                    f"table {number}: who sits there at hand {hand} waits for an earlier "
                    "table's result: enter that first",
                    code="drive_table_waits",
                    params={"table": number, "hand": hand},
                )
            row.append(
                TableHand(
                    hand=hand,
                    round=round_number,
                    table=number,
                    seating=table,
                    kind=kind,
                    pair_a=(holders.get(table.lady_a), holders.get(table.gent_a)),
                    pair_b=(holders.get(table.lady_b), holders.get(table.gent_b)),
                    entry=entry,
                    deemed=deemed_winner(table, ghosts) if kind is TableKind.SIT_OUT else None,
                    waits=number in waiting and kind is not TableKind.SIT_OUT,
                )
            )
        result.append(row)
    return result


def table_winners(rows: Sequence[Sequence[TableHand]]) -> list[Side | None]:
    """Each table's winners of one round's ``rows`` of hands (None: not all entered yet)."""
    winners: list[Side | None] = []
    for column in zip(*rows, strict=True):
        if column[0].kind is TableKind.SIT_OUT:
            winners.append(column[0].deemed)
        elif all(th.entry is not None for th in column):
            entries = [th.entry for th in column]
            winners.append(
                round_winner([e.tricks_a for e in entries], [e.tricks_b for e in entries])  # type: ignore[union-attr]
            )
        else:
            winners.append(None)
    return winners


def round_winners(
    settings: DriveSettings, hands: Sequence[list[TableHand]], round_number: int
) -> list[Side]:
    """Each table's winners of ``round_number`` (all its tables entered, else refused with
    the tables still to enter)."""
    rows = [row for row in hands if row and row[0].round == round_number]
    waiting = sorted({th.table for row in rows for th in row if not th.done})
    if not rows or waiting:
        raise DriveError(
            f"round {round_number}: tables {', '.join(map(str, waiting))} have not entered",
            code="drive_round_incomplete",
            params={"round": round_number, "tables": ", ".join(map(str, waiting))},
        )
    return table_winners(rows)  # type: ignore[return-value]
