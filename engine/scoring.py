"""A hand's score in rubber whist (rules.md §2–§3, Decisions 2, 4 and 6).

Contract of :func:`score_hand` (and :meth:`HandScorer.score`, the same thing bound to one
profile):

* Input: the profile, the score before the hand (NS, EW; each from 0 to game−1), the tricks
  NS took (EW took the rest; 0–13, else :class:`~engine.errors.ScoringError`), the honours
  held (:class:`~engine.honours.HonoursHeld`) and any revokes (:class:`Revoke`), each with
  the penalty the claimants elected.
* Order of scoring (Club law 5): the revoke penalty, then tricks, then honours. A game ends
  as soon as a side reaches the target; nothing more is scored on that hand (so the other
  side's honours are then not scored).
* Tricks: each trick above six scores 1 to the side that won it, so at most one side scores
  trick points.
* Honours count only when the profile has honours; at the game boundary the profile's
  :class:`~engine.profiles.HonoursAtGame` rule applies.
* Revoke (§3): ``TAKE_TRICKS`` moves up to three tricks from the revokers to the claimants,
  ``DEDUCT`` takes up to three points off the revokers' score (our reading: a score never
  goes below 0), ``ADD`` gives the claimants three points. The revoking side cannot win the
  game on that hand: its score is held at game−1 (law 82; long whist "must remain at 9").
  Both sides revoking follows the profile's :class:`~engine.profiles.BothRevokePolicy`:
  each penalised and neither can win the game, or a new deal (nothing scored).
* Dummy (§5; dummy and double dummy): a revoke by a dummy carries no penalty unless the
  profile says dummy is liable; such a claim is refused with a :class:`ScoringError` that
  says so.
* The result, :class:`HandScore`, always satisfies
  ``after = before + revoke_points + trick_points + honour_points`` for each side.

Scoring is a pure function of few small inputs, so each :class:`HandScorer` remembers the
results it has computed (they are immutable and can be shared).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import Seat, Side
from engine.errors import ProfileError, ScoringError
from engine.honours import NO_HONOURS, HonoursHeld
from engine.play import RevokeSeen
from engine.profiles import BothRevokePolicy, HonoursAtGame, RuleProfile

__all__ = ["RevokePenalty", "Revoke", "HandScore", "HandScorer", "scorer_for", "score_hand"]


class RevokePenalty(enum.StrEnum):
    """The penalty the claimants elect for a revoke (Club law 72)."""

    TAKE_TRICKS = "take_tricks"
    DEDUCT = "deduct"
    ADD = "add"


@dataclass(frozen=True, slots=True)
class Revoke:
    """A revoke by ``side`` (the revoking side) with the ``penalty`` elected by the other side.
    ``by_dummy`` marks a revoke from dummy's hand in dummy whist."""

    side: Side
    penalty: RevokePenalty
    by_dummy: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.side, Side):
            raise ScoringError(
                f"a revoke is made by NS or EW, not {self.side!r}",
                code="scoring_revoke_made_ns_ew",
                params={"side": repr(self.side)},
            )
        if not isinstance(self.penalty, RevokePenalty):
            try:
                object.__setattr__(self, "penalty", RevokePenalty(self.penalty))
            except ValueError:
                raise ScoringError(
                    f"the revoke penalty must be take_tricks, deduct or add, not {self.penalty!r}",
                    code="scoring_revoke_penalty_take_tricks_deduct",
                    params={"penalty": repr(self.penalty)},
                ) from None


def revokes_from_play(
    seen: Iterable[RevokeSeen], penalty: RevokePenalty | str, *, dummy: Seat | None = None
) -> tuple[Revoke, ...]:
    """The revokes :func:`engine.play.replay` found (``PlayOutcome.revokes``) as the claims
    scoring takes: one per revoke (law 72: "claimable for each revoke"), by the revoker's
    side, with the ``penalty`` the claimants elect; a revoke from ``dummy``'s seat is marked
    ``by_dummy`` (dummy whist)."""
    return tuple(Revoke(r.seat.side, RevokePenalty(penalty), r.seat == dummy) for r in seen)


@dataclass(frozen=True, slots=True)
class HandScore:
    """The score of one hand. Pairs are (NS, EW). ``tricks`` are after any revoke transfer;
    the ``*_points`` are what was actually credited (a revoke's deduction is negative).
    ``game_winner`` is None when no game was won; ``game_value`` is then 0. ``new_deal`` means
    both sides revoked under the new-deal policy and nothing was scored."""

    before: tuple[int, int]
    tricks: tuple[int, int]
    revoke_points: tuple[int, int]
    trick_points: tuple[int, int]
    honour_points: tuple[int, int]
    after: tuple[int, int]
    game_winner: Side | None
    game_value: int
    new_deal: bool = False

    @property
    def game_won(self) -> bool:
        return self.game_winner is not None


