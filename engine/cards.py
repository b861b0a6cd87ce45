"""Suits, ranks, cards, seats and sides: the vocabulary every other engine module uses.

Contract:

* There are exactly 52 :class:`Card` objects; ``Card(suit, rank)`` always returns the same
  object, so cards compare by identity, hash by their index (0–51) and are cheap to keep in
  sets. ``Card.parse("AS")``, ``Card.parse("TD")`` and ``Card.parse("10d")`` all work; ``str``
  gives the short form (``"AS"``, ``"TD"``).
* Seats are ``N E S W`` clockwise; play and the deal pass to the left
  (``Seat.N.left is Seat.E``). Partners sit opposite; sides are ``NS`` and ``EW``.

>>> from engine.cards import Card, Seat, Suit, Rank
>>> Card.parse("10d") is Card(Suit.DIAMONDS, Rank.TEN)
True
>>> str(Card.parse("as")), Seat.N.left, Seat.N.partner, Seat.E.side
('AS', <Seat.E: 1>, <Seat.S: 2>, <Side.EW: 1>)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from engine.errors import CardError

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "Seat",
    "Side",
    "FULL_DECK",
    "SUITS_PBN_ORDER",
    "parse_cards",
    "format_cards",
]


class Suit(enum.IntEnum):
    """The four suits, numbered in bridge order from the lowest (clubs) to the highest."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter (``S H D C``), its English name or its symbol."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.name, suit.name.rstrip("S"), suit.symbol):
                return suit
        raise CardError(
            f"'{text}' is not a suit (use S, H, D or C)",
            code="suit_unreadable",
            params={"text": str(text)},
        )

    def __str__(self) -> str:
        return self.letter


#: Suits in the order hands are written (PBN, hand records): spades, hearts, diamonds, clubs.
SUITS_PBN_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Rank(enum.IntEnum):
    """Card ranks; the ace is high."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        if len(key) == 1 and key in "23456789TJQKA":
            return cls("23456789TJQKA".index(key) + 2)
        raise CardError(
            f"'{text}' is not a rank (use A K Q J T 9 … 2)",
            code="rank_unreadable",
            params={"text": str(text)},
        )

    def __str__(self) -> str:
        return self.letter


class Card:
    """One of the 52 cards. Interned: ``Card(s, r) is Card(s, r)``."""

    __slots__ = ("suit", "rank", "index")
    _all: list[Card | None] = [None] * 52
    suit: Suit
    rank: Rank
    index: int

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        index = int(suit) * 13 + int(rank) - 2
        card = cls._all[index]
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "suit", Suit(suit))
            object.__setattr__(card, "rank", Rank(rank))
            object.__setattr__(card, "index", index)
            cls._all[index] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card numbered ``index`` (0 = 2C … 51 = AS): suit-major, rank ascending."""
        if not 0 <= index < 52:
            raise CardError(
                f"card index {index} is outside 0–51",
                code="cards_card_index_outside",
                params={"index": str(index)},
            )
        return cls(Suit(index // 13), Rank(index % 13 + 2))

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card written rank-then-suit (``AS``, ``TD``, ``10D``) or suit-then-rank (``SA``)."""
        key = text.strip().upper()
        if len(key) < 2 or len(key) > 3:
            raise CardError(
                f"'{text}' is not a card (write it like AS, TD or 10D)",
                code="card_unreadable",
                params={"text": str(text)},
            )
        try:
            return cls(Suit.parse(key[-1]), Rank.parse(key[:-1]))
        except CardError:
            pass
        try:
            return cls(Suit.parse(key[0]), Rank.parse(key[1:]))
        except CardError:
            raise CardError(
                f"'{text}' is not a card (write it like AS, TD or 10D)",
                code="card_unreadable",
                params={"text": str(text)},
            ) from None


#: The 52 cards in index order.
FULL_DECK: tuple[Card, ...] = tuple(Card.from_index(i) for i in range(52))


class Side(enum.IntEnum):
    """A partnership: North–South or East–West."""

    NS = 0
    EW = 1

    @property
    def other(self) -> Side:
        return Side(1 - self)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @classmethod
    def parse(cls, text: str) -> Side:
        key = text.strip().upper().replace("-", "").replace("/", "")
        if key in ("NS", "SN"):
            return cls.NS
        if key in ("EW", "WE"):
            return cls.EW
        raise CardError(
            f"'{text}' is not a side (use NS or EW)",
            code="side_unreadable",
            params={"text": str(text)},
        )

    def __str__(self) -> str:
        return self.name


class Seat(enum.IntEnum):
    """A seat at the table, clockwise from North."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def left(self) -> Seat:
        """The next seat clockwise: the next to play, and the next dealer."""
        return Seat((self + 1) % 4)

    @property
    def right(self) -> Seat:
        return Seat((self + 3) % 4)

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def side(self) -> Side:
        return Side(self % 2)

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = text.strip().upper()
        for seat in cls:
            if key in (
                seat.name,
                {"N": "NORTH", "E": "EAST", "S": "SOUTH", "W": "WEST"}[seat.name],
            ):
                return seat
        raise CardError(
            f"'{text}' is not a seat (use N, E, S or W)",
            code="seat_unreadable",
            params={"text": str(text)},
        )

    def __str__(self) -> str:
        return self.name


def parse_cards(text: str) -> list[Card]:
    """Cards separated by spaces or commas: ``"AS KS 10D 2C"``."""
    return [Card.parse(token) for token in text.replace(",", " ").split()]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)
