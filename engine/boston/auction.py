"""The Spanish Boston auction as a state machine (seed page 2; rules.md §10.2).

Bidding starts left of the dealer and goes clockwise. A call is ``pass``, ``pido`` in a suit
(5 tricks), ``sostengo`` (support the standing pido: the supporter takes 3, together 8; after
it nobody else speaks), or a solo contract. Solo contracts outrank by level: pequeña
independencia (6) < pequeña miseria < gran independencia (8) < gran miseria < independencia de
nueve (9) < miseria de cuatro ases < miseria en la mesa; equal levels rank by suit. A player
who passed stays out (a profile with ``passed_may_bid_misere`` lets him back with a misère).
The auction ends when every other player has passed after the highest call (the pido then
stands alone if nobody supported), after a sostengo, or when all four pass (``redeal``, or
misère partout per the profile).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from engine.boston.variants import AllPass, BostonProfile
from engine.cards import Seat, Suit
from engine.errors import BostonError


class Level(IntEnum):
    """Contracts by rank, lowest first; the value orders them."""

    PIDO = 1
    PEQUENA_INDEPENDENCIA = 2
    PEQUENA_MISERIA = 3
    GRAN_INDEPENDENCIA = 4
    GRAN_MISERIA = 5
    INDEPENDENCIA_DE_NUEVE = 6
    MISERIA_CUATRO_ASES = 7
    MISERIA_EN_LA_MESA = 8

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def is_misere(self) -> bool:
        return "MISERIA" in self.name

    @property
    def tricks(self) -> int:
        """Tricks the declarer undertakes (a misère: the most he may take, 0)."""
        return {1: 5, 2: 6, 4: 8, 6: 9}.get(int(self), 0)


_LABELS = {
    Level.PIDO: "pido",
    Level.PEQUENA_INDEPENDENCIA: "pequeña independencia",
    Level.PEQUENA_MISERIA: "pequeña miseria",
    Level.GRAN_INDEPENDENCIA: "gran independencia",
    Level.GRAN_MISERIA: "gran miseria",
    Level.INDEPENDENCIA_DE_NUEVE: "independencia de nueve",
    Level.MISERIA_CUATRO_ASES: "miseria de cuatro ases",
    Level.MISERIA_EN_LA_MESA: "miseria en la mesa",
}


@dataclass(frozen=True)
class Call:
    """One call: ``kind`` is "pass", "sostengo" or "bid" (with level and, for trick bids, suit)."""

    kind: str
    level: Level | None = None
    suit: Suit | None = None

    def rank(self) -> tuple[int, int]:
        return (int(self.level or 0), int(self.suit) if self.suit is not None else -1)

    def __str__(self) -> str:
        if self.kind != "bid":
            return self.kind
        assert self.level is not None
        return self.level.label + (f" in {self.suit.name.lower()}" if self.suit is not None else "")


PASS = Call("pass")
SOSTENGO = Call("sostengo")


def bid(level: Level, suit: Suit | None = None) -> Call:
    """A bid; trick contracts need a suit, misères take none."""
    return Call("bid", level, None if level.is_misere else suit)


@dataclass(frozen=True)
class Contract:
    """The auction's outcome: declarer, supporter if any, level and suit."""

    declarer: Seat
    level: Level
    suit: Suit | None = None
    supporter: Seat | None = None

    @property
    def tricks(self) -> int:
        return 8 if self.supporter is not None else self.level.tricks


class Auction:
    """A Boston auction. ``names`` maps seats to players' names for messages."""

    def __init__(
        self, dealer: Seat, profile: BostonProfile, names: dict[Seat, str] | None = None
    ) -> None:
        self.profile = profile
        self.names = names or {}
        self.turn = dealer.left
        self.passed: set[Seat] = set()
        self.high: tuple[Seat, Call] | None = None
        self.supporter: Seat | None = None
        self.history: list[tuple[Seat, Call]] = []
        self._since: set[Seat] = set()  # seats that passed since the highest call

    def _name(self, seat: Seat) -> str:
        return self.names.get(seat, seat.name)

    @property
    def is_over(self) -> bool:
        if self.supporter is not None:
            return True
        if self.high is None:
            return len(self.passed) == 4
        others = {s for s in Seat if s != self.high[0] and self._may_speak(s)}
        return others <= self._since

    def _may_speak(self, seat: Seat) -> bool:
        """A passed player speaks again only to support a pido, or with a misère if allowed."""
        if seat not in self.passed or self.profile.passed_may_bid_misere:
            return True
        return self.high is not None and self.high[1].level is Level.PIDO

    @property
    def redeal(self) -> bool:
        """True when all four passed and the profile redeals."""
        return self.is_over and self.high is None and self.profile.all_pass is AllPass.REDEAL

    @property
    def misere_partout(self) -> bool:
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
        return [c for c in _ALL_CALLS if self._refusal(self.turn, c) is None]

    def call(self, seat: Seat, call: Call) -> None:
        """Make a call, or raise BostonError saying why it is refused."""
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

    def _refusal(self, seat: Seat, call: Call) -> str | None:
        who = self._name(seat)
        if self.is_over:
            return "the auction is over"
        if seat != self.turn:
            return f"it is {self._name(self.turn)}'s turn, not {who}'s"
        if call.kind == "pass":
            return None
        misere_back = self.profile.passed_may_bid_misere and call.level and call.level.is_misere
        if seat in self.passed and call.kind != "sostengo" and not misere_back:
            return f"{who} passed and cannot bid again"
        if call.kind == "sostengo":
            if self.high is None or self.high[1].level is not Level.PIDO:
                return "sostengo needs a standing pido to support"
            if self.high[0] == seat:
                return f"{who} cannot support his own pido"
            return None
        if call.level is None or (call.suit is None) != call.level.is_misere:
            return f"{call} is not a complete bid"
        if self.high is not None and call.rank() <= self.high[1].rank():
            return f"{call} does not outrank {self.high[1]}"
        return None


_ALL_CALLS = [PASS, SOSTENGO] + [
    bid(level, suit)
    for level in Level
    for suit in ([None] if level.is_misere else list(Suit))  # type: ignore[list-item]
]
