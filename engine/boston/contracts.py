"""Boston contracts and calls: every contract of every variant, its ladder and suit order.

``Level`` names every contract of every ladder (the Spanish seed's, the Anglo-American and
Fontainebleau ones, rules.md §10.2–§10.5); :func:`ladder` gives a variant's order, lowest
first, and :func:`suit_rank` how equal bids rank by suit. :mod:`engine.boston.auction`
re-exports all of these names.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from engine.boston.variants import BostonProfile, Ladder, SuitOrder
from engine.cards import Seat, Suit
from engine.errors import BostonError


class Level(IntEnum):
    """Every contract of every ladder. The numbers are stable names, not the order: a
    variant's order is its ladder (:func:`ladder`); for Spanish Boston they agree."""

    PIDO = 1
    PEQUENA_INDEPENDENCIA = 2
    PEQUENA_MISERIA = 3
    GRAN_INDEPENDENCIA = 4
    GRAN_MISERIA = 5
    INDEPENDENCIA_DE_NUEVE = 6
    MISERIA_CUATRO_ASES = 7
    MISERIA_EN_LA_MESA = 8
    # Boston de Fontainebleau (rules.md §10.5)
    DEMANDE = 9
    CHELEM = 10
    # Anglo-American Boston (rules.md §10.3)
    FIVE = 11
    SIX = 12
    SEVEN = 13
    EIGHT = 14
    NINE = 15
    TEN = 16
    ELEVEN = 17
    TWELVE = 18
    THIRTEEN = 19
    LITTLE_MISERE = 20
    GRAND_MISERE = 21
    LITTLE_SPREAD = 22
    GRAND_SPREAD = 23

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def is_misere(self) -> bool:
        return self in _MISERES

    @property
    def discards(self) -> bool:
        """Every player discards one card before play; 12 tricks are played."""
        return self in _DISCARDS

    @property
    def is_open(self) -> bool:
        """The declarer's cards lie face up (miseria en la mesa, the spreads)."""
        return self in _OPEN

    @property
    def supportable(self) -> bool:
        """Another player may support it (sostengo / je soutiens): together 8 tricks."""
        return self in _SUPPORTABLE

    @property
    def tricks_played(self) -> int:
        """Tricks in the hand: 12 after the discard, else 13."""
        return 12 if self.discards else 13

    @property
    def tricks(self) -> int:
        """Tricks the declarer undertakes (a misère: the most he may take, 0)."""
        return _TRICKS.get(self, 0)


_MISERES = frozenset(level for level in Level if "MISER" in level.name or "SPREAD" in level.name)
_DISCARDS = frozenset((Level.PEQUENA_MISERIA, Level.LITTLE_MISERE, Level.LITTLE_SPREAD))
_OPEN = frozenset((Level.MISERIA_EN_LA_MESA, Level.LITTLE_SPREAD, Level.GRAND_SPREAD))
_SUPPORTABLE = frozenset((Level.PIDO, Level.DEMANDE))
_TRICKS = {
    Level.PIDO: 5,
    Level.PEQUENA_INDEPENDENCIA: 6,
    Level.GRAN_INDEPENDENCIA: 8,
    Level.INDEPENDENCIA_DE_NUEVE: 9,
    Level.DEMANDE: 5,
    Level.CHELEM: 13,
    **{level: 5 + i for i, level in enumerate(list(Level)[10:19])},
}
_LABELS = {
    Level.PIDO: "pido",
    Level.PEQUENA_INDEPENDENCIA: "pequeña independencia",
    Level.PEQUENA_MISERIA: "pequeña miseria",
    Level.GRAN_INDEPENDENCIA: "gran independencia",
    Level.GRAN_MISERIA: "gran miseria",
    Level.INDEPENDENCIA_DE_NUEVE: "independencia de nueve",
    Level.MISERIA_CUATRO_ASES: "miseria de cuatro ases",
    Level.MISERIA_EN_LA_MESA: "miseria en la mesa",
    Level.DEMANDE: "demande",
    Level.CHELEM: "chelem",
    Level.FIVE: "5 (boston)",
    Level.SIX: "6",
    Level.SEVEN: "7",
    Level.EIGHT: "8",
    Level.NINE: "9",
    Level.TEN: "10",
    Level.ELEVEN: "11",
    Level.TWELVE: "12",
    Level.THIRTEEN: "13 (grand slam)",
    Level.LITTLE_MISERE: "little misère",
    Level.GRAND_MISERE: "grand misère",
    Level.LITTLE_SPREAD: "little spread",
    Level.GRAND_SPREAD: "grand spread",
}
L = Level
_LADDERS: dict[Ladder, tuple[Level, ...]] = {
    Ladder.SPANISH: tuple(level for level in Level if level <= Level.MISERIA_EN_LA_MESA),
    # pokerwiner / Foster's first rungs / old Hoyle (rules.md §10.3), lowest first
    Ladder.ANGLO_AMERICAN: (
        L.FIVE,
        L.SIX,
        L.SEVEN,
        L.LITTLE_MISERE,
        L.EIGHT,
        L.NINE,
        L.GRAND_MISERE,
        L.TEN,
        L.ELEVEN,
        L.LITTLE_SPREAD,
        L.TWELVE,
        L.GRAND_SPREAD,
        L.THIRTEEN,
    ),
    # rules.md §10.5 names only the lowest bid and the highest; the rungs between are open
    Ladder.FONTAINEBLEAU: (L.DEMANDE, L.CHELEM),
}
del L


