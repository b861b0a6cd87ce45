"""Where a table's game stands, for its page and the API: the next hand's dealer and cards,
knock-out's players out and dog's life, the exact-bid schedule, a partnership's target."""

from __future__ import annotations

from dataclasses import dataclass, field

from clubs.errors import HandRefused
from engine.variants import exact
from variants.models import Game, VariantTable
from variants.services import context_for
from variants.verdict import HandEntry, knockout_state, side_game


@dataclass
class TableStatus:
    next_number: int
    dealer: int | None = None
    cards: int | None = None
    deals: int | None = None
    schedule: tuple[int, ...] = ()
    out: list[int] = field(default_factory=list)
    dogs: list[int] = field(default_factory=list)
    winner: int | None = None  # a seat (knock-out) or a side (0 N–S, 1 E–W)
    winning_side: int | None = None
    over: bool = False


def table_status(table: VariantTable) -> TableStatus:
    """The state before the next hand (hands and seats prefetched)."""
    hands = list(table.hands.all())
    earlier = [HandEntry.from_dict(h.entry) for h in hands]
    status = TableStatus(len(hands) + 1)
    try:
        context = context_for(table, status.next_number, earlier)
    except HandRefused:
        return status
    status.dealer = context.dealer
    if table.game == Game.KNOCKOUT:
        state = knockout_state(context)
        status.cards, status.dogs = state.cards, list(state.dogs)
        status.out = [p for p in range(context.players) if p not in state.alive]
        status.winner, status.over = state.winner, state.is_over
    elif table.game == Game.EXACT:
        plan = exact.schedule(context.rules, context.players)
        status.schedule, status.deals = plan, len(plan)
        status.over = status.next_number > len(plan)
        status.cards = None if status.over else plan[status.next_number - 1]
    elif table.game in (Game.BID, Game.MINNESOTA):
        game = side_game(context)
        status.winning_side, status.over = game.winner, game.winner is not None
    return status
