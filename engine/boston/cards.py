"""The boston card, legal cards and the trick winner (rules.md §10.1)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.boston.variants import BostonCardRule, BostonProfile
from engine.cards import Card, Rank, Suit
from engine.errors import BostonError


def boston_card(profile: BostonProfile, trump: Suit | None) -> Card | None:
    """The boston card for ``trump`` under the profile's rule, or None."""
    return _boston_card(profile.boston_card, trump)


@cache
def _boston_card(rule: BostonCardRule, trump: Suit | None) -> Card | None:
    if rule is BostonCardRule.NONE:
        return None
    if rule is BostonCardRule.ALWAYS_JH:
        return Card(Suit.HEARTS, Rank.JACK)
    if rule is BostonCardRule.JD_EXCEPT_DIAMONDS and trump is Suit.DIAMONDS:
        return Card(Suit.HEARTS, Rank.JACK)
    return Card(Suit.DIAMONDS, Rank.JACK)


def effective_suit(card: Card, profile: BostonProfile, trump: Suit | None) -> Suit:
    """The suit a card follows as: the boston card is a trump when the setting says so."""
    if trump is not None and profile.boston_card_is_trump and card == boston_card(profile, trump):
        return trump
    return card.suit


def legal_cards(
    hand: Sequence[Card], led: Card | None, profile: BostonProfile, trump: Suit | None
) -> list[Card]:
    """Cards that may be played: follow the led (effective) suit if able, else anything."""
    if led is None:
        return list(hand)
    suit = effective_suit(led, profile, trump)
    following = [c for c in hand if effective_suit(c, profile, trump) == suit]
    return following or list(hand)


def trick_winner(trick: Sequence[Card], profile: BostonProfile, trump: Suit | None) -> int:
    """Index in ``trick`` of the winning card; the boston card beats every other card."""
    boston = boston_card(profile, trump)
    if boston is not None and boston in trick:
        return list(trick).index(boston)
    led = effective_suit(trick[0], profile, trump)

    def key(card: Card) -> tuple[int, int]:
        suit = effective_suit(card, profile, trump)
        return (2 if suit == trump else 1 if suit == led else 0, card.rank)

    return max(range(len(trick)), key=lambda i: key(trick[i]))


def hand_trump(choice: str, turned_this_deal: Suit, turned_first_deal: Suit) -> Suit:
    """The trump named in a pido: "pequeño" (turned this deal) or "bueno" (first deal's)."""
    if choice == "pequeño":
        return turned_this_deal
    if choice == "bueno":
        return turned_first_deal
    raise BostonError(
        f"trump must be pequeño or bueno, not {choice!r}",
        code="boston_trump_choice_unknown",
        params={"choice": repr(choice)},
    )
