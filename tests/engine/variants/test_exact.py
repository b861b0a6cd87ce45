"""Romanian whist, Oh Hell, podrida, pocha (variants.md §6): schedules, the hook, scoring
under every preset. Expectations written from the sources' text and examples."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.variants.common import VariantError
from engine.variants.exact import (
    EXACT_PRESETS,
    ExactAuction,
    bid_order,
    check_bids,
    exact_rules,
    has_trump,
    schedule,
    score_deal,
)


def test_romanian_schedule_for_four_players_is_twenty_four_deals():
    expected = [1] * 4 + [2, 3, 4, 5, 6, 7] + [8] * 4 + [7, 6, 5, 4, 3, 2] + [1] * 4
    assert list(schedule(exact_rules("romanian"), 4)) == expected


def test_romanian_eight_card_deals_have_no_trump():
    rules = exact_rules("romanian")
    assert not has_trump(rules, 4, 8) and has_trump(rules, 4, 7)


@pytest.mark.parametrize(
    ("players", "first", "deals"),
    [(3, 17, 35), (4, 13, 28), (5, 10, 23), (6, 8, 20), (7, 7, 19), (8, 6, 18)],
)
def test_podrida_schedule_matches_the_acanomas_table(players, first, deals):
    plan = schedule(exact_rules("podrida_acanomas"), players)
    assert plan[0] == first and len(plan) == deals and plan.count(1) == players
    assert plan[-1] == first


def test_podrida_thirteen_card_deals_at_four_have_no_trump():
    assert not has_trump(exact_rules("podrida_acanomas"), 4, 13)


def test_fidepo_schedule_three_players_is_twenty_nine_deals_down_to_four():
    plan = schedule(exact_rules("podrida_acanomas", schedule="fidepo"), 3)
    assert len(plan) == 29 and min(plan) == 4 and plan.count(4) == 3


def test_pocha_uses_the_forty_card_pack():
    assert schedule(exact_rules("pocha_ludoteka"), 4)[0] == 10


def test_hook_example_three_players_four_cards():
    """Bids 2 and 1: the last bidder may not say 1 ([BRIDGEGUYS-RW])."""
    auction = ExactAuction(exact_rules("romanian"), 3, dealer=2, cards=4)
    auction.call(0, 2)
    auction.call(1, 1)
    with pytest.raises(VariantError) as error:
        auction.call(2, 1)
    assert error.value.code == "hooked_bid"
    assert 1 not in auction.legal_calls()
    auction.call(2, 0)
    assert auction.is_over and auction.bids == {0: 2, 1: 1, 2: 0}


@pytest.mark.parametrize(("bids", "dealer_may_bid_2"), [((2, 0, 1), False), ((3, 1, 2), True)])
def test_oh_hell_screw_the_dealer_examples(bids, dealer_may_bid_2):
    """5 cards, bids 2, 0, 1: the dealer may not bid 2; bids 3, 1, 2: he is free."""
    auction = ExactAuction(exact_rules("oh_hell"), 4, dealer=3, cards=5)
    for player, bid in zip((0, 1, 2), bids, strict=True):
        auction.call(player, bid)
    assert (2 in auction.legal_calls()) is dealer_may_bid_2


def test_hook_off_lets_the_dealer_make_the_bids_add_up():
    check_bids(exact_rules("romanian", hook=False), 2, 4, (2, 1, 1))
    with pytest.raises(VariantError):
        check_bids(exact_rules("romanian"), 2, 4, (2, 1, 1))


def test_podrida_bids_run_counter_clockwise_from_the_dealers_right():
    assert bid_order(4, 0, clockwise=False) == (3, 2, 1, 0)
    assert ExactAuction(exact_rules("podrida_acanomas"), 4, 0, 5).turn == 3


@pytest.mark.parametrize(
    ("preset", "exact_2", "missed_by_2"),
    [
        ("romanian", 7, -2),  # 5 + bid; minus the difference
        ("oh_hell", 12, 0),  # 10 + tricks; nothing
        ("podrida_acanomas", 16, -6),  # 3 per trick + 10; −3 per trick off
        ("pocha_ludoteka", 20, -10),  # 10 + 5 per trick; −5 per trick off
    ],
)
def test_scoring_of_each_preset(preset, exact_2, missed_by_2):
    rules = exact_rules(preset)
    assert score_deal(rules, 4, (2, 0, 2), (2, 2, 0)) == (exact_2, missed_by_2, missed_by_2)


def test_pocha_three_tricks_is_twenty_five():
    assert score_deal(exact_rules("pocha_ludoteka"), 3, (3, 1, 1), (3, 0, 0))[0] == 25


def test_tricks_that_do_not_add_up_are_refused():
    with pytest.raises(VariantError) as error:
        score_deal(exact_rules("romanian"), 3, (1, 1, 0), (1, 1, 0))
    assert error.value.code == "tricks_do_not_add_up"


@settings(max_examples=80, deadline=None)
@given(
    preset=st.sampled_from(sorted(EXACT_PRESETS)),
    players=st.integers(3, 6),
    data=st.data(),
)
def test_property_any_legal_auction_is_accepted_and_scored(preset, players, data):
    rules = exact_rules(preset)
    plan = schedule(rules, players)
    cards = data.draw(st.sampled_from(plan))
    dealer = data.draw(st.integers(0, players - 1))
    auction = ExactAuction(rules, players, dealer, cards)
    while not auction.is_over:
        auction.call(auction.turn, data.draw(st.sampled_from(auction.legal_calls())))
    bids = tuple(auction.bids[p] for p in range(players))
    check_bids(rules, dealer, cards, bids)
    if rules.hook:
        assert sum(bids) != cards
    split = data.draw(st.lists(st.integers(0, players - 1), min_size=cards, max_size=cards))
    tricks = tuple(split.count(p) for p in range(players))
    scores = score_deal(rules, cards, bids, tricks)
    for bid, took, score in zip(bids, tricks, scores, strict=True):
        assert (score > 0) == (bid == took)
