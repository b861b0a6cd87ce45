"""Play: following suit, winning tricks, revokes, and replaying a hand's record of play.

Contract (rules.md §1, §3):

* The player on the dealer's left leads to the first trick; the winner of each trick leads
  to the next. A player must follow suit if able; when void, any card may be played
  (trumping is never compulsory).
* A trick is won by the highest trump if any trump was played, else by the highest card of
  the suit led. ``trump=None`` is no trump.
* A revoke is playing another suit while holding a card of the suit led (Club law 71).
  :func:`replay` records revokes and plays on; it never refuses them, because the revoke
  penalty is a matter for scoring.
* :func:`replay` raises :class:`~engine.errors.PlayError` for a record that cannot have
  happened: a card played twice, out of turn, a record that stops in the middle of a trick,
  or an impossible claim.

>>> from engine.cards import Seat, Suit, parse_cards
>>> trick_winner(parse_cards("KH AH 2S QH"), Seat.N, Suit.SPADES)
<Seat.S: 2>
>>> trick_winner(parse_cards("KH AH 2S QH"), Seat.N, None)
<Seat.E: 1>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import Card, Seat, Side, Suit
from engine.deal import Deal
from engine.errors import PlayError

__all__ = [
    "legal_cards",
    "is_revoke",
    "trick_winner",
    "RevokeSeen",
    "Claim",
    "PlayOutcome",
    "replay",
]

_NO_TRUMP = 4
_SEATS = tuple(Seat)
_SUITS = tuple(Suit)


def _strength_table(trump_code: int, led: int) -> tuple[int, ...]:
    """For each card index, a number that orders the cards of a trick led in ``led``: trumps
    above the suit led above everything else, rank order within each."""
    table = []
    for index in range(52):
        suit, rank = divmod(index, 13)
        bonus = 200 if suit == trump_code else 100 if suit == led else 0
        table.append(bonus + rank)
    return tuple(table)


#: ``_STRENGTH[trump_code][led_suit][card_index]``; trump_code 4 is no trump.
_STRENGTH = tuple(tuple(_strength_table(t, led) for led in range(4)) for t in range(5))


def _trump_code(trump: Suit | None) -> int:
    if trump is None:
        return _NO_TRUMP
    if not isinstance(trump, Suit):
        raise PlayError(
            f"{trump!r} is not a trump suit (give a Suit, or None for no trump)",
            code="play_trump_suit_suit_none_trump",
            params={"trump": repr(trump)},
        )
    return int(trump)


def legal_cards(hand: Iterable[Card], led_suit: Suit | None) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played: any card when leading (``led_suit`` None) or
    when void in the suit led, else only the cards of that suit."""
    cards = tuple(hand)
    if led_suit is None:
        return cards
    following = tuple(card for card in cards if card.suit is led_suit)
    return following or cards


def is_revoke(hand: Iterable[Card], led_suit: Suit, card: Card) -> bool:
    """Whether playing ``card`` from ``hand`` (the cards held before playing it) to a trick
    led in ``led_suit`` is a revoke: another suit while holding the suit led."""
    return card.suit is not led_suit and any(held.suit is led_suit for held in hand)


