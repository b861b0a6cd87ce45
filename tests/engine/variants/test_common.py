"""The shared framework: presets and their settings, the follow rules, replay (variants.md
Decision 1; §1, §6 play rules)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import FULL_DECK, Card, Suit
from engine.variants.common import (
    FollowRule,
    VariantError,
    check_tricks,
    legal_plays,
    replay,
    trick_taker,
    zero_sum,
)
from engine.variants.exact import EXACT_PRESETS, ExactRules, exact_rules
from engine.variants.knockout import KNOCKOUT_PRESETS
from engine.variants.minnesota import MINNESOTA_PRESETS
from engine.variants.solo import SOLO_PRESETS

ALL_PRESETS = [
    *EXACT_PRESETS.values(),
    *KNOCKOUT_PRESETS.values(),
    *MINNESOTA_PRESETS.values(),
    *SOLO_PRESETS.values(),
]


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


@pytest.mark.parametrize("rules", ALL_PRESETS, ids=lambda r: r.name)
def test_every_preset_round_trips_through_its_stored_form(rules):
    assert type(rules).from_dict(rules.to_dict()) == rules


def test_an_unknown_setting_or_value_is_refused_with_its_code():
    with pytest.raises(VariantError) as unknown:
        exact_rules("romanian", jokers=2)
    assert unknown.value.code == "unknown_setting" and unknown.value.params["setting"] == "jokers"
    with pytest.raises(VariantError) as bad:
        exact_rules("romanian", hook="maybe")
    assert bad.value.code == "bad_setting"
    with pytest.raises(VariantError) as preset:
        exact_rules("whist_of_the_moon")
    assert preset.value.code == "unknown_preset"


def test_override_keeps_the_preset_and_changes_one_setting():
    rules = exact_rules("oh_hell", hook=False)
    assert rules.hook is False and rules.exact_base == 10 and isinstance(rules, ExactRules)


def test_follow_rules_differ_when_void_in_the_suit_led():
    hand = cards("2H 3S 4D")
    trick = cards("KC")
    assert legal_plays(hand, trick, Suit.HEARTS, FollowRule.FOLLOW) == hand
    assert legal_plays(hand, trick, Suit.HEARTS, FollowRule.MUST_TRUMP) == cards("2H")


def test_must_overtake_beats_the_trick_in_the_suit_led_if_able():
    hand = cards("2C QC AC 5H")
    assert legal_plays(hand, cards("KC"), Suit.HEARTS, FollowRule.MUST_OVERTAKE) == cards("AC")
    assert set(legal_plays(cards("2C 3C"), cards("KC"), None, FollowRule.MUST_OVERTAKE)) == set(
        cards("2C 3C")
    )


def test_trick_taker_highest_trump_else_highest_of_the_suit_led():
    assert trick_taker(cards("KH AH 2S QH"), Suit.SPADES) == 2
    assert trick_taker(cards("KH AD 2S QH"), None) == 0


def test_tricks_must_add_up_to_the_cards_dealt():
    check_tricks([2, 1, 0], 3)
    with pytest.raises(VariantError) as error:
        check_tricks([2, 2, 0], 3)
    assert error.value.code == "tricks_do_not_add_up"


def test_zero_sum_refuses_an_unbalanced_settlement():
    with pytest.raises(VariantError):
        zero_sum([3, -1, -1, 0])


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 7),
    size=st.integers(1, 7),
    seed=st.randoms(use_true_random=False),
    rule=st.sampled_from(list(FollowRule)),
    trump=st.sampled_from([None, *Suit]),
)
def test_property_a_replayed_legal_play_agrees_with_the_tricks_entered(
    players, size, seed, rule, trump
):
    """Random legal play of a random deal: the replay gives every trick one taker, the
    counts are what check_tricks accepts, and each player's count is the tricks he won."""
    deck = list(FULL_DECK)
    seed.shuffle(deck)
    hands = [deck[p * size : (p + 1) * size] for p in range(players)]
    held = [list(h) for h in hands]
    leader, record, won = seed.randrange(players), [], [0] * players
    lead = leader
    for _ in range(size):
        trick = []
        for k in range(players):
            player = (lead + k) % players
            card = seed.choice(legal_plays(held[player], trick, trump, rule))
            held[player].remove(card)
            trick.append(card)
        lead = (lead + trick_taker(trick, trump)) % players
        won[lead] += 1
        record += trick
    replayed = replay(hands, leader, trump, record, rule)
    check_tricks(replayed.tricks, size)
    assert list(replayed.tricks) == won


def test_replay_refuses_a_card_not_held_and_a_forbidden_discard():
    hands = [cards("AH 2C"), cards("KH 3S")]
    with pytest.raises(VariantError) as not_held:
        replay(hands, 0, None, cards("AH QH 2C 3S"))
    assert not_held.value.code == "card_not_held"
    hands = [cards("AC 2D"), cards("3S 4H")]
    with pytest.raises(VariantError) as revoke:
        replay(hands, 0, Suit.HEARTS, cards("AC 3S 2D 4H"), FollowRule.MUST_TRUMP)
    assert revoke.value.code == "card_not_allowed"
