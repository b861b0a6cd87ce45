"""Bid whist (variants.md §4): four players in fixed partnerships; one round of bidding from
the dealer's left, each bid a number of books over six (``min_bid`` … 7) uptown, downtown or
no trump, or a pass; the dealer may take the contract by equalling (a setting). The bidders
need six books plus their bid; the kitty's discards are one book (the bidders', or the first
trick's winner's, per ``discard_book``). Points per side.

>>> rules = BID_PRESETS["parlett"]
>>> auction = BidAuction(rules, dealer=3)
>>> auction.call_all([Bid(4, Direction.UPTOWN), PASS_BID, Bid(5, Direction.NO_TRUMP), PASS_BID])
>>> auction.contract
BidContract(bidder=2, level=5, direction=<Direction.NO_TRUMP: 'no_trump'>)
>>> score_bid(rules, auction.contract, books=11)   # made: 5 × 2 (no trump)
(10, 0)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.variants.common import Rules, TurnAuction, check_count, preset, refuse, side_of


class Direction(enum.StrEnum):
    UPTOWN = "uptown"  # high: A K … 2
    DOWNTOWN = "downtown"  # low
    NO_TRUMP = "no_trump"


class ScoreMode(enum.StrEnum):
    BID = "bid"  # Parlett: score the books bid
    TAKEN = "taken"  # original bid whist: score every odd trick taken


class LowVsHigh(enum.StrEnum):
    LOW_BEATS_HIGH = "low_beats_high"  # uptown < downtown < no trump at the same number
    EQUAL = "equal"  # uptown = downtown < no trump


class DiscardBook(enum.StrEnum):
    BIDDERS = "bidders"  # Wikipedia summary (default)
    FIRST_TRICK_WINNER = "first_trick_winner"  # whistportal


@dataclass(frozen=True)
class BidWhistRules(Rules):
    GAME = "bid whist"

    score_mode: ScoreMode = ScoreMode.BID
    target: int = 7
    nt_multiplier: int = 2
    boston_multiplier: int = 4
    jokers: int = 2
    kitty: int = 6
    min_bid: int = 4
    low_vs_high: LowVsHigh = LowVsHigh.LOW_BEATS_HIGH
    dealer_can_equal: bool = True
    discard_book: DiscardBook = DiscardBook.BIDDERS
    two_sets_lose: bool = False
    #: What the opponents gain when a side is set for the second time (with
    #: ``two_sets_lose``): [COLUMBUS] "two sets lose the game and give the opponents 5
    #: extra points".
    second_set_bonus: int = 0


PARLETT = BidWhistRules(name="parlett")
ORIGINAL = BidWhistRules(
    name="original_bid_whist", score_mode=ScoreMode.TAKEN, nt_multiplier=1, boston_multiplier=1
)
COLUMBUS = BidWhistRules(
    name="tournament_columbus",
    target=5,
    jokers=0,
    kitty=0,
    min_bid=3,
    two_sets_lose=True,
    second_set_bonus=5,
)
BID_PRESETS = {r.name: r for r in (PARLETT, ORIGINAL, COLUMBUS)}


def bid_rules(name: str = "parlett", **overrides: object) -> BidWhistRules:
    return preset(BID_PRESETS, name, **overrides)


@dataclass(frozen=True)
class Bid:
    """A bid of ``level`` books over six; ``level`` 0 is a pass."""

    level: int
    direction: Direction | None = None

    def __str__(self) -> str:
        return "pass" if self.level == 0 else f"{self.level} {self.direction}"


PASS_BID = Bid(0)


@dataclass(frozen=True)
class BidContract:
    bidder: int
    level: int
    direction: Direction


class BidAuction(TurnAuction[Bid]):
    """One round: each player once, the dealer last; higher bids only, except that the dealer
    may equal the standing bid (``dealer_can_equal``). Four passes: a redeal."""

    def __init__(self, rules: BidWhistRules, dealer: int, names: Mapping[int, str] | None = None):
        super().__init__(4, dealer, names)
        self.rules = rules
        self.high: tuple[int, Bid] | None = None
        self.spoken = 0

    @property
    def is_over(self) -> bool:
        return self.spoken == 4

    @property
    def contract(self) -> BidContract | None:
        if not self.is_over or self.high is None:
            return None
        player, bid = self.high
        assert bid.direction is not None
        return BidContract(player, bid.level, bid.direction)

    def rank(self, bid: Bid) -> tuple[int, int]:
        order = {Direction.UPTOWN: 0, Direction.DOWNTOWN: 1, Direction.NO_TRUMP: 2}
        assert bid.direction is not None
        value = order[bid.direction]
        if self.rules.low_vs_high is LowVsHigh.EQUAL:
            value = 1 if bid.direction is Direction.NO_TRUMP else 0
        return (bid.level, value)

    def candidates(self) -> Sequence[Bid]:
        levels = range(self.rules.min_bid, 8)
        return [PASS_BID] + [Bid(n, d) for n in levels for d in Direction]

    def _refusal(self, player: int, call: Bid):
        if call.level == 0:
            return None
        if call.direction is None or not self.rules.min_bid <= call.level <= 7:
            return refuse(
                f"a bid is {self.rules.min_bid} to 7, uptown, downtown or no trump",
                "bid_out_of_range",
                bid=call.level,
                cards=7,
            )
        if self.high is None:
            return None
        standing = self.rank(self.high[1])
        if self.rank(call) > standing:
            return None
        if player == self.dealer and self.rules.dealer_can_equal and self.rank(call) == standing:
            return None
        return refuse(
            f"{call} does not outrank {self.high[1]}",
            "bid_too_low",
            bid=str(call),
            standing=str(self.high[1]),
        )

    def _apply(self, player: int, call: Bid) -> None:
        self.spoken += 1
        if call.level:
            self.high = (player, call)


def bidders_books(rules: BidWhistRules, tricks: int, kitty_to_bidders: bool | None = None) -> int:
    """The bidders' books: tricks won in play, plus the kitty's book when it is theirs (the
    bidders', or the first trick's winner's, per ``discard_book``)."""
    played = 13 if rules.kitty == 0 else 12
    check_count(tricks, played)
    if rules.kitty == 0:
        return tricks
    if rules.discard_book is DiscardBook.BIDDERS:
        return tricks + 1
    if kitty_to_bidders is None:
        raise refuse("say who won the first trick (the kitty's book is his)", "first_trick_needed")
    return tricks + (1 if kitty_to_bidders else 0)


def score_bid(rules: BidWhistRules, contract: BidContract, books: int) -> tuple[int, int]:
    """Points of (N–S, E–W) when the bidders took ``books`` of 13 (kitty's book included)."""
    check_count(books)
    if not rules.min_bid <= contract.level <= 7:
        raise refuse(
            f"a bid is {rules.min_bid} to 7", "bid_out_of_range", bid=contract.level, cards=7
        )
    side = side_of(contract.bidder)
    points = [0, 0]
    odd = books - 6
    if odd >= contract.level:
        points[side] = contract.level if rules.score_mode is ScoreMode.BID else odd
    else:
        points[side] = -contract.level
        if 13 - books >= 7:
            points[1 - side] = 13 - books - 6
    factor = 1
    if contract.direction is Direction.NO_TRUMP:
        factor *= rules.nt_multiplier
    if books == 13:
        factor *= rules.boston_multiplier
    return points[0] * factor, points[1] * factor


def bid_winner(rules: BidWhistRules, totals: tuple[int, int], sets: tuple[int, int] = (0, 0)):
    """The winning side (0 N–S, 1 E–W), if the game is over: a side at +target wins, at
    −target loses; with ``two_sets_lose`` a side set twice loses."""
    for s in (0, 1):
        if totals[s] >= rules.target or totals[1 - s] <= -rules.target:
            return s
        if rules.two_sets_lose and sets[1 - s] >= 2:
            return s
    return None


@dataclass(frozen=True)
class BidGame:
    """A game of bid whist between hands: each side's total and how often it was set, and
    the winning side (0 N–S, 1 E–W) once the game is decided."""

    totals: tuple[int, int] = (0, 0)
    sets: tuple[int, int] = (0, 0)
    winner: int | None = None


def bid_game_after(
    rules: BidWhistRules, game: BidGame, points: tuple[int, int], set_side: int | None
) -> tuple[BidGame, tuple[int, int]]:
    """The game after one more hand that scored ``points`` (N–S, E–W), ``set_side`` being
    the side that failed its bid (None if none did). Returns the game and the hand's points
    with the second-set bonus, if the rules give one. A decided game takes no more hands."""
    if game.winner is not None:
        raise refuse("the game is over", "game_over")
    sets = list(game.sets)
    scored = list(points)
    if set_side is not None:
        sets[set_side] += 1
        if rules.two_sets_lose and sets[set_side] == 2:
            scored[1 - set_side] += rules.second_set_bonus
    totals = (game.totals[0] + scored[0], game.totals[1] + scored[1])
    after = BidGame(totals, (sets[0], sets[1]), bid_winner(rules, totals, (sets[0], sets[1])))
    return after, (scored[0], scored[1])
