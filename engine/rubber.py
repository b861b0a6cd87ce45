"""Games and rubbers (rules.md §2.3, Club laws 1, 8–10).

Contract:

* :class:`Rubber` is an immutable running record: ``rubber.play(hand)`` scores one
  :class:`Hand` with :func:`engine.scoring.score_hand` and returns the next record. A game
  ends as soon as a side reaches the target; the next game starts at love all. The rubber is
  the best of three games: it is over at two games to none or two to one, and a hand played
  after that is refused with a :class:`~engine.errors.ScoringError`.
* :meth:`Rubber.result` gives the :class:`RubberResult`. With rubber points (short, long,
  dummy), the winners score their games' values (treble 3, double 2, single 1) plus the
  rubber bonus (2), less the value of the losers' game in a three-game rubber: from 1 (two
  singles and the rubber less a treble) to 8 (the bumper: two trebles and the rubber).
* Without rubber points (american) a rubber's result is who won it and the games (2–0 or
  2–1); it is worth the profile's ``rubber_bonus`` to the winners — Foster's "some agreed
  value to the score of those winning the odd game" (1 in the american preset, so a match's
  total counts rubbers won).
* Points are zero-sum between the sides: the winners gain ``points``, the losers lose as
  many (:meth:`RubberResult.points_for`). Each player gets his side's points
  (:meth:`RubberResult.player_points`, given which player sits where).
* :func:`next_dealer`: the deal passes to the left after every hand; after a misdeal the
  profile's misdeal policy decides (Club law 43: the misdealer loses the deal; American,
  duplicate and double dummy: he deals again); a new deal (Club law 37) is dealt by the same
  dealer under every policy.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from engine.cards import Seat, Side
from engine.errors import ScoringError
from engine.honours import NO_HONOURS, HonoursHeld
from engine.profiles import MisdealPolicy, RuleProfile
from engine.scoring import HandScore, Revoke, scorer_for

__all__ = [
    "Hand",
    "Game",
    "Rubber",
    "RubberResult",
    "start_rubber",
    "score_rubber",
    "next_dealer",
]


@dataclass(frozen=True, slots=True)
class Hand:
    """What is entered for one hand: NS tricks, the honours held, any revokes."""

    ns_tricks: int
    honours: HonoursHeld = NO_HONOURS
    revokes: tuple[Revoke, ...] = ()


@dataclass(frozen=True, slots=True)
class Game:
    """A finished game: who won it, its value, its final score (NS, EW), in how many hands."""

    winner: Side
    value: int
    score: tuple[int, int]
    hands: int


@dataclass(frozen=True, slots=True)
class RubberResult:
    """The outcome of a finished rubber. ``game_points`` are the values of the games each side
    won (NS, EW); ``points`` is what the winners gain (and the losers lose)."""

    winner: Side
    games: tuple[Game, ...]
    game_points: tuple[int, int]
    rubber_bonus: int
    points: int

    def points_for(self, side: Side) -> int:
        """``points`` for the winners, ``-points`` for the losers."""
        return self.points if side is self.winner else -self.points

    def player_points(self, seating: Mapping[Seat, Hashable]) -> dict[Hashable, int]:
        """Each player's points, given the player in each seat."""
        return {player: self.points_for(Seat(seat).side) for seat, player in seating.items()}


