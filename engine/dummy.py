"""Three-player dummy whist (rules.md §5, Club Code on dummy).

Contract:

* Three players; one of them plays with Dummy (an exposed fourth hand) against the other
  two. Our reading of custom (the Club Code does not say who takes Dummy): the players take
  Dummy in turn, one rubber each, in the order they cut (lowest first), so a match of three
  rubbers gives each player Dummy once (:func:`dummy_match`).
* Seats: Dummy sits North opposite the player who holds it (South); the next player in cut
  order sits West (the holder's left), the third East. Dummy deals at the commencement of
  each rubber (Club Code), so :attr:`DummyRubber.first_dealer` is North; the deal then passes
  to the left as usual.
* Scoring is the profile's (the ``dummy`` preset: short whist). Dummy is not liable to the
  revoke penalty: :class:`engine.scoring.Revoke` with ``by_dummy=True`` is refused under
  such a profile.
* Totals (:func:`dummy_totals`): the player with Dummy wins or loses the rubber's points
  from *each* opponent, so he scores twice the rubber's points and each opponent once, with
  the opposite sign; the three totals always sum to zero.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from engine.cards import Seat, Side
from engine.errors import ProfileError, RotationError
from engine.profiles import RuleProfile
from engine.rotation import Seating
from engine.rubber import Rubber, RubberResult, start_rubber

__all__ = [
    "DUMMY_HAND",
    "DummyRubber",
    "dummy_rubber",
    "dummy_match",
    "dummy_totals",
    "start_dummy_rubber",
]


class _DummyHand:
    """The marker seated in Dummy's place."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "DUMMY_HAND"

    def __reduce__(self) -> str:
        return "DUMMY_HAND"


#: The id seated in Dummy's seat of a dummy-whist :class:`~engine.rotation.Seating`.
DUMMY_HAND = _DummyHand()


@dataclass(frozen=True, slots=True)
class DummyRubber:
    """Rubber ``number`` of a dummy-whist match: ``holder`` plays with Dummy (NS) against
    ``opponents`` (West, East)."""

    number: int
    holder: Hashable
    opponents: tuple[Hashable, Hashable]

    @property
    def seating(self) -> Seating:
        west, east = self.opponents
        return Seating((DUMMY_HAND, east, self.holder, west))

    @property
    def dummy_seat(self) -> Seat:
        return Seat.N

    @property
    def first_dealer(self) -> Seat:
        """Dummy deals at the commencement of each rubber."""
        return self.dummy_seat

    @property
    def holder_side(self) -> Side:
        return Side.NS


def dummy_rubber(players: Sequence[Hashable], number: int) -> DummyRubber:
    """Rubber ``number`` (from 1) for ``players`` in cut order: player ``(number-1) mod 3``
    holds Dummy."""
    players = _three(players)
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise RotationError(
            f"rubbers are numbered from 1, not {number!r}",
            code="dummy_rubbers_numbered",
            params={"number": repr(number)},
        )
    index = (number - 1) % 3
    return DummyRubber(number, players[index], (players[(index + 1) % 3], players[(index + 2) % 3]))


def dummy_match(players: Sequence[Hashable]) -> tuple[DummyRubber, DummyRubber, DummyRubber]:
    """The three rubbers of a match: each player holds Dummy once."""
    return (dummy_rubber(players, 1), dummy_rubber(players, 2), dummy_rubber(players, 3))


def dummy_totals(rubbers: Sequence[tuple[DummyRubber, RubberResult]]) -> dict[Hashable, int]:
    """Each player's total: the holder ±2× the rubber's points, each opponent ∓1×."""
    totals: dict[Hashable, int] = {}
    for rubber, result in rubbers:
        points = result.points_for(rubber.holder_side)
        totals[rubber.holder] = totals.get(rubber.holder, 0) + 2 * points
        for opponent in rubber.opponents:
            totals[opponent] = totals.get(opponent, 0) - points
    return totals


def start_dummy_rubber(profile: RuleProfile) -> Rubber:
    """A new rubber under a three-player profile."""
    if profile.players != 3:
        raise ProfileError(
            f"the {profile.name} profile is for four players, not dummy whist",
            code="dummy_profile_four_players_dummy_whist",
            params={"name": str(profile.name)},
        )
    return start_rubber(profile)


def _three(players: Sequence[Hashable]) -> tuple[Hashable, Hashable, Hashable]:
    players = tuple(players)
    if len(players) != 3 or len(set(players)) != 3:
        raise RotationError(
            "dummy whist needs three different players",
            code="dummy_dummy_whist_needs_three_different",
        )
    if DUMMY_HAND in players:
        raise RotationError(
            "Dummy is not one of the three players", code="dummy_dummy_one_three_players"
        )
    return players  # type: ignore[return-value]
