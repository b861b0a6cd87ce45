"""The Boston auction as a state machine (seed page 2; rules.md §10.2, §10.3, §10.5).

Bidding starts left of the dealer and goes clockwise. A call is ``pass``, a bid, or
``sostengo`` (support the standing pido or demande: the supporter takes 3, together 8;
after it nobody else speaks). A bid outranks the standing one by its rung on the variant's
ladder, then by suit (the profile's ``suit_order``):

* Spanish (the seed): pido (5, in the pequeño or the bueno) < pequeña independencia (6) <
  pequeña miseria < gran independencia (8) < gran miseria < independencia de nueve (9) <
  miseria de cuatro ases < miseria en la mesa.
* Anglo-American: 5 < 6 < 7 < little misère < 8 < 9 < grand misère < 10 < 11 < little spread
  < 12 < grand spread < 13; trick bids rank plain < colour < preference; no supporting.
* Fontainebleau: demande (5, supportable) < chelem (13), suits S < C < H < D < grand.

A player who passed stays out (a profile with ``passed_may_bid_misere`` lets him back with a
misère); one who passed before a pido may still support it. The auction ends when every
other player has passed after the highest call (a pido then stands alone if nobody
supported), after a sostengo, or when all four pass (``redeal``, or ``misere_partout`` per
the profile's ``all_pass``). A refused call raises :class:`BostonError` with the reason and
changes nothing.

>>> from engine.boston.variants import ANGLO_AMERICAN
>>> a = Auction(Seat.N, ANGLO_AMERICAN, turned=Suit.HEARTS)
>>> a.call(Seat.E, bid(Level.SIX, Suit.CLUBS))
>>> a.call(Seat.S, bid(Level.SIX, Suit.DIAMONDS))  # colour beats plain
>>> a.call(Seat.W, PASS)
>>> a.call(Seat.N, PASS)
>>> a.call(Seat.E, bid(Level.SIX, Suit.HEARTS))  # preference beats colour
>>> for seat in (Seat.S, Seat.W, Seat.N):
...     a.call(seat, PASS)
>>> a.contract
Contract(declarer=<Seat.E: 1>, level=<Level.SIX: 12>, suit=<Suit.HEARTS: 2>, supporter=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import cache

from engine.boston.variants import AllPass, BostonProfile, Ladder, SuitOrder
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
        raise BostonError("only Boston de Fontainebleau bids without a trump (grand)")
    if order is SuitOrder.PREFERENCE:
        if turned is None:
            raise BostonError("the preference order needs the suit turned this deal")
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


_SEATS = tuple(Seat)


@cache
def _every_call(kind: Ladder, suit_order: SuitOrder) -> tuple[Call, ...]:
    """Every call a variant knows, for :meth:`Auction.legal_calls` to filter."""
    suits: list[Suit | None] = list(Suit)
    if suit_order is SuitOrder.FONTAINEBLEAU:
        suits.append(None)  # grand
    bids = [
        bid(level, suit)
        for level in _LADDERS[kind]
        for suit in ([None] if level.is_misere else suits)
    ]
    return (PASS, SOSTENGO, *bids)


class Auction:
    """A Boston auction. ``names`` maps seats to players' names for messages.

    ``turned`` is the suit turned this deal (the pequeño; the preference in the
    Anglo-American order, which needs it) and ``first_turned`` the suit turned on the first
    deal of the game (the bueno). When both are given, a Spanish pido must be in one of them.
    """

    def __init__(
        self,
        dealer: Seat,
        profile: BostonProfile,
        names: dict[Seat, str] | None = None,
        *,
        turned: Suit | None = None,
        first_turned: Suit | None = None,
    ) -> None:
        if profile.suit_order is SuitOrder.PREFERENCE and turned is None:
            raise BostonError("this Boston ranks suits by preference: give the suit turned")
        self.profile = profile
        self.names = names or {}
        self.turned = turned
        self.first_turned = first_turned
        self.ladder = ladder(profile)
        self._position = {level: i for i, level in enumerate(self.ladder)}
        self.turn = dealer.left
        self.passed: set[Seat] = set()
        self.high: tuple[Seat, Call] | None = None
        self.supporter: Seat | None = None
        self.history: list[tuple[Seat, Call]] = []
        self._since: set[Seat] = set()  # seats that passed since the highest call
        self._calls = _every_call(profile.ladder, profile.suit_order)

    def _name(self, seat: Seat) -> str:
        return self.names.get(seat, seat.name)

    def rank(self, call: Call) -> tuple[int, int]:
        """Where a bid stands in this variant: its rung on the ladder, then its suit."""
        assert call.level is not None
        if call.level.is_misere:
            return (self._position[call.level], -1)
        return (self._position[call.level], suit_rank(self.profile, call.suit, self.turned))

    @property
    def is_over(self) -> bool:
        if self.supporter is not None:
            return True
        if self.high is None:
            return len(self.passed) == 4
        others = {s for s in _SEATS if s != self.high[0] and self._may_speak(s)}
        return others <= self._since

    def _may_speak(self, seat: Seat) -> bool:
        """A passed player speaks again only to support a pido, or with a misère if allowed."""
        if seat not in self.passed or self.profile.passed_may_bid_misere:
            return True
        return self.high is not None and bool(self.high[1].level and self.high[1].level.supportable)

    @property
    def redeal(self) -> bool:
        """True when all four passed and the profile redeals."""
        return self.is_over and self.high is None and self.profile.all_pass is AllPass.REDEAL

    @property
    def misere_partout(self) -> bool:
        """True when all four passed and the hand is played anyway (the profile's
        ``all_pass``: misère partout, or the pool to the fewest tricks)."""
        return self.is_over and self.high is None and not self.redeal

    @property
    def contract(self) -> Contract | None:
        if not self.is_over or self.high is None:
            return None
        seat, call = self.high
        assert call.level is not None
        return Contract(seat, call.level, call.suit, self.supporter)

    def legal_calls(self) -> list[Call]:
        """Every call the player to speak may make now."""
        if self.is_over:
            return []
        turn = self.turn
        return [c for c in self._calls if self._refusal(turn, c, running=True) is None]

    def refusal(self, seat: Seat, call: Call) -> str | None:
        """Why ``seat`` may not make ``call`` now, or None if it may (nothing changes)."""
        return self._refusal(seat, call)

    def call(self, seat: Seat, call: Call) -> None:
        """Make a call, or raise BostonError saying why it is refused (nothing changes)."""
        reason = self._refusal(seat, call)
        if reason is not None:
            raise BostonError(reason)
        self.history.append((seat, call))
        if call.kind == "pass":
            self.passed.add(seat)
            self._since.add(seat)
        elif call.kind == "sostengo":
            self.supporter = seat
        else:
            self.high = (seat, call)
            self._since = set()
        self._advance()

    def _advance(self) -> None:
        if self.is_over:
            return
        seat = self.turn.left
        for _ in range(4):
            is_high = self.high is not None and self.high[0] == seat
            if not is_high and seat not in self._since and self._may_speak(seat):
                break
            if self.high is None and seat not in self.passed:
                break
            seat = seat.left
        self.turn = seat

    def _refusal(self, seat: Seat, call: Call, running: bool = False) -> str | None:
        who = self._name(seat)
        if not running and self.is_over:
            return "the auction is over"
        if seat != self.turn:
            return f"it is {self._name(self.turn)}'s turn, not {who}'s"
        if call.kind == "pass":
            return None
        if call.kind not in ("sostengo", "bid"):
            return f"{call.kind!r} is not a call (pass, sostengo or a bid)"
        misere_back = self.profile.passed_may_bid_misere and call.level and call.level.is_misere
        if seat in self.passed and call.kind != "sostengo" and not misere_back:
            if self.profile.passed_may_bid_misere:
                return f"{who} passed and may come back only with a misère"
            return f"{who} passed and cannot bid again"
        if call.kind == "sostengo":
            return self._support_refusal(seat, who)
        return self._bid_refusal(call)

    def _support_refusal(self, seat: Seat, who: str) -> str | None:
        if self.high is None or not (self.high[1].level and self.high[1].level.supportable):
            return "sostengo needs a standing pido to support"
        if self.high[0] == seat:
            return f"{who} cannot support his own pido"
        return None

    def _bid_refusal(self, call: Call) -> str | None:
        level = call.level
        if level is None or (level.is_misere and call.suit is not None):
            return f"{call} is not a complete bid"
        if level not in self._position:
            return f"{level.label} is not a contract of {self.profile.ladder.value} Boston"
        grand = self.profile.suit_order is SuitOrder.FONTAINEBLEAU
        if not level.is_misere and call.suit is None and not grand:
            return f"{level.label} needs a trump suit"
        if level is Level.PIDO and None not in (self.turned, self.first_turned):
            allowed = {self.turned, self.first_turned}
            if call.suit not in allowed:
                names = " or ".join(sorted(s.name.lower() for s in allowed if s is not None))
                return f"a pido is in the pequeño or the bueno ({names})"
        if self.high is not None and self.rank(call) <= self.rank(self.high[1]):
            return f"{call} does not outrank {self.high[1]}"
        return None
