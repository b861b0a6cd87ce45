"""Every player's card, derived from the tables' entries (drives.md §6): hand, trumps, table,
partner, tricks, running total, and the half-time subtotal.

A hand a player missed (arrived late, left early) scores 0; a sit-out scores the deemed
result; a hand not yet entered scores nothing yet (``pending``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.drives.drive import TableHand
from engine.drives.movement import Side, TableKind
from engine.drives.settings import DriveSettings, Role


class RowKind(StrEnum):
    PLAYED = "played"
    DUMMY = "dummy"  # played opposite (or against) an exposed dummy
    SIT_OUT = "sit_out"
    ABSENT = "absent"  # not yet arrived, or gone


@dataclass(frozen=True)
class CardRow:
    hand: int
    trump: str
    kind: RowKind
    table: int | None = None
    side: Side | None = None
    partner: int | None = None  # None: a ghost (or absent)
    opponents: tuple[int | None, int | None] = (None, None)
    tricks: int | None = None  # the pair's tricks (None: sat out, absent or not entered)
    score: int = 0
    pending: bool = False  # the table has not entered this hand yet
    total: int = 0  # running total after this hand


@dataclass(frozen=True)
class Card:
    player: int
    role: Role
    rows: tuple[CardRow, ...]
    half_time: int | None  # the subtotal after the half-time hand, once it was played
    present: int  # hands played or sat out (not absent)
    present_first_half: int
    big_hands: int  # hands of ``big_hand_threshold`` tricks or more

    @property
    def total(self) -> int:
        return self.rows[-1].total if self.rows else 0

    def scores(self) -> list[int]:
        return [row.score for row in self.rows]


def _row(th: TableHand, side: Side, player: int, settings: DriveSettings) -> CardRow:
    mine = th.pair_a if side is Side.A else th.pair_b
    theirs = th.pair_b if side is Side.A else th.pair_a
    partner = mine[1] if mine[0] == player else mine[0]
    score = th.score(side, settings)
    kind = {
        TableKind.PLAYED: RowKind.PLAYED,
        TableKind.DUMMY: RowKind.DUMMY,
        TableKind.SIT_OUT: RowKind.SIT_OUT,
    }[th.kind]
    return CardRow(
        hand=th.hand,
        trump=settings.trump(th.hand),
        kind=kind,
        table=th.table,
        side=side,
        partner=partner,
        opponents=theirs,
        tricks=th.tricks(side),
        score=score or 0,
        pending=score is None,
    )


def player_cards(
    settings: DriveSettings,
    hands: Sequence[Sequence[TableHand]],
    roles: Mapping[int, Role],
) -> dict[int, Card]:
    """The card of every player in ``roles`` over the hands called so far."""
    seats: dict[int, dict[int, tuple[TableHand, Side]]] = {p: {} for p in roles}
    for row in hands:
        for th in row:
            for side, pair in ((Side.A, th.pair_a), (Side.B, th.pair_b)):
                for player in pair:
                    if player is not None and player in seats:
                        seats[player][th.hand] = (th, side)
    cards = {}
    for player, role in roles.items():
        rows: list[CardRow] = []
        total = 0
        half = None
        for row in hands:
            hand = row[0].hand
            seat = seats[player].get(hand)
            if seat is None:
                card_row = CardRow(hand=hand, trump=settings.trump(hand), kind=RowKind.ABSENT)
            else:
                card_row = _row(seat[0], seat[1], player, settings)
            total += card_row.score
            rows.append(_with_total(card_row, total))
            if hand == settings.half_time_after:
                half = total
        present = [r for r in rows if r.kind is not RowKind.ABSENT]
        cards[player] = Card(
            player=player,
            role=Role(role),
            rows=tuple(rows),
            half_time=half,
            present=len(present),
            present_first_half=sum(r.hand <= settings.half_time_after for r in present),
            big_hands=sum(
                r.tricks is not None and r.tricks >= settings.big_hand_threshold for r in rows
            ),
        )
    return cards


def _with_total(row: CardRow, total: int) -> CardRow:
    return CardRow(**{**row.__dict__, "total": total})


def ranking(cards: Sequence[Card], *, half_time: bool = False) -> list[tuple[int, Card]]:
    """Cards best first (by total, or by the half-time subtotal), with competition ranks
    (equal scores share a rank)."""

    def value(card: Card) -> int:
        return (card.half_time or 0) if half_time else card.total

    ordered = sorted(cards, key=lambda c: (-value(c), c.player))
    ranked: list[tuple[int, Card]] = []
    for position, card in enumerate(ordered, start=1):
        same = ranked and value(ranked[-1][1]) == value(card)
        ranked.append((ranked[-1][0] if same else position, card))
    return ranked
