"""The exact-bid games: Romanian whist, Oh Hell, la podrida, la pocha (variants.md §6).

Each player bids, once, the tricks he will take; the last bidder (the dealer) is **hooked**:
the bids may not add up to the cards dealt. An exact bid scores ``exact_base +
per_trick_made × bid``; a missed bid loses ``per_trick_missed`` per trick of difference.
The deals follow a schedule of cards per hand rising and falling (:func:`schedule`); a deal
with no card left over has no trump. Scores are per player, not zero-sum.

>>> rules = EXACT_PRESETS["romanian"]
>>> schedule(rules, 4)[:6], len(schedule(rules, 4))
((1, 1, 1, 1, 2, 3), 24)
>>> score_deal(rules, 4, (2, 1, 0), (2, 2, 0))   # 5 + 2; missed by 1; 5 + 0
(7, -1, 5)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.variants.common import (
    FollowRule,
    Rules,
    TurnAuction,
    check_tricks,
    player_name,
    preset,
    refuse,
)


class Schedule(enum.StrEnum):
    """Cards per hand, deal by deal (variants.md §6.1, §6.2)."""

    ROMANIAN = "romanian"  # n×1, 2 … 7, n×8, 7 … 2, n×1 (8 cards each at most)
    DOWN_AND_UP = "down_and_up"  # podrida (acanomas): most cards down to 1 (n×1), back up
    FIDEPO = "fidepo"  # most down to 5, n×4, back up
    UP_AND_DOWN = "up_and_down"  # Oh Hell (our choice, a setting): 1 up to most, back to 1


@dataclass(frozen=True)
class ExactRules(Rules):
    GAME = "exact-bid whist"

    exact_base: int = 5
    per_trick_made: int = 1
    per_trick_missed: int = 1
    hook: bool = True
    follow: FollowRule = FollowRule.MUST_TRUMP
    clockwise: bool = True
    schedule: Schedule = Schedule.ROMANIAN
    pack: int = 52
    most_cards: int = 8  # 0: as many as the pack allows


ROMANIAN = ExactRules(name="romanian")
OH_HELL = ExactRules(
    name="oh_hell",
    exact_base=10,
    per_trick_missed=0,
    follow=FollowRule.FOLLOW,
    schedule=Schedule.UP_AND_DOWN,
    most_cards=0,
)
PODRIDA = ExactRules(
    name="podrida_acanomas",
    exact_base=10,
    per_trick_made=3,
    per_trick_missed=3,
    follow=FollowRule.FOLLOW,
    clockwise=False,
    schedule=Schedule.DOWN_AND_UP,
    most_cards=0,
)
POCHA = ExactRules(
    name="pocha_ludoteka",
    exact_base=10,
    per_trick_made=5,
    per_trick_missed=5,
    follow=FollowRule.MUST_OVERTAKE,
    clockwise=False,
    schedule=Schedule.DOWN_AND_UP,
    pack=40,
    most_cards=0,
)
EXACT_PRESETS = {r.name: r for r in (ROMANIAN, OH_HELL, PODRIDA, POCHA)}


def exact_rules(name: str = "romanian", **overrides: object) -> ExactRules:
    return preset(EXACT_PRESETS, name, **overrides)


def most_cards(rules: ExactRules, players: int) -> int:
    """The most cards each player holds: the pack shared out, capped by ``most_cards``."""
    if not 3 <= players <= 8:
        raise refuse("these games are for 3 to 8 players", "bad_players", players=players)
    share = rules.pack // players
    return min(share, rules.most_cards) if rules.most_cards else share


def schedule(rules: ExactRules, players: int) -> tuple[int, ...]:
    """Cards per hand for every deal of a game of ``players``."""
    top = most_cards(rules, players)
    down = list(range(top, 1, -1))
    if rules.schedule is Schedule.ROMANIAN:
        rise = list(range(2, top))
        return tuple([1] * players + rise + [top] * players + rise[::-1] + [1] * players)
    if rules.schedule is Schedule.DOWN_AND_UP:
        return tuple(down + [1] * players + down[::-1])
    if rules.schedule is Schedule.FIDEPO:
        high = list(range(top, 4, -1))
        return tuple(high + [4] * players + high[::-1])
    return tuple(list(range(1, top)) + [top] + list(range(top - 1, 0, -1)))


def has_trump(rules: ExactRules, players: int, cards: int) -> bool:
    """A card is turned for trumps only when one is left over after the deal (the Romanian
    pack has the lowest ranks removed: 8 per player)."""
    pack = 8 * players if rules.schedule is Schedule.ROMANIAN else rules.pack
    return cards * players < pack


def bid_order(players: int, dealer: int, clockwise: bool = True) -> tuple[int, ...]:
    """Who bids first to last: from the dealer's left (right, counter-clockwise); the
    dealer bids last."""
    step = 1 if clockwise else -1
    return tuple((dealer + step * k) % players for k in range(1, players + 1))


class ExactAuction(TurnAuction[int]):
    """One bid each, 0 … cards, from the dealer's left; the dealer is hooked (setting)."""

    def __init__(
        self,
        rules: ExactRules,
        players: int,
        dealer: int,
        cards: int,
        names: Mapping[int, str] | None = None,
    ) -> None:
        super().__init__(players, dealer, names, clockwise=rules.clockwise)
        self.rules = rules
        self.cards = cards
        self.bids: dict[int, int] = {}

    @property
    def is_over(self) -> bool:
        return len(self.bids) == self.players

    def candidates(self) -> Sequence[int]:
        return range(self.cards + 1)

    def _may_speak(self, player: int) -> bool:
        return player not in self.bids

    def _refusal(self, player: int, call: int):
        if not 0 <= call <= self.cards:
            return refuse(
                f"a bid is 0 to {self.cards} tricks",
                "bid_out_of_range",
                bid=call,
                cards=self.cards,
            )
        last = len(self.bids) == self.players - 1
        if self.rules.hook and last and sum(self.bids.values()) + call == self.cards:
            return refuse(
                f"{self.name(player)} deals and may not bid {call}: the bids would add up "
                f"to the {self.cards} tricks",
                "hooked_bid",
                player=self.name(player),
                bid=call,
                cards=self.cards,
            )
        return None

    def _apply(self, player: int, call: int) -> None:
        self.bids[player] = call


def check_bids(
    rules: ExactRules,
    dealer: int,
    cards: int,
    bids: Sequence[int],
    names: Mapping[int, str] | None = None,
) -> None:
    """Refuse bids (one per player, by position) that the auction would refuse."""
    auction = ExactAuction(rules, len(bids), dealer, cards, names)
    for player in bid_order(len(bids), dealer, rules.clockwise):
        auction.call(player, bids[player])


def score_deal(
    rules: ExactRules,
    cards: int,
    bids: Sequence[int],
    tricks: Sequence[int],
    names: Mapping[int, str] | None = None,
) -> tuple[int, ...]:
    """Each player's score for the deal: exact → base + per trick bid; missed → minus the
    difference times ``per_trick_missed``."""
    if len(bids) != len(tricks):
        raise refuse("give a bid and tricks for every player", "entry_incomplete")
    for player, bid in enumerate(bids):
        if not 0 <= bid <= cards:
            who = player_name(player, names, len(bids))
            raise refuse(
                f"{who} cannot bid {bid} with {cards} cards",
                "bid_out_of_range",
                bid=bid,
                cards=cards,
            )
    check_tricks(tricks, cards, names)
    return tuple(
        rules.exact_base + rules.per_trick_made * bid
        if bid == took
        else -rules.per_trick_missed * abs(bid - took)
        for bid, took in zip(bids, tricks, strict=True)
    )
