"""The three-rubber match with rotating partners (rules.md §8 — the Spanish seed's rule).

Contract:

* A :class:`Seating` says which player sits in each seat (N, E, S, W); players are any
  hashable ids, each seated once. It is a read-only mapping ``Seat -> player``.
* Rubber 1 is as cut. The deal passes to the left every hand, so the player due to deal when
  a rubber starts sits left of the previous rubber's last dealer (:func:`due_to_deal`).
* Rubber 2 (:func:`second_rubber_seating`): the player due to deal and the cutter (the
  dealer's right-hand neighbour, who cuts the pack) keep their seats; the other two swap.
* Rubber 3 (:func:`third_rubber_seating`): the player due to deal keeps his seat; the one
  player he has not yet partnered changes places with whoever sits opposite the dealer.
* Over the three rubbers every player partners each of the other three exactly once, for any
  first seating and any dealers. :func:`match_totals` adds each player's points (his side's
  points in each rubber, :meth:`engine.rubber.RubberResult.points_for`).
* Cutting (rules.md §1; Club law 13, old Hoyle): in cutting the ace is the lowest card
  (:func:`cut_rank`); the two lowest cuts play against the two highest and the lowest deals
  (:func:`cut_for_table`). Equal cards that would decide the deal or the partnerships must be
  cut again (a :class:`~engine.errors.RotationError` says who). The pack is cut for each deal
  by the dealer's right-hand adversary (:func:`cutter`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from engine.cards import Card, Rank, Seat, Side
from engine.errors import RotationError
from engine.rubber import RubberResult

__all__ = [
    "cut_rank",
    "cutter",
    "cut_for_table",
    "Seating",
    "due_to_deal",
    "second_rubber_seating",
    "third_rubber_seating",
    "match_seatings",
    "partnerships",
    "match_totals",
]


@dataclass(frozen=True, slots=True)
class Seating(Mapping[Seat, Hashable]):
    """The players in seats N, E, S, W (``players[seat]``)."""

    players: tuple[Hashable, Hashable, Hashable, Hashable]

    def __post_init__(self) -> None:
        if not isinstance(self.players, tuple) or len(self.players) != 4:
            raise RotationError(
                "a whist table seats exactly four players: N, E, S and W",
                code="rotation_whist_table_seats_exactly_four",
            )
        seen: set[Hashable] = set()
        for player in self.players:
            if player is None:
                raise RotationError(
                    "every seat needs a player", code="rotation_every_seat_needs_player"
                )
            if player in seen:
                raise RotationError(
                    f"player {player} is seated twice",
                    code="player_seated_twice",
                    params={"player": str(player)},
                )
            seen.add(player)

    @classmethod
    def of(cls, seats: Mapping[Seat, Hashable] | Sequence[Hashable]) -> Seating:
        """A seating from a mapping ``{Seat.N: ..., ...}`` or a sequence in N, E, S, W order."""
        if isinstance(seats, Seating):
            return seats
        if isinstance(seats, Mapping):
            missing = [str(seat) for seat in Seat if seat not in seats]
            if missing:
                raise RotationError(
                    f"no player in seat {', '.join(missing)}",
                    code="rotation_player_seat",
                    params={"names": str(", ".join(missing))},
                )
            return cls(tuple(seats[seat] for seat in Seat))
        return cls(tuple(seats))

    def __getitem__(self, seat: Seat) -> Hashable:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
            raise KeyError(seat)
        return self.players[seat]

    def __iter__(self) -> Iterator[Seat]:
        return iter(Seat)

    def __len__(self) -> int:
        return 4

    def seat_of(self, player: Hashable) -> Seat:
        try:
            return Seat(self.players.index(player))
        except ValueError:
            raise RotationError(
                f"player {player} is not at this table",
                code="rotation_player_table",
                params={"player": str(player)},
            ) from None

    def partner_of(self, player: Hashable) -> Hashable:
        return self[self.seat_of(player).partner]

    def swap(self, a: Seat, b: Seat) -> Seating:
        """The seating with the players in seats ``a`` and ``b`` exchanged."""
        players = list(self.players)
        players[a], players[b] = players[b], players[a]
        return Seating(tuple(players))


def cut_rank(card: Card) -> int:
    """A card's rank when cutting: the ace is the lowest (1), then 2 … king (13)."""
    if not isinstance(card, Card):
        raise RotationError(
            f"{card!r} is not a card", code="rotation_card", params={"card": repr(card)}
        )
    return 1 if card.rank is Rank.ACE else int(card.rank)


def cutter(dealer: Seat) -> Seat:
    """Who cuts the pack for ``dealer``: his right-hand adversary."""
    return _seat(dealer).right


