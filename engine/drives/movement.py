"""Who sits where: the seating of each round and how it moves (drives.md §5).

A drive of ``T`` tables has ``4T`` *seat tokens*, numbered from 0: at the start table ``t``
(1-based) seats tokens ``4(t-1)`` lady A, ``+1`` gent A, ``+2`` lady B, ``+3`` gent B, so a
token's role is fixed (even: lady, odd: gent). Tokens move as the rules say, whoever holds
them: a ghost is a token nobody holds, a late arrival takes a ghost's token, a leaver's token
becomes a ghost (:mod:`engine.drives.drive`). Every seating here seats each token once, a lady
token and a gent token in each pair — "one lady and one gent in, one lady and one gent out"
per table.

Tables are numbered 1 (the top) to ``T``: ``up(t) = t + 1`` (``T`` → 1), ``down(t) = t − 1``
(1 → ``T``).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.drives.errors import DriveError
from engine.drives.settings import DriveSettings, IncompleteTable, Movement, Mover, Role


class Side(StrEnum):
    """The two pairs at a table."""

    A = "A"
    B = "B"

    @property
    def other(self) -> Side:
        return Side.B if self is Side.A else Side.A


class TableKind(StrEnum):
    PLAYED = "played"  # four players
    DUMMY = "dummy"  # one ghost: its partner plays the exposed dummy
    SIT_OUT = "sit_out"  # no play; the deemed result stands


@dataclass(frozen=True)
class Pair:
    lady: int
    gent: int


@dataclass(frozen=True)
class TableSeating:
    """One table for one round: pair A (``lady_a``, ``gent_a``) against pair B."""

    lady_a: int
    gent_a: int
    lady_b: int
    gent_b: int

    @classmethod
    def of(cls, a: Pair, b: Pair) -> TableSeating:
        return cls(a.lady, a.gent, b.lady, b.gent)

    def pair(self, side: Side) -> Pair:
        if side is Side.A:
            return Pair(self.lady_a, self.gent_a)
        return Pair(self.lady_b, self.gent_b)

    @property
    def tokens(self) -> tuple[int, int, int, int]:
        return (self.lady_a, self.gent_a, self.lady_b, self.gent_b)

    def side_of(self, token: int) -> Side | None:
        if token in (self.lady_a, self.gent_a):
            return Side.A
        if token in (self.lady_b, self.gent_b):
            return Side.B
        return None

    def partner_of(self, token: int) -> int:
        pair = self.pair(self.side_of(token))  # type: ignore[arg-type]
        return pair.gent if token == pair.lady else pair.lady


Seating = tuple[TableSeating, ...]


def token_role(token: int) -> Role:
    return Role.LADY if token % 2 == 0 else Role.GENT


def tables_for(ladies: int, gents: int, tables: int | None = None) -> int:
    """The number of tables: ``ceil(players / 4)`` unless ``tables`` asks for more. Each role
    needs two seats a table (ghosts fill the rest); too many of one role is refused with how
    many must sit in the other role."""
    players = ladies + gents
    if players < 3:
        raise DriveError(
            f"a drive needs at least 3 players, not {players}",
            code="drive_too_few_players",
            params={"players": players},
        )
    needed = math.ceil(players / 4)
    count = needed if tables is None else tables
    if count < needed:
        raise DriveError(
            f"{players} players need {needed} tables, not {count}",
            code="drive_tables",
            params={"tables": count, "needed": needed},
        )
    for role, number in ((Role.LADY, ladies), (Role.GENT, gents)):
        if number > 2 * count:
            raise DriveError(
                f"{number} {role}s for {2 * count} {role}s' seats: "
                f"{number - 2 * count} must sit in the other role",
                code="drive_too_many_in_role",
                params={"role": str(role), "count": number, "seats": 2 * count},
            )
    return count


def first_seating(tables: int) -> Seating:
    """Round 1: table ``t`` seats tokens ``4(t−1)`` … ``4(t−1)+3``."""
    return tuple(TableSeating(4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3) for i in range(tables))


def first_holders(ladies: Sequence[int], gents: Sequence[int], tables: int) -> dict[int, int]:
    """Token → player for round 1: ladies in order take the lady tokens table by table (A then
    B), gents the gent tokens; the ghosts are left at the last tables."""
    holders: dict[int, int] = {}
    for position, player in enumerate(ladies):
        holders[2 * position] = player
    for position, player in enumerate(gents):
        holders[2 * position + 1] = player
    assert len(holders) == len(ladies) + len(gents) <= 4 * tables
    return holders


def table_kind(table: TableSeating, ghosts: Collection[int], settings: DriveSettings) -> TableKind:
    """Played, played with a dummy (one ghost, ``dummy`` setting) or sat out."""
    count = sum(token in ghosts for token in table.tokens)
    if count == 0:
        return TableKind.PLAYED
    if count == 1 and settings.incomplete_table is IncompleteTable.DUMMY:
        return TableKind.DUMMY
    return TableKind.SIT_OUT


def deemed_winner(table: TableSeating, ghosts: Collection[int]) -> Side:
    """At a sit-out table (drives.md §10.6): the pair with fewer ghosts; then the pair with a
    real lady; then the pair holding the smaller token."""

    def key(side: Side) -> tuple[int, int, int]:
        pair = table.pair(side)
        return (
            (pair.lady in ghosts) + (pair.gent in ghosts),
            pair.lady in ghosts,
            min(pair.lady, pair.gent),
        )

    return min(Side, key=key)


def round_winner(tricks_a: Sequence[int], tricks_b: Sequence[int] | None = None) -> Side:
    """The winners of a round of hands at one table from each pair's tricks in each hand
    (``tricks_b`` None: 13 minus pair A's): more tricks; then more hands won; then the
    winners of the round's last hand. A hand cut short by the bell may have fewer than 13
    tricks: the side ahead in the count won it [TIO2]."""
    if tricks_b is None:
        tricks_b = [13 - t for t in tricks_a]
    total_a, total_b = sum(tricks_a), sum(tricks_b)
    if total_a != total_b:
        return Side.A if total_a > total_b else Side.B
    won_a = sum(a > b for a, b in zip(tricks_a, tricks_b, strict=True))
    won_b = sum(b > a for a, b in zip(tricks_a, tricks_b, strict=True))
    if won_a != won_b:
        return Side.A if won_a > won_b else Side.B
    return Side.A if tricks_a[-1] > tricks_b[-1] else Side.B


def next_seating(seating: Seating, winners: Sequence[Side], settings: DriveSettings) -> Seating:
    """The seating after a round in which ``winners[i]`` won at table ``i + 1``.

    progressive (winners move): the winning lady goes up, the winning gent down; at table t
    the losing lady meets the gent arriving from up(t) and the losing gent the lady from
    down(t). progressive (losers move): the same with the losers moving. semi_partner: the
    losers split (lady up, gent down), the winners stay together. couple: the moving pair
    goes up one table together, partners kept or divided. head_table: at table 1 the winners
    stay and the losers go to the last table; elsewhere the winners move up one table.
    The pair holding the lady who stayed is pair A of the new table.
    """
    count = len(seating)
    if len(winners) != count:
        raise ValueError("one winner per table")
    won = [table.pair(side) for table, side in zip(seating, winners, strict=True)]
    lost = [table.pair(side.other) for table, side in zip(seating, winners, strict=True)]

    def up(i: int) -> int:
        return (i + 1) % count

    def down(i: int) -> int:
        return (i - 1) % count

    movement = settings.movement
    if movement is Movement.PROGRESSIVE:
        movers, stayers = (won, lost) if settings.mover is Mover.WINNERS else (lost, won)
        return tuple(
            TableSeating(stayers[i].lady, movers[up(i)].gent, movers[down(i)].lady, stayers[i].gent)
            for i in range(count)
        )
    if movement is Movement.SEMI_PARTNER:
        return tuple(
            TableSeating(won[i].lady, won[i].gent, lost[down(i)].lady, lost[up(i)].gent)
            for i in range(count)
        )
    if movement is Movement.COUPLE:
        movers, stayers = (won, lost) if settings.mover is Mover.WINNERS else (lost, won)
        arrive = [movers[down(i)] for i in range(count)]
        return tuple(_meet(stayers[i], arrive[i], settings) for i in range(count))
    # head table
    stay = [won[0]] + lost[1:]
    arrive = [won[i + 1] for i in range(count - 1)] + [lost[0]]
    return tuple(_meet(stay[i], arrive[i], settings) for i in range(count))


def seating_after(
    seating: Seating, winners: Sequence[Side | None], settings: DriveSettings
) -> tuple[Seating, frozenset[int]]:
    """The next seating when some tables' results are not in yet (``None``: the MC called
    the next hand before they entered). Their players move as the result says, which the
    hall knows and the program does not: the seating assumes pair A won there, and the
    tables (1-based) whose new seating depends on a missing result are returned as waiting;
    recompute with the result once it is entered."""
    assumed = [side or Side.A for side in winners]
    result = next_seating(seating, assumed, settings)
    waiting: set[int] = set()
    for index, side in enumerate(winners):
        if side is None:
            flipped = [*assumed[:index], Side.B, *assumed[index + 1 :]]
            other = next_seating(seating, flipped, settings)
            waiting.update(
                n for n, (a, b) in enumerate(zip(result, other, strict=True), start=1) if a != b
            )
    return result, frozenset(waiting)


def _meet(stay: Pair, arrive: Pair, settings: DriveSettings) -> TableSeating:
    if settings.change_partners:
        return TableSeating.of(Pair(stay.lady, arrive.gent), Pair(arrive.lady, stay.gent))
    return TableSeating.of(stay, arrive)


def check_seating(seating: Seating, tables: int, round_number: int = 0) -> None:
    """Refuse a seating that does not seat every token of ``tables`` tables once, ladies'
    tokens in ladies' seats."""
    tokens = [token for table in seating for token in table.tokens]
    ok = (
        len(seating) == tables
        and sorted(tokens) == list(range(4 * tables))
        and all(
            token_role(t.lady_a) is Role.LADY
            and token_role(t.lady_b) is Role.LADY
            and token_role(t.gent_a) is Role.GENT
            and token_role(t.gent_b) is Role.GENT
            for t in seating
        )
    )
    if not ok:
        raise DriveError(
            f"round {round_number}: the seating does not seat everyone once",
            code="drive_seating_invalid",
            params={"round": round_number},
        )


def seating_to_json(seating: Seating) -> list[list[int]]:
    return [list(table.tokens) for table in seating]


def seating_from_json(data: Sequence[Sequence[int]]) -> Seating:
    return tuple(TableSeating(*(int(v) for v in table)) for table in data)