@dataclass(frozen=True, slots=True)
class Rubber:
    """A rubber in progress or finished. ``score`` is the running score of the current game;
    ``hands`` every hand scored so far; ``games`` the games finished."""

    profile: RuleProfile
    hands: tuple[HandScore, ...] = ()
    games: tuple[Game, ...] = ()
    score: tuple[int, int] = (0, 0)
    hands_in_game: int = 0

    @property
    def games_won(self) -> tuple[int, int]:
        won = [0, 0]
        for game in self.games:
            won[game.winner] += 1
        return (won[0], won[1])

    @property
    def is_over(self) -> bool:
        return max(self.games_won) >= 2

    @property
    def winner(self) -> Side | None:
        ns, ew = self.games_won
        return Side.NS if ns >= 2 else Side.EW if ew >= 2 else None

    def play(self, hand: Hand) -> Rubber:
        """The rubber after ``hand``; refused once the rubber is over."""
        if self.is_over:
            raise _over(self)
        scored = scorer_for(self.profile).score(
            self.score, hand.ns_tricks, hand.honours, hand.revokes
        )
        hands, played = self.hands + (scored,), self.hands_in_game + 1
        if scored.game_winner is None:
            return Rubber(self.profile, hands, self.games, scored.after, played)
        game = Game(scored.game_winner, scored.game_value, scored.after, played)
        return Rubber(self.profile, hands, self.games + (game,), (0, 0), 0)

    def result(self) -> RubberResult:
        """The :class:`RubberResult`; a :class:`ScoringError` while the rubber is unfinished."""
        winner = self.winner
        if winner is None:
            ns, ew = self.games_won
            raise ScoringError(
                f"the rubber is not over: games stand {ns}–{ew}",
                code="rubber_not_over",
                params={"ns": str(ns), "ew": str(ew)},
            )
        values = [0, 0]
        for game in self.games:
            values[game.winner] += game.value
        bonus = self.profile.rubber_bonus
        if self.profile.rubber_points:
            points = values[winner] + bonus - values[winner.other]
        else:
            points = bonus
        return RubberResult(winner, self.games, (values[0], values[1]), bonus, points)


def _over(rubber: Rubber) -> ScoringError:
    """The refusal of anything more once ``rubber`` is over."""
    ns, ew = rubber.games_won
    won, lost = max(ns, ew), min(ns, ew)
    return ScoringError(
        f"the rubber is over: {rubber.winner} won it {won}–{lost}; start a new rubber",
        code="rubber_over",
        params={"winner": str(rubber.winner), "won": str(won), "lost": str(lost)},
    )


def start_rubber(profile: RuleProfile) -> Rubber:
    """A new rubber at love all under ``profile`` (refused for duplicate profiles)."""
    scorer_for(profile)
    return Rubber(profile)


def score_rubber(profile: RuleProfile, hands: Iterable[Hand]) -> Rubber:
    """The rubber after playing ``hands`` in order."""
    rubber = start_rubber(profile)
    for hand in hands:
        rubber = rubber.play(hand)
    return rubber


def next_dealer(
    dealer: Seat, profile: RuleProfile, *, misdeal: bool = False, new_deal: bool = False
) -> Seat:
    """Who deals next: the player on the left, unless the hand was misdealt and the profile
    makes the misdealer deal again, or a new deal is due (Club law 37: an imperfect pack, a
    card other than the last faced in the pack), which the same dealer deals."""
    if new_deal or (misdeal and profile.misdeal is MisdealPolicy.REDEAL_SAME_DEALER):
        return Seat(dealer)
    return Seat(dealer).left


def rubber_from_games(profile: RuleProfile, games: Iterable[tuple[Side, int]]) -> Rubber:
    """A rubber built from its games as a score sheet records them, without the hands: each
    game is ``(winner, losers' score)`` — the losers' points when the game was won decide
    its value (treble, double or single, :meth:`RuleProfile.game_value`). Refused: a losers'
    score outside 0 … game−1, or a game after a side has won two."""
    scorer_for(profile)
    target = profile.game_target
    rubber = Rubber(profile)
    for winner, losers in games:
        if rubber.is_over:
            raise _over(rubber)
        if isinstance(losers, bool) or not isinstance(losers, int) or not 0 <= losers < target:
            raise ScoringError(
                f"the losers of a game have 0 to {target - 1} points, not {losers!r}",
                code="rubber_losers_score_out_of_range",
                params={"most": str(target - 1), "points": repr(losers)},
            )
        side = Side(winner)
        score = (target, losers) if side is Side.NS else (losers, target)
        game = Game(side, profile.game_value(losers), score, 0)
        rubber = Rubber(profile, (), rubber.games + (game,), (0, 0), 0)
    return rubber
