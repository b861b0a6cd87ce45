"""A Boston hand's play: the discard before a little misère, and replaying a record of play.

Contract (seed page 2; rules.md §10.2–10.3):

* Pequeña miseria (and the Anglo-American little misère and little spread): every player
  discards one card face down before play, so 12 tricks are played and the declarer must
  lose all 12 (:func:`discard`).
* Miseria de cuatro ases: the declarer must hold the four aces, and may renounce — not
  follow suit although able — in the first ten tricks; from the eleventh trick on he must
  follow like everyone else.
* Otherwise Boston's play: the player left of the dealer leads, the winner of each trick
  leads the next, follow the led suit if able (the boston card follows as a trump when the
  profile says so), the boston card beats every card, then the highest trump, then the
  highest card of the suit led (:mod:`engine.boston.cards`).

:func:`replay_hand` raises :class:`~engine.errors.BostonError` for a record that cannot have
happened (a card not held, played twice, hands of the wrong size, a record stopping inside a
trick, cuatro ases without the four aces). A revoke is flagged, not refused; an allowed
renounce is listed apart.

>>> from engine.cards import parse_cards
>>> from engine.deal import parse_pbn_deal
>>> from engine.boston.variants import SPANISH
>>> suited = parse_pbn_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
>>> play = replay_hand(suited.as_mapping(), Seat.W, Suit.SPADES, SPANISH, parse_cards("AS 2H 2D 2C"))
>>> play.trick_winners, play.tricks[Seat.N], play.complete
((<Seat.N: 0>,), 1, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.boston.auction import Contract, Level
from engine.boston.cards import boston_card, effective_suit
from engine.boston.variants import BostonProfile
from engine.cards import Card, Rank, Seat, Suit
from engine.errors import BostonError
from engine.play import RevokeSeen

#: Tricks in which the miseria de cuatro ases declarer may renounce (seed page 2).
FOUR_ACES_RENOUNCE_TRICKS = 10
_SEATS = tuple(Seat)


def discard(
    hands: Mapping[Seat, Iterable[Card]], discards: Mapping[Seat, Card]
) -> dict[Seat, tuple[Card, ...]]:
    """The hands after every player discarded one card (pequeña miseria, little misère)."""
    missing = [seat.name for seat in Seat if seat not in discards]
    if missing:
        raise BostonError(
            f"every player discards one card; {', '.join(missing)} did not",
            code="boston_play_every_player_discards_one_card",
            params={"names": str(", ".join(missing))},
        )
    after: dict[Seat, tuple[Card, ...]] = {}
    for seat in Seat:
        cards = tuple(hands[seat])
        card = discards[seat]
        if card not in cards:
            raise BostonError(
                f"{seat.name} cannot discard {card}: not in the hand",
                code="boston_play_discard_hand",
                params={"name": str(seat.name), "card": str(card)},
            )
        after[seat] = tuple(c for c in cards if c != card)
    return after


def holds_four_aces(hand: Iterable[Card]) -> bool:
    """Whether the hand holds the four aces (miseria de cuatro ases needs them)."""
    return sum(1 for card in hand if card.rank == Rank.ACE) == 4


@dataclass(frozen=True)
class BostonPlay:
    """What a record shows: each trick's winner, the tricks each seat took, the revokes,
    and the renounces the contract allowed (miseria de cuatro ases)."""

    trick_winners: tuple[Seat, ...]
    tricks: dict[Seat, int]
    tricks_in_hand: int
    revokes: tuple[RevokeSeen, ...] = ()
    renounces: tuple[RevokeSeen, ...] = ()

    @property
    def complete(self) -> bool:
        return len(self.trick_winners) == self.tricks_in_hand

    def tricks_of(self, *seats: Seat | None) -> int:
        """Tricks taken by the given seats together (``None`` is skipped: no supporter)."""
        return sum(self.tricks[s] for s in set(seats) if s is not None)


def replay_hand(
    hands: Mapping[Seat, Iterable[Card]],
    dealer: Seat,
    trump: Suit | None,
    profile: BostonProfile,
    record: Sequence[Card],
    contract: Contract | None = None,
) -> BostonPlay:
    """Replay ``record`` (cards in the order played; each card's player is whoever holds
    it) from ``hands`` (13 cards each, or 12 after the discard)."""
    held = {seat: list(hands[seat]) for seat in Seat}
    size = _check_hands(held, contract)
    owner = {card: seat for seat, cards in held.items() for card in cards}
    renounce_seat = _four_aces_declarer(held, contract)
    if len(record) % 4:
        raise BostonError(
            f"the record stops inside trick {len(record) // 4 + 1}",
            code="boston_play_record_stops_inside_trick",
            params={"number": str(len(record) // 4 + 1)},
        )
    if len(record) > 4 * size:
        raise BostonError(
            f"{len(record)} cards played but a hand has only {size} tricks",
            code="boston_play_cards_played_hand_tricks",
            params={"count": str(len(record)), "size": str(size)},
        )
    boston = boston_card(profile, trump)
    suit_of = {card: effective_suit(card, profile, trump) for card in owner}
    leader = dealer.left
    winners: list[Seat] = []
    revokes: list[RevokeSeen] = []
    renounces: list[RevokeSeen] = []
    for number, start in enumerate(range(0, len(record), 4), start=1):
        trick = record[start : start + 4]
        led = suit_of.get(trick[0])
        for offset, card in enumerate(trick):
            seat = _SEATS[(leader + offset) % 4]
            _check_card(card, seat, owner, held, number)
            if offset and suit_of[card] != led and any(suit_of[c] == led for c in held[seat]):
                renounce = RevokeSeen(seat, number, card, led)  # type: ignore[arg-type]
                if seat == renounce_seat and number <= FOUR_ACES_RENOUNCE_TRICKS:
                    renounces.append(renounce)
                else:
                    revokes.append(renounce)
            held[seat].remove(card)
        leader = _SEATS[(leader + _winner(trick, suit_of, led, trump, boston)) % 4]
        winners.append(leader)
    tricks = {seat: winners.count(seat) for seat in _SEATS}
    return BostonPlay(tuple(winners), tricks, size, tuple(revokes), tuple(renounces))


def _winner(
    trick: Sequence[Card],
    suit_of: dict[Card, Suit],
    led: Suit | None,
    trump: Suit | None,
    boston: Card | None,
) -> int:
    """As :func:`engine.boston.cards.trick_winner`, with the suits worked out once a hand."""
    if boston is not None and boston in trick:
        return trick.index(boston)
    best, best_key = 0, (-1, -1)
    for i, card in enumerate(trick):
        suit = suit_of[card]
        key = (2 if suit == trump else 1 if suit == led else 0, card.rank)
        if key > best_key:
            best, best_key = i, key
    return best


def _check_hands(held: dict[Seat, list[Card]], contract: Contract | None) -> int:
    sizes = {len(cards) for cards in held.values()}
    if len(sizes) != 1:
        raise BostonError(
            "every player must hold the same number of cards",
            code="boston_play_every_player_hold_same_number",
        )
    size = sizes.pop()
    if size not in (12, 13):
        raise BostonError(
            f"each player holds {size} cards; a hand is 13 (12 after the discard)",
            code="boston_play_each_player_holds_cards_hand",
            params={"size": str(size)},
        )
    want = contract.level.tricks_played if contract is not None else size
    if size != want:
        after = " after the discard" if want == 12 else ""
        raise BostonError(
            f"each player holds {size} cards, but this hand needs {want}{after}",
            code="boston_play_each_player_holds_cards_hand_2",
            params={"size": str(size), "want": str(want), "after": str(after)},
        )
    cards = [card for hand in held.values() for card in hand]
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise BostonError(
            f"{twice} is dealt twice", code="boston_play_dealt_twice", params={"twice": str(twice)}
        )
    return size


def _four_aces_declarer(held: dict[Seat, list[Card]], contract: Contract | None) -> Seat | None:
    if contract is None or contract.level is not Level.MISERIA_CUATRO_ASES:
        return None
    if not holds_four_aces(held[contract.declarer]):
        raise BostonError(
            f"{contract.declarer.name} bid miseria de cuatro ases without the four aces",
            code="boston_four_aces_missing",
            params={"name": str(contract.declarer.name)},
        )
    return contract.declarer


def _check_card(
    card: Card, seat: Seat, owner: dict[Card, Seat], held: dict[Seat, list[Card]], number: int
) -> None:
    if card not in owner:
        raise BostonError(
            f"{card} is not in any hand", code="boston_play_any_hand", params={"card": str(card)}
        )
    if owner[card] != seat:
        raise BostonError(
            f"{owner[card].name} played {card} in trick {number} but it was {seat.name}'s turn",
            code="boston_play_played_trick_was_s_turn",
            params={
                "name": str(owner[card].name),
                "card": str(card),
                "number": str(number),
                "name2": str(seat.name),
            },
        )
    if card not in held[seat]:
        raise BostonError(
            f"{card} was already played before trick {number}",
            code="boston_play_was_already_played_before_trick",
            params={"card": str(card), "number": str(number)},
        )
