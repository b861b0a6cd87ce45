"""Double-dummy analysis: the tricks each side takes with perfect play, all hands open.

Contract:

* Needs the optional ``analysis`` extra (endplay, which wraps Bo Haglund's DDS). It is
  imported lazily inside the functions, so ``import engine`` never loads it (its import
  alone loads matplotlib). Without it every function raises
  :class:`~engine.errors.AnalysisUnavailable`; :func:`analysis_available` asks first.
* On a whist board the player on the dealer's left leads, so the dealer plays the part of
  bridge's "declarer": :func:`dd_tricks` returns ``(NS, EW)`` tricks for a deal, its dealer
  and its trump (``None`` = no trump), and the two always add up to 13.
* :func:`dd_table` gives the full table (every declarer, every strain), the one
  :class:`engine.boards.Board` keeps and PBN's ``DoubleDummyTricks`` tag stores.
* The ``_many`` functions and :func:`analyse_boards` batch many deals in one call to DDS,
  which spreads them over the cores (about twice as fast on two cores); any number of deals
  may be given (they are sent in chunks within DDS's limits).
* DDS is not safe to enter from two threads at once (the process crashes), so every call
  holds a module-level lock.

>>> analysis_available() in (True, False)
True
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Any

from engine.boards import STRAINS, Board, DDTable
from engine.cards import Seat, Side, Suit
from engine.deal import Deal
from engine.errors import AnalysisUnavailable

__all__ = [
    "analysis_available",
    "dd_tricks",
    "dd_tricks_many",
    "dd_table",
    "dd_tables_many",
    "analyse_boards",
    "DDS_LOCK",
]

#: Held around every call into DDS.
DDS_LOCK = threading.Lock()
#: DDS's own limits on one batched call: 200 boards to solve, or 40 deals' full tables.
BOARDS_PER_BATCH = 200
TABLES_PER_BATCH = 40
_MISSING = "double-dummy analysis needs the 'analysis' extra: pip install tenace[analysis]"


def _endplay() -> tuple[ModuleType, ModuleType]:
    """The ``endplay.types`` and ``endplay.dds`` modules, or :class:`AnalysisUnavailable`."""
    try:
        import endplay.dds as dds
        import endplay.types as types
    except ImportError:
        raise AnalysisUnavailable(_MISSING, code="analysis_unavailable") from None
    return types, dds


def analysis_available() -> bool:
    """Whether the ``analysis`` extra is installed (this imports it)."""
    try:
        _endplay()
    except AnalysisUnavailable:
        return False
    return True


def _denom(types: ModuleType, trump: Suit | None) -> Any:
    if trump is None:
        return types.Denom.nt
    return {
        Suit.SPADES: types.Denom.spades,
        Suit.HEARTS: types.Denom.hearts,
        Suit.DIAMONDS: types.Denom.diamonds,
        Suit.CLUBS: types.Denom.clubs,
    }[trump]


def _to_endplay(
    types: ModuleType, deal: Deal, dealer: Seat | None = None, trump: Suit | None = None
) -> Any:
    board = types.Deal(deal.to_pbn(Seat.N))
    if dealer is not None:
        board.first = types.Player(int(dealer.left))
        board.trump = _denom(types, trump)
    return board


def _split(dealer: Seat, dealer_side_tricks: int) -> tuple[int, int]:
    other = 13 - dealer_side_tricks
    return (dealer_side_tricks, other) if dealer.side is Side.NS else (other, dealer_side_tricks)


def dd_tricks(deal: Deal, dealer: Seat, trump: Suit | None) -> tuple[int, int]:
    """``(NS, EW)`` tricks with perfect play when ``dealer.left`` leads to the first trick."""
    return dd_tricks_many([(deal, dealer, trump)])[0]


def dd_tricks_many(
    boards: Iterable[tuple[Deal, Seat, Suit | None]],
) -> list[tuple[int, int]]:
    """:func:`dd_tricks` for many ``(deal, dealer, trump)`` at once, in the same order."""
    types, dds = _endplay()
    items = list(boards)
    if not items:
        return []
    deals = [_to_endplay(types, deal, dealer, trump) for deal, dealer, trump in items]
    results: list[int] = []
    with DDS_LOCK:
        if len(deals) == 1:
            results.append(dds.analyse_start(deals[0]))
        for start in range(0, len(deals) if len(deals) > 1 else 0, BOARDS_PER_BATCH):
            results.extend(dds.analyse_all_starts(deals[start : start + BOARDS_PER_BATCH]))
    return [_split(dealer, tricks) for (_, dealer, _), tricks in zip(items, results, strict=True)]


def _table_from(types: ModuleType, table: Any) -> DDTable:
    rows = []
    for seat in Seat:
        player = types.Player(int(seat))
        rows.append(tuple(int(table[_denom(types, strain), player]) for strain in STRAINS))
    return DDTable(tuple(rows))


def dd_table(deal: Deal) -> DDTable:
    """The double-dummy tricks of every declarer in every strain (see :class:`DDTable`)."""
    return dd_tables_many([deal])[0]


def dd_tables_many(deals: Sequence[Deal]) -> list[DDTable]:
    """:func:`dd_table` for many deals at once, in the same order."""
    types, dds = _endplay()
    if not deals:
        return []
    converted = [_to_endplay(types, deal) for deal in deals]
    tables: list[Any] = []
    with DDS_LOCK:
        if len(converted) == 1:
            tables.append(dds.calc_dd_table(converted[0]))
        for start in range(0, len(converted) if len(converted) > 1 else 0, TABLES_PER_BATCH):
            tables.extend(dds.calc_all_tables(converted[start : start + TABLES_PER_BATCH]))
    return [_table_from(types, table) for table in tables]


def analyse_boards(boards: Sequence[Board]) -> list[Board]:
    """The boards with their double-dummy tables filled in (boards that have one are kept)."""
    todo = [board for board in boards if board.dd_tricks is None]
    tables = iter(dd_tables_many([board.deal for board in todo]))
    return [
        board if board.dd_tricks is not None else dataclasses.replace(board, dd_tricks=next(tables))
        for board in boards
    ]