def trick_winner(cards: Sequence[Card], leader: Seat, trump: Suit | None) -> Seat:
    """The seat that wins the trick ``cards`` (in the order played, ``leader`` first, then
    clockwise): the highest trump if any was played, else the highest card of the suit led."""
    if not 1 <= len(cards) <= 4:
        raise PlayError(
            f"a trick has one to four cards, not {len(cards)}",
            code="play_trick_one_four_cards",
            params={"count": str(len(cards))},
        )
    strength = _STRENGTH[_trump_code(trump)][cards[0].index // 13]
    best = max(range(len(cards)), key=lambda position: strength[cards[position].index])
    return _SEATS[(leader + best) % 4]


@dataclass(frozen=True, slots=True)
class RevokeSeen:
    """A revoke found in the play: ``seat`` played ``card`` to trick ``trick`` (1–13), led in
    ``led_suit``, while holding that suit. The claim scoring takes is
    :class:`engine.scoring.Revoke` (:func:`engine.scoring.revokes_from_play` turns one into
    the other)."""

    seat: Seat
    trick: int
    card: Card
    led_suit: Suit

    def __str__(self) -> str:
        return f"{self.seat} revoked in trick {self.trick}: played {self.card} on a {self.led_suit} lead"


@dataclass(frozen=True, slots=True)
class Claim:
    """At the end of a record stopped early, ``side`` takes ``tricks`` of the tricks still to
    play and the other side takes the rest."""

    side: Side
    tricks: int


@dataclass(frozen=True, slots=True)
class PlayOutcome:
    """What a record of play shows: the winner of each trick played, the tricks each side
    took (``tricks[Side.NS]``, claim included), the revokes, and the claim if any."""

    trick_winners: tuple[Seat, ...]
    tricks: tuple[int, int]
    revokes: tuple[RevokeSeen, ...] = ()
    claim: Claim | None = None

    def tricks_of(self, side: Side) -> int:
        return self.tricks[side]

    @property
    def tricks_played(self) -> int:
        return len(self.trick_winners)


def replay(
    deal: Deal,
    dealer: Seat,
    trump: Suit | None,
    record: Sequence[Card],
    claim: Claim | None = None,
) -> PlayOutcome:
    """Replay ``record`` (the cards in the order played; each card belongs to whoever was
    dealt it) and return the outcome. A complete record has 52 cards; a record stopped early
    ends at a trick boundary and carries a ``claim`` for the remaining tricks."""
    code = _trump_code(trump)
    complete, remainder = divmod(len(record), 4)
    if remainder:
        raise PlayError(
            f"the record stops in the middle of trick {complete + 1} ({remainder} of 4 cards)",
            code="play_record_stops_middle_trick_cards",
            params={"number": str(complete + 1), "remainder": str(remainder)},
        )
    if complete > 13:
        raise PlayError(
            f"a hand has 13 tricks, the record has {complete} (52 cards at most)",
            code="play_hand_tricks_record_cards_most",
            params={"complete": str(complete)},
        )
    winners, revokes = _play_tricks(deal, dealer, code, record, complete)
    taken = [0, 0]
    for winner in winners:
        taken[winner & 1] += 1
    _add_claim(taken, claim, 13 - complete)
    return PlayOutcome(tuple(winners), (taken[0], taken[1]), tuple(revokes), claim)


def _add_claim(taken: list[int], claim: Claim | None, remaining: int) -> None:
    if claim is None:
        if remaining:
            raise PlayError(
                f"the play stops after trick {13 - remaining} without a claim for the "
                f"remaining {remaining} tricks",
                code="play_play_stops_after_trick_without",
                params={"number": str(13 - remaining), "remaining": str(remaining)},
            )
        return
    if not remaining:
        raise PlayError(
            "all 13 tricks were played: there is nothing left to claim",
            code="play_all_tricks_were_played_there",
        )
    if not 0 <= claim.tricks <= remaining:
        raise PlayError(
            f"{claim.side} cannot claim {claim.tricks} tricks: only {remaining} remain",
            code="play_claim_tricks_remain",
            params={
                "side": str(claim.side),
                "tricks": str(claim.tricks),
                "remaining": str(remaining),
            },
        )
    side = Side(claim.side)
    taken[side] += claim.tricks
    taken[side.other] += remaining - claim.tricks


def _play_tricks(
    deal: Deal, dealer: Seat, code: int, record: Sequence[Card], count: int
) -> tuple[list[Seat], list[RevokeSeen]]:
    """The hot loop: plain ints and tuple look-ups, no objects made per card."""
    owners = deal.holders()
    counts = list(deal.suit_counts())
    played = [0] * 52  # trick number (1–13) in which each card was played, 0 if not yet
    strength_by_led = _STRENGTH[code]
    winners: list[Seat] = []
    revokes: list[RevokeSeen] = []
    leader = (dealer + 1) & 3
    for trick in range(1, count + 1):
        base = (trick - 1) * 4
        led = record[base].index // 13
        strength = strength_by_led[led]
        best_strength = -1
        best_seat = leader
        for position in range(4):
            card = record[base + position]
            index = card.index
            seat = (leader + position) & 3
            if owners[index] != seat or played[index]:
                _refuse(card, seat, played[index], owners[index])
            played[index] = trick
            suit = index // 13
            counts[seat * 4 + suit] -= 1
            if suit != led and counts[seat * 4 + led]:
                revokes.append(RevokeSeen(_SEATS[seat], trick, card, _SUITS[led]))
            if strength[index] > best_strength:
                best_strength = strength[index]
                best_seat = seat
        winners.append(_SEATS[best_seat])
        leader = best_seat
    return winners, revokes


def _refuse(card: Card, seat: int, played_in: int, owner: int) -> None:
    if played_in:
        raise PlayError(
            f"{card} was already played in trick {played_in}",
            code="card_played_twice",
            params={"card": str(card), "played_in": str(played_in)},
        )
    raise PlayError(
        f"{_SEATS[owner]} played {card} but it was {_SEATS[seat]}'s turn",
        code="played_out_of_turn",
        params={"player": str(_SEATS[owner]), "card": str(card), "turn": str(_SEATS[seat])},
    )
