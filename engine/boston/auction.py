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

from functools import cache

from engine.boston.contracts import (
    _LADDERS,
    PASS,
    SOSTENGO,
    Call,
    Contract,
    Level,
    bid,
    ladder,
    suit_rank,
)
from engine.boston.variants import AllPass, BostonProfile, Ladder, SuitOrder
from engine.cards import Seat, Suit
from engine.errors import BostonError

__all__ = [
    "Auction",
    "Call",
    "Contract",
    "Level",
    "PASS",
    "SOSTENGO",
    "bid",
    "ladder",
    "suit_rank",
]

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
            raise BostonError(
                "this Boston ranks suits by preference: give the suit turned",
                code="boston_auction_boston_ranks_suits_preference_suit",
            )
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
        reason = self._refusal(seat, call)
        return None if reason is None else str(reason)

    def refusal_error(self, seat: Seat, call: Call) -> BostonError | None:
        """:meth:`refusal` as the :class:`BostonError` (code and params) :meth:`call` raises."""
        return self._refusal(seat, call)

    def call(self, seat: Seat, call: Call) -> None:
        """Make a call, or raise BostonError saying why it is refused (nothing changes)."""
        reason = self._refusal(seat, call)
        if reason is not None:
            raise reason
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

    def _refusal(self, seat: Seat, call: Call, running: bool = False) -> BostonError | None:
        who = self._name(seat)
        if not running and self.is_over:
            return BostonError("the auction is over", code="boston_auction_over")
        if seat != self.turn:
            turn = self._name(self.turn)
            return BostonError(
                f"it is {turn}'s turn, not {who}'s",
                code="boston_not_your_turn",
                params={"turn": turn, "player": who},
            )
        if call.kind == "pass":
            return None
        if call.kind not in ("sostengo", "bid"):
            return BostonError(
                f"{call.kind!r} is not a call (pass, sostengo or a bid)",
                code="boston_not_a_call",
                params={"call": repr(call.kind)},
            )
        misere_back = self.profile.passed_may_bid_misere and call.level and call.level.is_misere
        if seat in self.passed and call.kind != "sostengo" and not misere_back:
            if self.profile.passed_may_bid_misere:
                return BostonError(
                    f"{who} passed and may come back only with a misère",
                    code="boston_passed_misere_only",
                    params={"player": who},
                )
            return BostonError(
                f"{who} passed and cannot bid again",
                code="boston_passed_cannot_bid",
                params={"player": who},
            )
        if call.kind == "sostengo":
            return self._support_refusal(seat, who)
        return self._bid_refusal(call)

    def _support_refusal(self, seat: Seat, who: str) -> BostonError | None:
        if self.high is None or not (self.high[1].level and self.high[1].level.supportable):
            return BostonError(
                "sostengo needs a standing pido to support", code="boston_nothing_to_support"
            )
        if self.high[0] == seat:
            return BostonError(
                f"{who} cannot support his own pido",
                code="boston_support_own_pido",
                params={"player": who},
            )
        return None

    def _bid_refusal(self, call: Call) -> BostonError | None:
        level = call.level
        if level is None or (level.is_misere and call.suit is not None):
            return BostonError(
                f"{call} is not a complete bid",
                code="boston_bid_incomplete",
                params={"call": str(call)},
            )
        if level not in self._position:
            variant = self.profile.ladder.value
            return BostonError(
                f"{level.label} is not a contract of this Boston ({variant})",
                code="boston_contract_not_in_ladder",
                params={"contract": level.label, "variant": variant},
            )
        grand = self.profile.suit_order is SuitOrder.FONTAINEBLEAU
        if not level.is_misere and call.suit is None and not grand:
            return BostonError(
                f"{level.label} needs a trump suit",
                code="boston_bid_needs_trump",
                params={"contract": level.label},
            )
        if level is Level.PIDO and None not in (self.turned, self.first_turned):
            allowed = {self.turned, self.first_turned}
            if call.suit not in allowed:
                names = " or ".join(sorted(s.name.lower() for s in allowed if s is not None))
                return BostonError(
                    f"a pido is in the pequeño or the bueno ({names})",
                    code="boston_pido_suit",
                    params={"suits": "/".join(sorted(str(s) for s in allowed if s is not None))},
                )
        if self.high is not None and self.rank(call) <= self.rank(self.high[1]):
            return BostonError(
                f"{call} does not outrank {self.high[1]}",
                code="boston_bid_too_low",
                params={"call": str(call), "high": str(self.high[1])},
            )
        return None