_CACHE_LIMIT = 200_000


class HandScorer:
    """Scores hands under one profile; create it once (see :func:`scorer_for`) and reuse it."""

    __slots__ = ("profile", "_cache", "_target", "_honours", "_rule")

    def __init__(self, profile: RuleProfile) -> None:
        if profile.every_trick_counts:
            raise ProfileError(
                f"the {profile.name} profile scores boards, not rubber hands: "
                "use engine.duplicate.score_board",
                code="scoring_profile_scores_boards_rubber_hands",
                params={"name": str(profile.name)},
            )
        self.profile = profile
        self._cache: dict[tuple, HandScore] = {}
        self._target = profile.game_target
        self._honours = profile.honours
        self._rule = profile.honours_at_game

    def score(
        self,
        before: tuple[int, int],
        ns_tricks: int,
        honours: HonoursHeld = NO_HONOURS,
        revokes: Sequence[Revoke] = (),
    ) -> HandScore:
        """The :class:`HandScore` of a hand (see the module contract)."""
        if type(revokes) is not tuple:
            revokes = _revoke_tuple(revokes)
        if not _plain_ints(before, ns_tricks):  # checked (and refused) without the cache,
            return self._compute(before, ns_tricks, honours, revokes)  # as 7.0 == 7
        key = (before, ns_tricks, honours, revokes) if revokes else (before, ns_tricks, honours)
        try:
            return self._cache[key]
        except KeyError:
            result = self._compute(before, ns_tricks, honours, revokes)
            if len(self._cache) < _CACHE_LIMIT:
                self._cache[key] = result
            return result
        except TypeError:  # an unhashable input: _compute checks it and says what is wrong
            return self._compute(before, ns_tricks, honours, revokes)

    # -- the rules --------------------------------------------------------------------------

    def _compute(
        self,
        before: tuple[int, int],
        ns_tricks: int,
        honours: HonoursHeld,
        revokes: tuple[Revoke, ...],
    ) -> HandScore:
        self._check(before, ns_tricks, honours, revokes)
        start = (int(before[0]), int(before[1]))
        revoking = frozenset(revoke.side for revoke in revokes)
        if len(revoking) == 2 and self.profile.both_revoke is BothRevokePolicy.NEW_DEAL:
            return HandScore(
                start, (ns_tricks, 13 - ns_tricks), (0, 0), (0, 0), (0, 0), start, None, 0, True
            )
        score = list(start)
        tricks = [ns_tricks, 13 - ns_tricks]
        revoke_points = self._apply_revokes(revokes, score, tricks, revoking)
        winner = self._reached(score, revoking)
        trick_points = [0, 0]
        if winner is None:
            side = Side.NS if tricks[0] > 6 else Side.EW
            trick_points[side] = self._credit(side, tricks[side] - 6, score, revoking)
            winner = self._reached(score, revoking)
        honour_points = [0, 0]
        if winner is None and self._honours and honours.side is not None:
            side = honours.side
            points = self._honours_scored(honours.points, score[side], start[side])
            honour_points[side] = self._credit(side, points, score, revoking)
            winner = self._reached(score, revoking)
        value = self.profile.game_value(score[winner.other]) if winner is not None else 0
        return HandScore(
            start,
            (tricks[0], tricks[1]),
            (revoke_points[0], revoke_points[1]),
            (trick_points[0], trick_points[1]),
            (honour_points[0], honour_points[1]),
            (score[0], score[1]),
            winner,
            value,
        )

    def _apply_revokes(
        self,
        revokes: tuple[Revoke, ...],
        score: list[int],
        tricks: list[int],
        revoking: frozenset[Side],
    ) -> list[int]:
        penalty = self.profile.revoke_penalty
        points = [0, 0]
        for revoke in revokes:
            offender, claimants = revoke.side, revoke.side.other
            if revoke.penalty is RevokePenalty.TAKE_TRICKS:
                moved = min(penalty, tricks[offender])
                tricks[offender] -= moved
                tricks[claimants] += moved
            elif revoke.penalty is RevokePenalty.DEDUCT:
                taken = min(penalty, score[offender])
                score[offender] -= taken
                points[offender] -= taken
            else:
                points[claimants] += self._credit(claimants, penalty, score, revoking)
        return points

    def _credit(self, side: Side, points: int, score: list[int], revoking: frozenset[Side]) -> int:
        """Add ``points`` to ``side``; a revoking side is held at game−1. Returns the credit."""
        if side in revoking:
            points = max(0, min(points, self._target - 1 - score[side]))
        score[side] += points
        return points

    def _reached(self, score: list[int], revoking: frozenset[Side]) -> Side | None:
        for side in (Side.NS, Side.EW):
            if score[side] >= self._target and side not in revoking:
                return side
        return None

    def _honours_scored(self, points: int, score_now: int, score_at_start: int) -> int:
        """Honour points after the §2.2 game-boundary rule of the profile."""
        target = self._target
        if self._rule is HonoursAtGame.CAP_ONE_SHORT:
            return max(0, min(points, target - 1 - score_now))
        if self._rule is HonoursAtGame.IGNORED_IF_REACHING_GAME:
            return 0 if score_now + points >= target else points
        return 0 if score_at_start == target - 1 else points

    def _check(
        self,
        before: tuple[int, int],
        ns_tricks: int,
        honours: HonoursHeld,
        revokes: tuple[Revoke, ...],
    ) -> None:
        if isinstance(ns_tricks, bool) or not isinstance(ns_tricks, int):
            raise ScoringError(
                f"NS tricks must be a whole number from 0 to 13, not {ns_tricks!r}",
                code="tricks_not_a_number",
                params={"ns_tricks": repr(ns_tricks)},
            )
        if not 0 <= ns_tricks <= 13:
            raise ScoringError(
                f"NS cannot take {ns_tricks} tricks (0 to 13)",
                code="tricks_out_of_range",
                params={"ns_tricks": str(ns_tricks)},
            )
        if not isinstance(before, tuple | list) or len(before) != 2:
            raise ScoringError(
                "the score before the hand must be a pair: NS, EW",
                code="scoring_score_before_hand_pair_ns",
            )
        for side, points in zip(Side, before, strict=True):
            if isinstance(points, bool) or not isinstance(points, int) or points < 0:
                raise ScoringError(
                    f"{side} cannot be at {points!r}: a score is a whole number, 0 or more",
                    code="score_not_a_number",
                    params={"side": str(side), "points": repr(points)},
                )
            if points >= self._target:
                raise ScoringError(
                    f"{side} are at {points}: the game is won at {self._target}, start a new game",
                    code="game_already_won",
                    params={"side": str(side), "points": str(points), "target": str(self._target)},
                )
        if not isinstance(honours, HonoursHeld):
            raise ScoringError(
                "honours must be given as HonoursHeld (use HonoursHeld.claim)",
                code="scoring_honours_given_honoursheld_honoursheld_claim",
            )
        for revoke in revokes:
            self._check_revoke(revoke)

    def _check_revoke(self, revoke: Revoke) -> None:
        if not isinstance(revoke, Revoke):
            raise ScoringError(
                "each revoke must be a Revoke(side, penalty)",
                code="scoring_each_revoke_revoke_side_penalty",
            )
        if not revoke.by_dummy:
            return
        if self.profile.players == 4:
            raise ScoringError(
                "there is no dummy in a four-player game",
                code="scoring_there_dummy_four_player_game",
            )
        if not self.profile.dummy_liable_to_revoke:
            raise ScoringError(
                "dummy is not liable to the revoke penalty (dummy whist): the trick stands",
                code="dummy_not_liable_to_revoke",
            )


