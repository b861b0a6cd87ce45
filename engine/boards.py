"""Boards: a numbered deal with its dealer and trump, as played in a duplicate event or a
whist drive.

Contract:

* Board ``n`` (from 1) is dealt by N, E, S, W in turn: :func:`board_dealer`.
* Its trump follows the event's :class:`TrumpScheme` (rules.md §9, Decision 7):
  ``HDSC`` (default) hearts, diamonds, spades, clubs by ``(n-1) % 4``; ``NT_SHDC`` no trump,
  spades, hearts, diamonds, clubs by ``(n-1) % 5``; ``TURNED`` the suit of the deal's turned
  card (the last card dealt, the dealer's). ``None`` stands for no trump.
* :class:`DDTable` holds double-dummy tricks for every declarer and strain; for a whist board
  the "declarer" is the dealer, because the player on the dealer's left leads.

>>> board_dealer(5), board_trump(2, TrumpScheme.HDSC), board_trump(6, TrumpScheme.NT_SHDC)
(<Seat.N: 0>, <Suit.DIAMONDS: 1>, None)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.cards import Seat, Side, Suit
from engine.deal import Deal, deal_from_seed
from engine.errors import DealError

__all__ = [
    "TrumpScheme",
    "board_dealer",
    "board_trump",
    "Board",
    "DDTable",
    "STRAINS",
    "make_board",
    "board_set",
]


class TrumpScheme(enum.StrEnum):
    """How an event chooses each board's trump (a per-event setting)."""

    HDSC = "hdsc"
    NT_SHDC = "nt_shdc"
    TURNED = "turned"


_HDSC = (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS)
_NT_SHDC = (None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

#: The five strains in the order of PBN double-dummy tables: no trump, then S, H, D, C.
STRAINS: tuple[Suit | None, ...] = (None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def _check_number(number: int) -> None:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise DealError(
            f"board numbers start at 1, not {number!r}",
            code="boards_board_numbers_start",
            params={"number": repr(number)},
        )


def board_dealer(number: int) -> Seat:
    """The dealer of board ``number``: 1 N, 2 E, 3 S, 4 W, 5 N …"""
    _check_number(number)
    return Seat((number - 1) % 4)


def board_trump(number: int, scheme: TrumpScheme, deal: Deal | None = None) -> Suit | None:
    """The trump of board ``number`` under ``scheme`` (``None`` = no trump). ``TURNED`` needs a
    ``deal`` whose turned card is known."""
    _check_number(number)
    scheme = TrumpScheme(scheme)
    if scheme is TrumpScheme.HDSC:
        return _HDSC[(number - 1) % 4]
    if scheme is TrumpScheme.NT_SHDC:
        return _NT_SHDC[(number - 1) % 5]
    if deal is None or deal.turned is None:
        raise DealError(
            f"board {number}: the trump is the turned card, but it is not known",
            code="turned_card_unknown",
            params={"board": number},
        )
    return deal.turned.suit


@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy tricks for each declarer and strain: ``tricks[seat][i]`` is what
    ``seat``'s side takes with ``STRAINS[i]`` as trump when ``seat.left`` leads."""

    tricks: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if len(self.tricks) != 4 or any(len(row) != 5 for row in self.tricks):
            raise DealError(
                "a double-dummy table has 5 strains for each of 4 seats",
                code="boards_double_dummy_table_strains_each",
            )
        for seat in Seat:
            for count in self.tricks[seat]:
                if not 0 <= count <= 13:
                    raise DealError(
                        f"{seat} cannot take {count} tricks",
                        code="boards_take_tricks",
                        params={"seat": str(seat), "count": str(count)},
                    )

    def declarer_tricks(self, declarer: Seat, trump: Suit | None) -> int:
        """Tricks for ``declarer``'s side with ``trump`` when ``declarer.left`` leads."""
        return self.tricks[declarer][STRAINS.index(trump)]

    def whist_tricks(self, dealer: Seat, trump: Suit | None) -> tuple[int, int]:
        """``(NS, EW)`` tricks with perfect play on a whist board dealt by ``dealer``."""
        own = self.declarer_tricks(dealer, trump)
        return (own, 13 - own) if dealer.side is Side.NS else (13 - own, own)


@dataclass(frozen=True, slots=True)
class Board:
    """Board ``number`` of a set: who deals, the trump (``None`` = no trump), the deal, and
    the double-dummy table when it has been computed."""

    number: int
    dealer: Seat
    trump: Suit | None
    deal: Deal
    dd_tricks: DDTable | None = None

    def __post_init__(self) -> None:
        _check_number(self.number)
        turned = self.deal.turned
        if turned is not None and turned not in self.deal.hand(self.dealer):
            raise DealError(
                f"board {self.number}: the turned card {turned} is not the dealer's ({self.dealer})",
                code="boards_board_turned_card_dealer_s",
                params={
                    "number": str(self.number),
                    "turned": str(turned),
                    "dealer": str(self.dealer),
                },
            )

    @property
    def leader(self) -> Seat:
        """The player who leads to the first trick: the dealer's left."""
        return self.dealer.left

    @property
    def dd_result(self) -> tuple[int, int] | None:
        """``(NS, EW)`` double-dummy tricks for this board's trump and leader, if known."""
        if self.dd_tricks is None:
            return None
        return self.dd_tricks.whist_tricks(self.dealer, self.trump)


def make_board(
    number: int,
    deal: Deal,
    scheme: TrumpScheme = TrumpScheme.HDSC,
    dd_tricks: DDTable | None = None,
) -> Board:
    """Board ``number`` of a set with ``deal``: dealer and trump come from the number and the
    ``scheme``."""
    return Board(number, board_dealer(number), board_trump(number, scheme, deal), deal, dd_tricks)


def board_set(
    count: int, seed: int | str | bytes, scheme: TrumpScheme = TrumpScheme.HDSC, first: int = 1
) -> tuple[Board, ...]:
    """``count`` boards numbered from ``first``, each dealt by its own dealer from the seed
    ``f"{seed}/{number}"`` (see :func:`engine.deal.deal_from_seed`): the same set every time."""
    boards = []
    for number in range(first, first + count):
        deal = deal_from_seed(f"{seed}/{number}", board_dealer(number))
        boards.append(make_board(number, deal, scheme))
    return tuple(boards)
