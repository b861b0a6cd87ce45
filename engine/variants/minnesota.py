"""Minnesota whist (and Norwegian, South Dakota), variants.md §5: four players in fixed
partnerships (N–S, E–W), no trumps. Each player lays a card face down; turned from the
dealer's left, the first high colour (black; red in Norwegian whist) makes the hand high and
its player the *grander*; four low cards make it low (nula). Points per side.

>>> rules = MINNESOTA_PRESETS["pagat"]
>>> hand = minnesota_bidding(rules, dealer=3, colours=("red", "black"))
>>> hand.grander, opening_leader(rules, 3, hand.grander)
(1, 0)
>>> score_minnesota(rules, hand.grander, tricks_ns=8)   # E–W granded and took 5
(2, 0)
>>> score_minnesota(rules, None, tricks_ns=9)            # low: N–S took more
(-3, 0)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from engine.variants.common import Rules, check_count, preset, refuse, side_of


class MinnesotaScoring(enum.StrEnum):
    PAGAT = "pagat"  # high: the side that took 7+ scores the odd tricks; low: more tricks −odd
    WIKIPEDIA_BGA = "wikipedia_bga"  # low: the side with ≤ 6 scores 7 − t
    SOUTH_DAKOTA = "south_dakota"  # high failed: granders −(7 − t)
    NORWEGIAN = "norwegian_parlett"  # grand +4 per odd trick (failed: opponents +8); nullo +2


class HighLead(enum.StrEnum):
    RIGHT_OF_GRANDER = "right_of_grander"  # Wikipedia, BGA, pagat (default)
    LEFT_OF_GRANDER = "left_of_grander"  # older Wikipedia, Parlett's Norwegian


class BidColours(enum.StrEnum):
    BLACK_HIGH = "black_high"  # Minnesota
    RED_HIGH = "red_high"  # Norwegian


@dataclass(frozen=True)
class MinnesotaRules(Rules):
    GAME = "Minnesota whist"

    scoring: MinnesotaScoring = MinnesotaScoring.PAGAT
    set_bonus: int = 1
    high_lead: HighLead = HighLead.RIGHT_OF_GRANDER
    target: int = 13
    bid_colours: BidColours = BidColours.BLACK_HIGH


PAGAT = MinnesotaRules(name="pagat")
WIKIPEDIA_BGA = MinnesotaRules(
    name="wikipedia_bga", scoring=MinnesotaScoring.WIKIPEDIA_BGA, set_bonus=2
)
SOUTH_DAKOTA = MinnesotaRules(name="south_dakota", scoring=MinnesotaScoring.SOUTH_DAKOTA, target=11)
NORWEGIAN = MinnesotaRules(
    name="norwegian_parlett",
    scoring=MinnesotaScoring.NORWEGIAN,
    high_lead=HighLead.LEFT_OF_GRANDER,
    target=50,
    bid_colours=BidColours.RED_HIGH,
)
MINNESOTA_PRESETS = {r.name: r for r in (PAGAT, WIKIPEDIA_BGA, SOUTH_DAKOTA, NORWEGIAN)}


def minnesota_rules(name: str = "pagat", **overrides: object) -> MinnesotaRules:
    return preset(MINNESOTA_PRESETS, name, **overrides)


@dataclass(frozen=True)
class MinnesotaBidding:
    """The turned bid cards: the grander (None: low, all four laid a low colour)."""

    grander: int | None

    @property
    def is_high(self) -> bool:
        return self.grander is not None


def minnesota_bidding(
    rules: MinnesotaRules, dealer: int, colours: Sequence[str]
) -> MinnesotaBidding:
    """The bid cards' colours ("black"/"red") as turned from the dealer's left: turning stops
    at the first high colour, so nothing may follow it; four low colours make the hand low."""
    high = "black" if rules.bid_colours is BidColours.BLACK_HIGH else "red"
    for k, colour in enumerate(colours):
        if colour not in ("black", "red"):
            raise refuse(f"{colour!r} is not black or red", "bad_bid_colour", colour=str(colour))
        if colour == high:
            if k != len(colours) - 1:
                raise refuse(
                    "the turning stops at the first high card: nothing is turned after it",
                    "turned_after_grand",
                )
            return MinnesotaBidding((dealer + 1 + k) % 4)
    if len(colours) != 4:
        raise refuse("turn the bid cards until a high one or all four", "bidding_incomplete")
    return MinnesotaBidding(None)


def opening_leader(rules: MinnesotaRules, dealer: int, grander: int | None) -> int:
    """Low: the dealer's left. High: right of the grander (left, per the setting)."""
    if grander is None:
        return (dealer + 1) % 4
    if rules.high_lead is HighLead.RIGHT_OF_GRANDER:
        return (grander + 3) % 4
    return (grander + 1) % 4


def score_minnesota(rules: MinnesotaRules, grander: int | None, tricks_ns: int) -> tuple[int, int]:
    """Points of (N–S, E–W) for the hand, from the tricks N–S took (E–W took the rest)."""
    tricks = (check_count(tricks_ns), 13 - tricks_ns)
    points = [0, 0]
    scoring = rules.scoring
    if grander is not None:
        g = side_of(grander)
        t = tricks[g]
        if t >= 7:
            points[g] = (4 if scoring is MinnesotaScoring.NORWEGIAN else 1) * (t - 6)
        elif scoring is MinnesotaScoring.SOUTH_DAKOTA:
            points[g] = -(7 - t)
        elif scoring is MinnesotaScoring.NORWEGIAN:
            points[1 - g] = 8 * (tricks[1 - g] - 6)
        else:
            points[1 - g] = rules.set_bonus * (tricks[1 - g] - 6)
        return points[0], points[1]
    more = 0 if tricks[0] >= 7 else 1
    if scoring is MinnesotaScoring.WIKIPEDIA_BGA:
        points[1 - more] = 7 - tricks[1 - more]
    elif scoring is MinnesotaScoring.NORWEGIAN:
        points[1 - more] = 2 * (tricks[more] - 6)
    else:
        points[more] = -(tricks[more] - 6)
    return points[0], points[1]


def minnesota_winner(rules: MinnesotaRules, totals: tuple[int, int]) -> int | None:
    """The side (0 N–S, 1 E–W) that reached the target, if one did (the higher if both)."""
    reached = [s for s in (0, 1) if totals[s] >= rules.target]
    if not reached:
        return None
    return max(reached, key=lambda s: (totals[s], -s))