def _revoke_tuple(revokes: object) -> tuple[Revoke, ...]:
    if isinstance(revokes, Revoke) or not isinstance(revokes, Sequence | set | frozenset):
        raise ScoringError(
            "revokes must be a list of Revoke(side, penalty), one per revoke",
            code="scoring_revokes_list_revoke_side_penalty",
        )
    return tuple(revokes)


def _plain_ints(before: object, ns_tricks: object) -> bool:
    """Whether the numbers are exact ints in a 2-tuple (so a cache hit cannot admit 7.0)."""
    return (
        type(ns_tricks) is int
        and type(before) is tuple
        and len(before) == 2
        and type(before[0]) is int
        and type(before[1]) is int
    )


_SCORERS: dict[int, HandScorer] = {}


def scorer_for(profile: RuleProfile) -> HandScorer:
    """The shared :class:`HandScorer` of ``profile`` (created on first use)."""
    scorer = _SCORERS.get(id(profile))
    if scorer is None or scorer.profile is not profile:
        if len(_SCORERS) > 1000:
            _SCORERS.clear()
        scorer = _SCORERS[id(profile)] = HandScorer(profile)
    return scorer


def score_hand(
    profile: RuleProfile,
    before: tuple[int, int],
    ns_tricks: int,
    honours: HonoursHeld = NO_HONOURS,
    revokes: Sequence[Revoke] = (),
) -> HandScore:
    """The score of one hand under ``profile`` (see the module contract).

    >>> from engine.profiles import LONG
    >>> from engine.honours import HonoursHeld
    >>> score_hand(LONG, (6, 0), 7, HonoursHeld(Side.NS, 4)).after   # the Czech seed's example
    (8, 0)
    """
    return scorer_for(profile).score(before, ns_tricks, honours, revokes)