def cut_for_table(cuts: Mapping[Hashable, Card]) -> Seating:
    """Rubber 1's seating from the four players' cuts: the lowest cut deals and sits North;
    his partner is the other of the two lowest (South); the two highest sit East and West
    (the higher on the dealer's left). Suits do not count: equal cards that would decide who
    deals or who partners whom must be cut again."""
    if not isinstance(cuts, Mapping) or len(cuts) != 4:
        raise RotationError(
            "four players cut for partners and deal", code="rotation_four_players_cut_partners_deal"
        )
    cards = [cuts[player] for player in cuts]
    for card in cards:
        cut_rank(card)
        if cards.count(card) > 1:
            raise RotationError(
                f"{card} was cut twice: everyone cuts from the same pack",
                code="rotation_was_cut_twice_everyone_cuts",
                params={"card": str(card)},
            )
    order = sorted(cuts, key=lambda player: cut_rank(cuts[player]))
    ranks = [cut_rank(cuts[player]) for player in order]
    if ranks[0] == ranks[1]:
        raise RotationError(
            f"{order[0]} and {order[1]} cut equal cards for the deal: cut again",
            code="rotation_cut_equal_cards_deal_cut",
            params={"order": str(order[0]), "order2": str(order[1])},
        )
    if ranks[1] == ranks[2]:
        raise RotationError(
            f"{order[1]} and {order[2]} cut equal cards for partners: cut again",
            code="rotation_cut_equal_cards_partners_cut",
            params={"order": str(order[1]), "order2": str(order[2])},
        )
    return Seating((order[0], order[3], order[1], order[2]))


def due_to_deal(last_dealer: Seat) -> Seat:
    """The seat due to deal the next hand: left of the last dealer."""
    return Seat(last_dealer).left


def second_rubber_seating(first: Seating, dealer: Seat) -> Seating:
    """Rubber 2: the player due to deal (in seat ``dealer``) and the cutter on his right keep
    their seats; the dealer's left-hand neighbour and his partner swap."""
    dealer = _seat(dealer)
    return Seating.of(first).swap(dealer.left, dealer.partner)


def third_rubber_seating(first: Seating, second: Seating, dealer: Seat) -> Seating:
    """Rubber 3: the player due to deal (in seat ``dealer`` of ``second``) keeps his seat; the
    player he partnered in neither earlier rubber swaps with whoever sits opposite him."""
    first, second, dealer = Seating.of(first), Seating.of(second), _seat(dealer)
    if set(first.players) != set(second.players):
        raise RotationError(
            "rubber 2 must be played by the same four players as rubber 1",
            code="rotation_rubber_played_same_four_players",
        )
    if partnerships(first) & partnerships(second):
        raise RotationError(
            "rubber 2 repeats a partnership of rubber 1",
            code="rotation_rubber_repeats_partnership_rubber",
        )
    player = second[dealer]
    partnered = {first.partner_of(player), second.partner_of(player), player}
    (newcomer,) = set(second.players) - partnered
    return second.swap(second.seat_of(newcomer), dealer.partner)


def match_seatings(
    first: Seating, second_dealer: Seat, third_dealer: Seat
) -> tuple[Seating, Seating, Seating]:
    """The seatings of the three rubbers, given rubber 1's seating and the seat due to deal
    when rubber 2 and rubber 3 start."""
    first = Seating.of(first)
    second = second_rubber_seating(first, second_dealer)
    return (first, second, third_rubber_seating(first, second, third_dealer))


def partnerships(seating: Seating) -> frozenset[frozenset[Hashable]]:
    """The two partnerships of a seating, each as a pair of players."""
    seating = Seating.of(seating)
    return frozenset(frozenset(seating[seat] for seat in side.seats) for side in Side)


def match_totals(
    seatings: Sequence[Seating], results: Sequence[RubberResult]
) -> dict[Hashable, int]:
    """Each player's total over the rubbers played: in each rubber, his side's points."""
    if len(results) > len(seatings):
        raise RotationError(
            f"{len(results)} rubber results but only {len(seatings)} seatings",
            code="rotation_rubber_results_seatings",
            params={"count": str(len(results)), "count2": str(len(seatings))},
        )
    totals: dict[Hashable, int] = {player: 0 for player in Seating.of(seatings[0]).players}
    for seating, result in zip(seatings, results, strict=False):
        for player, points in result.player_points(Seating.of(seating)).items():
            if player not in totals:
                raise RotationError(
                    f"player {player} did not play rubber 1",
                    code="rotation_player_did_play_rubber",
                    params={"player": str(player)},
                )
            totals[player] += points
    return totals


def _seat(seat: object) -> Seat:
    try:
        return Seat(seat)
    except ValueError:
        raise RotationError(
            f"{seat!r} is not a seat (N, E, S or W)",
            code="rotation_seat_n_e_s_w",
            params={"seat": repr(seat)},
        ) from None
