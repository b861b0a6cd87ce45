"""Honours: the ace, king, queen and jack of trumps, as dealt (rules.md §2.1, Decision 3).

Contract: honours are counted from the cards *held* (dealt, including the turned trump, which
is the dealer's), never from tricks. A side holding all four scores 4 points, any three score
2; two each ("honours divided") score nothing. With four honours only one side can score.
With no trump (a no-trump board) there are no honours.

>>> from engine.cards import Seat, Suit, parse_cards
>>> hands = {Seat.N: parse_cards("AH KH"), Seat.S: parse_cards("QH"), Seat.E: parse_cards("JH")}
>>> honours_held(hands, Suit.HEARTS)
HonoursHeld(side=<Side.NS: 0>, count=3)
>>> honours_held(hands, Suit.HEARTS).points
2
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.cards import Card, Rank, Seat, Side, Suit
from engine.errors import ScoringError

__all__ = ["HonoursHeld", "NO_HONOURS", "honours_held", "check_honours_claim", "HONOUR_RANKS"]

HONOUR_RANKS: frozenset[Rank] = frozenset({Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK})


@dataclass(frozen=True, slots=True)
class HonoursHeld:
    """How many trump honours the side ``side`` held: 3 or 4; ``side`` is None when they were
    divided two and two (or there were no trumps)."""

    side: Side | None
    count: int = 0

    def __post_init__(self) -> None:
        if self.side is None and self.count not in (0, 2):
            raise ScoringError(
                "honours divided means two each: give the side that held 3 or 4",
                code="honours_divided_have_no_side",
            )
        if self.side is not None and self.count not in (3, 4):
            raise ScoringError(
                f"a side scores honours only with 3 or 4 of them, not {self.count}",
                code="honours_three_or_four",
                params={"count": str(self.count)},
            )

    @property
    def points(self) -> int:
        """Honour points before any game-boundary rule: 4 for four, 2 for three, else 0."""
        return {4: 4, 3: 2}.get(self.count, 0) if self.side is not None else 0

    @classmethod
    def claim(cls, side: Side, count: int) -> HonoursHeld:
        """A typed claim: ``side`` held ``count`` honours, 3 or 4 — the side that scores
        them claims. Divided honours are :data:`NO_HONOURS`. A count of 0, 1 or 2 for a
        side is refused: "NS held 0" could mean "EW held four" or "no trumps, no honours",
        so the claim that cannot be told apart is not representable."""
        if count in (3, 4):
            return cls(side, count)
        raise ScoringError(
            f"claim honours for the side that held 3 or 4 of them, not {count} for {side}",
            code="honours_claim_three_or_four",
            params={"count": str(count), "side": str(side)},
        )


NO_HONOURS = HonoursHeld(None, 0)


def honours_held(hands: Mapping[Seat, Iterable[Card]], trump: Suit | None) -> HonoursHeld:
    """The honours each side held in ``hands`` (all four seats, or any subset) with ``trump``."""
    if trump is None:
        return NO_HONOURS
    per_side = [0, 0]
    for seat, cards in hands.items():
        for card in cards:
            if card.suit is trump and card.rank in HONOUR_RANKS:
                per_side[seat.side] += 1
    for side in Side:
        if per_side[side] >= 3:
            return HonoursHeld(side, per_side[side])
    return NO_HONOURS


def check_honours_claim(
    claim: HonoursHeld, hands: Mapping[Seat, Iterable[Card]], trump: Suit | None
) -> HonoursHeld:
    """The honours actually held, after checking a typed ``claim`` against the deal.

    Honours are the cards dealt (rules.md Decision 3), so when the deal is known a claim that
    disagrees with it is refused with what the deal shows.
    """
    held = honours_held(hands, trump)
    if claim != held:
        shown = f"{held.side} held {held.count}" if held.side is not None else "they were divided"
        claimed = (
            f"{claim.side} held {claim.count}" if claim.side is not None else "they were divided"
        )
        raise ScoringError(
            f"The honours claimed ({claimed}) do not match the deal: {shown}.",
            code="honours_claim_against_deal",
            params={"claimed": str(claimed), "shown": str(shown)},
        )
    return held