def ladder(profile: BostonProfile) -> tuple[Level, ...]:
    """The profile's contracts, lowest first.

    >>> from engine.boston.variants import ANGLO_AMERICAN
    >>> [level.label for level in ladder(ANGLO_AMERICAN)[2:5]]
    ['7', 'little misère', '8']
    """
    return _LADDERS[profile.ladder]


def suit_rank(profile: BostonProfile, suit: Suit | None, turned: Suit | None = None) -> int:
    """How a trick bid's suit ranks against another at the same level (higher wins).

    ``None`` is no trump ("grand", Fontainebleau only). The preference order needs the
    suit turned this deal: preference 2, the same colour 1, the other two (plain) 0.

    >>> from engine.boston.variants import ANGLO_AMERICAN, FONTAINEBLEAU
    >>> [suit_rank(FONTAINEBLEAU, s) for s in (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS, None)]
    [0, 1, 2, 3, 4]
    >>> [suit_rank(ANGLO_AMERICAN, s, Suit.HEARTS) for s in Suit]
    [0, 1, 2, 0]
    """
    order = profile.suit_order
    if order is SuitOrder.FONTAINEBLEAU:
        return 4 if suit is None else _FONTAINEBLEAU_RANK[suit]
    if suit is None:
        raise BostonError(
            "only Boston de Fontainebleau bids without a trump (grand)",
            code="boston_contracts_boston_de_fontainebleau_bids_without",
        )
    if order is SuitOrder.PREFERENCE:
        if turned is None:
            raise BostonError(
                "the preference order needs the suit turned this deal",
                code="boston_contracts_preference_order_needs_suit_turned",
            )
        if suit == turned:
            return 2
        return 1 if _RED[suit] == _RED[turned] else 0
    return int(suit)


_FONTAINEBLEAU_RANK = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.HEARTS: 2, Suit.DIAMONDS: 3}
_RED = {Suit.CLUBS: False, Suit.DIAMONDS: True, Suit.HEARTS: True, Suit.SPADES: False}


@dataclass(frozen=True)
class Call:
    """One call: ``kind`` is "pass", "sostengo" or "bid" (with level and, for trick bids,
    suit; a trick bid without a suit is Fontainebleau's "grand", no trump)."""

    kind: str
    level: Level | None = None
    suit: Suit | None = None

    def rank(self) -> tuple[int, int]:
        """Spanish order (level number, then suit); :meth:`Auction.rank` for any variant."""
        return (int(self.level or 0), int(self.suit) if self.suit is not None else -1)

    def __str__(self) -> str:
        if self.kind != "bid":
            return self.kind
        assert self.level is not None
        if self.level.is_misere:
            return self.level.label
        suit = "grand" if self.suit is None else self.suit.name.lower()
        return f"{self.level.label} in {suit}"


