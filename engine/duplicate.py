"""A duplicate board's score (rules.md §7, AWL 1894 Law A).

Contract:

* Under a profile where every trick counts (the ``duplicate`` preset): honours are not
  scored, there are no games or rubbers, and a board's score is simply the tricks each side
  took — NS the tricks entered, EW the rest. The same checks as rubber scoring: 0–13 tricks,
  else :class:`~engine.errors.ScoringError` ("NS cannot take 14 tricks").
* A revoke can only move tricks here (there are no points to add or deduct): the claimants
  take up to the profile's ``revoke_penalty`` (3) tricks from the revokers. The AWL revoke
  law was not found (rules.md §12), so this is our reading; ``deduct``/``add`` are refused.
* Comparing boards across tables (team aggregate, ± average, match points) is the
  tournament scoring's job; this module gives one table's result of one board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Side
from engine.errors import ProfileError, ScoringError
from engine.profiles import DUPLICATE, RuleProfile
from engine.scoring import Revoke, RevokePenalty

__all__ = ["BoardScore", "score_board"]


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One table's result of a board: ``tricks`` (NS, EW) after any revoke penalty, and the
    ``tricks_played`` (NS, EW) as entered."""

    tricks: tuple[int, int]
    tricks_played: tuple[int, int]

    def tricks_for(self, side: Side) -> int:
        return self.tricks[side]


def score_board(
    ns_tricks: int, *, profile: RuleProfile = DUPLICATE, revokes: Sequence[Revoke] = ()
) -> BoardScore:
    """The score of a board in which NS took ``ns_tricks`` (see the module contract)."""
    if not profile.every_trick_counts:
        raise ProfileError(
            f"the {profile.name} profile scores rubber hands: use engine.scoring.score_hand",
            code="duplicate_profile_scores_rubber_hands_engine",
            params={"name": str(profile.name)},
        )
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
    tricks = [ns_tricks, 13 - ns_tricks]
    for revoke in revokes:
        if not isinstance(revoke, Revoke):
            raise ScoringError(
                "each revoke must be a Revoke(side, penalty)",
                code="duplicate_each_revoke_revoke_side_penalty",
            )
        if revoke.penalty is not RevokePenalty.TAKE_TRICKS:
            raise ScoringError(
                "in duplicate a revoke is paid in tricks: use take_tricks",
                code="duplicate_duplicate_revoke_paid_tricks_take",
            )
        moved = min(profile.revoke_penalty, tricks[revoke.side])
        tricks[revoke.side] -= moved
        tricks[revoke.side.other] += moved
    return BoardScore((tricks[0], tricks[1]), (ns_tricks, 13 - ns_tricks))
