"""Knock-out whist (variants.md §1): cards falling, knock-outs, the dog's life, the winner."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.variants.common import VariantError
from engine.variants.knockout import (
    dealer_of,
    knockout_hand,
    knockout_replay,
    knockout_rules,
    knockout_start,
    legal_leads,
    opening_leader,
)

PAGAT = knockout_rules("pagat")
WIKIPEDIA = knockout_rules("wikipedia")


def test_seven_cards_then_one_fewer_each_hand():
    state = knockout_start(4)
    assert state.cards == 7
    state, _ = knockout_hand(state, {0: 2, 1: 2, 2: 2, 3: 1})
    assert state.cards == 6 and state.hand == 2


def test_without_the_dogs_life_no_trick_means_out():
    state, hand = knockout_hand(knockout_start(4, WIKIPEDIA), {0: 4, 1: 3, 2: 0, 3: 0}, WIKIPEDIA)
    assert hand.out == (2, 3) and state.alive == (0, 1)


def test_first_player_without_a_trick_gets_a_dogs_life_of_one_card():
    state, hand = knockout_hand(knockout_start(4), {0: 4, 1: 3, 2: 0, 3: 0})
    assert hand.out == () and hand.dogs == (2, 3)  # several on the same deal: each one
    with pytest.raises(VariantError) as error:
        knockout_hand(state, {0: 3, 1: 1, 2: 2, 3: 0})  # a dog holds one card
    assert error.value.code == "player_tricks_out_of_range"
    state, hand = knockout_hand(state, {0: 3, 1: 2, 2: 1, 3: 0})
    assert hand.out == (3,) and state.alive == (0, 1, 2) and state.dogs == ()


def test_only_one_dogs_life_per_game():
    state, _ = knockout_hand(knockout_start(3), {0: 4, 1: 3, 2: 0})
    state, _ = knockout_hand(state, {0: 3, 1: 2, 2: 1})
    state, hand = knockout_hand(state, {0: 3, 1: 2, 2: 0})
    assert hand.out == (2,) and hand.dogs == () and state.alive == (0, 1)


def test_a_player_who_takes_every_trick_wins():
    state, hand = knockout_hand(knockout_start(4), {0: 7, 1: 0, 2: 0, 3: 0})
    assert state.winner == 0 and hand.out == (1, 2, 3) and state.outlasted[0] == 3


def test_a_first_hand_sweep_with_the_dogs_life_first_gives_every_other_player_a_dogs_life():
    """[PAGAT-KO]'s reading: the players who took no trick each get a dog's life, even
    against a sweep; the game goes on with the sweeper at 6 cards and three dogs at one."""
    rules = knockout_rules("pagat", sweep="dogs_life_first")
    state, hand = knockout_hand(knockout_start(4, rules), {0: 7, 1: 0, 2: 0, 3: 0}, rules)
    assert state.winner is None and hand.out == () and hand.dogs == (1, 2, 3)
    assert state.alive == (0, 1, 2, 3) and state.cards == 6 and state.dogs_life_used
    # The dog's life is used: the next sweep ends the game.
    state, hand = knockout_hand(state, {0: 6, 1: 0, 2: 0, 3: 0}, rules)
    assert state.winner == 0 and hand.out == (1, 2, 3)


def test_the_sweep_setting_changes_nothing_without_the_dogs_life():
    rules = knockout_rules("wikipedia", sweep="dogs_life_first")
    state, hand = knockout_hand(knockout_start(4, rules), {0: 7, 1: 0, 2: 0, 3: 0}, rules)
    assert state.winner == 0 and hand.out == (1, 2, 3)


def test_most_tricks_chooses_trumps_ties_cut():
    _, hand = knockout_hand(knockout_start(3), {0: 3, 1: 3, 2: 1})
    assert hand.trump_choosers == (0, 1)


def test_tricks_of_a_player_already_out_are_refused():
    state, _ = knockout_hand(knockout_start(3, WIKIPEDIA), {0: 4, 1: 3, 2: 0}, WIKIPEDIA)
    with pytest.raises(VariantError) as error:
        knockout_hand(state, {0: 3, 1: 2, 2: 1}, WIKIPEDIA)
    assert error.value.code == "tricks_of_players_in"


def test_the_deal_passes_left_among_players_still_in():
    state, _ = knockout_hand(knockout_start(3, WIKIPEDIA), {0: 4, 1: 0, 2: 3}, WIKIPEDIA)
    assert dealer_of(state, first_dealer=0) == 2  # player 1 is out


@settings(max_examples=80, deadline=None)
@given(players=st.integers(2, 7), dogs=st.booleans(), sweep=st.booleans(), data=st.data())
def test_property_every_game_ends_with_one_winner_who_outlasted_everyone(
    players, dogs, sweep, data
):
    rules = knockout_rules(
        "pagat" if dogs else "wikipedia", sweep="sweep_wins" if sweep else "dogs_life_first"
    )
    state = knockout_start(players, rules)
    hands = []
    while not state.is_over:
        takers = data.draw(
            st.lists(st.sampled_from(state.alive), min_size=state.cards, max_size=state.cards)
        )
        if any(takers.count(d) > 1 for d in state.dogs):
            continue
        tricks = {p: takers.count(p) for p in state.alive}
        hands.append(tricks)
        state, _ = knockout_hand(state, tricks, rules)
    assert state.winner is not None and state.outlasted[state.winner] == players - 1
    assert max(state.outlasted) == players - 1 and state.hand <= 8
    assert knockout_replay(players, hands, rules)[0] == state


@pytest.mark.parametrize(("lead", "leader"), [("dealer_left", 2), ("trump_chooser", 0)])
def test_lead_after_the_first_hand_dealers_left_or_the_trump_chooser(lead, leader):
    rules = knockout_rules("pagat", lead=lead)
    state, hand = knockout_hand(knockout_start(3, rules), {0: 4, 1: 2, 2: 1}, rules)
    assert opening_leader(rules, state, 0, hand.trump_choosers[0]) == leader


def test_first_hand_the_dealers_left_leads_under_either_setting():
    rules = knockout_rules("pagat", lead="trump_chooser")
    assert opening_leader(rules, knockout_start(3, rules), 0, 2) == 1


@pytest.mark.parametrize(("must_break", "led"), [(False, {"AH", "2S"}), (True, {"2S"})])
def test_trumps_may_be_led_before_they_are_broken_per_setting(must_break, led):
    from engine.cards import Card, Suit

    rules = knockout_rules("pagat", trumps_must_be_broken=must_break)
    hand = [Card.parse("AH"), Card.parse("2S")]
    assert {str(c) for c in legal_leads(rules, hand, Suit.HEARTS, broken=False)} == led
    assert len(legal_leads(rules, hand, Suit.HEARTS, broken=True)) == 2