PASS = Call("pass")
SOSTENGO = Call("sostengo")


def bid(level: Level, suit: Suit | None = None) -> Call:
    """A bid; trick contracts name a suit (or none: grand), misères take none."""
    return Call("bid", level, None if level.is_misere else suit)


@dataclass(frozen=True)
class Contract:
    """The auction's outcome: declarer, supporter if any, level and suit (None: a misère,
    or a trick contract in no trump)."""

    declarer: Seat
    level: Level
    suit: Suit | None = None
    supporter: Seat | None = None

    @property
    def tricks(self) -> int:
        return 8 if self.supporter is not None else self.level.tricks


# --- calls as text, and a contract given without its auction ------------------------------

_PASS_WORDS = {"pass": "pass", "paso": "pass", "sostengo": "sostengo"}


def parse_call(text: str) -> Call:
    """A call from its written form, strictly: ``pass`` (or ``paso``), ``sostengo``, a misère
    by its name (``GRAN_MISERIA``) and a trick bid as ``LEVEL:SUIT`` (``PIDO:H``; Fontainebleau's
    grand has no suit). Case does not matter; :func:`call_text` gives the one stored spelling.
    A suit on a misère, an unknown contract or suit, or anything else is a :class:`BostonError`.

    >>> call_text(parse_call(" pido:h "))
    'PIDO:H'
    """
    key = text.strip()
    if key.lower() in _PASS_WORDS:
        return PASS if _PASS_WORDS[key.lower()] == "pass" else SOSTENGO
    name, colon, letter = key.upper().partition(":")
    level = Level.__members__.get(name)
    suit = {s.letter: s for s in Suit}.get(letter) if colon else None
    if level is None or (colon and suit is None):
        raise BostonError(
            f"{text!r} is not a Boston call", code="boston_call_unreadable", params={"call": text}
        )
    if level.is_misere and colon:
        raise BostonError(
            f"{level.label} is a misère: it has no trump suit",
            code="boston_misere_has_no_trump",
            params={"contract": level.label},
        )
    return bid(level, suit)


def call_text(call: Call) -> str:
    """The stored spelling of a call: ``pass``, ``sostengo``, ``GRAN_MISERIA``, ``PIDO:H``."""
    if call.kind != "bid":
        return call.kind
    assert call.level is not None
    return call.level.name + (f":{call.suit.letter}" if call.suit is not None else "")


def contract_check(
    profile: BostonProfile,
    level: Level,
    declarer: Seat,
    suit: Suit | None = None,
    supporter: Seat | None = None,
) -> Contract:
    """A contract entered without its auction, checked against the variant: a rung of its
    ladder; a misère without a trump suit; a trick contract with one (Fontainebleau's grand
    excepted); a supporter only for a pido or a demande, and not the declarer himself."""
    if level not in ladder(profile):
        variant = profile.ladder.value
        raise BostonError(
            f"{level.label} is not a contract of this Boston ({variant})",
            code="boston_contract_not_in_ladder",
            params={"contract": level.label, "variant": variant},
        )
    if level.is_misere and suit is not None:
        raise BostonError(
            f"{level.label} is a misère: it has no trump suit",
            code="boston_misere_has_no_trump",
            params={"contract": level.label},
        )
    grand = profile.suit_order is SuitOrder.FONTAINEBLEAU
    if not level.is_misere and suit is None and not grand:
        raise BostonError(
            f"{level.label} needs a trump suit",
            code="boston_bid_needs_trump",
            params={"contract": level.label},
        )
    if supporter is not None and (not level.supportable or supporter == declarer):
        raise BostonError(
            "only another player can support, and only a pido or a demande",
            code="boston_support_invalid",
        )
    return Contract(declarer, level, suit, supporter)
