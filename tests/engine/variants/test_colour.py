"""Colour whist, kleurenwiezen (variants.md §3): the ladder, troel, the club's points grid,
the 2 v 2 and 1 v 3 settlement."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, Suit
from engine.variants.colour import (
    JOIN,
    PASS_COLOUR,
    WAIT,
    ColourAuction,
    ColourCall,
    ColourContract,
    ColourKind,
    PointsGrid,
    colour_rules,
    settle_colour,
    suit_rank,
    troel_partner,
)
from engine.variants.common import VariantError

RULES = colour_rules("club_grid")
GRID = PointsGrid.from_dict(
    {
        "name": "test",
        "contracts": {
            k.value: {"base": 2 + i, "over": 1, "under": 1} for i, k in enumerate(ColourKind)
        },
        "all_tricks": 2,
    }
)
H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


def ask(suit, level=8):
    return ColourCall("bid", ColourKind.ASK_JOIN, level, suit)


def test_suits_rank_hearts_diamonds_clubs_spades_or_dafkes_order():
    assert [suit_rank(RULES, s) for s in (H, D, C, S)] == [3, 2, 1, 0]
    dafke = colour_rules("dafke")
    assert suit_rank(dafke, S) > suit_rank(dafke, C)


def test_two_against_two_each_player_wins_or_loses_the_grid_amount():
    contract = ColourContract(ColourKind.ASK_JOIN, (0, 2), 8, H)
    assert settle_colour(RULES, GRID, contract, (10,)) == (4, -4, 4, -4)
    assert settle_colour(RULES, GRID, contract, (7,)) == (-3, 3, -3, 3)


def test_one_against_three_the_lone_player_wins_three_times():
    contract = ColourContract(ColourKind.ABONDANCE, (1,), 9, S)
    assert settle_colour(RULES, GRID, contract, (9,)) == (-7, 21, -7, -7)


def test_all_thirteen_multiplies_and_troel_doubles():
    contract = ColourContract(ColourKind.ALONE, (0,), 5, H)
    assert settle_colour(RULES, GRID, contract, (13,))[0] == 3 * (3 + 8) * 2
    troel = ColourContract(ColourKind.TROEL, (0, 3), 8, C)
    assert settle_colour(RULES, GRID, troel, (8,)) == (18, -18, -18, 18)


def test_piccolo_needs_exactly_one_trick():
    contract = ColourContract(ColourKind.PICCOLO, (2,))
    assert settle_colour(RULES, GRID, contract, (1,))[2] > 0
    assert settle_colour(RULES, GRID, contract, (0,))[2] < 0


def test_several_players_may_play_small_misery_each_settled_alone():
    contract = ColourContract(ColourKind.SMALL_MISERY, (0, 1))
    amounts = settle_colour(RULES, GRID, contract, (0, 2))
    assert amounts == (3 * 4 + 4, -4 - 3 * 4, 0, 0) and sum(amounts) == 0


def test_the_empty_grid_refuses_with_the_missing_contracts_name():
    with pytest.raises(VariantError) as error:
        settle_colour(
            RULES,
            PointsGrid.from_dict({"name": "club"}),
            ColourContract(ColourKind.SOLO_SLIM, (0,)),
            (13,),
        )
    assert error.value.code == "no_price" and error.value.params["contract"] == "solo_slim"


def test_a_bad_grid_entry_is_named():
    with pytest.raises(VariantError) as error:
        PointsGrid.from_dict({"name": "x", "contracts": {"ask_join": {"base": "two"}}})
    assert error.value.params["entry"] == "ask_join"


def test_piccolo_can_be_switched_off():
    with pytest.raises(VariantError):
        settle_colour(
            colour_rules("club_grid", piccolo=False),
            GRID,
            ColourContract(ColourKind.PICCOLO, (2,)),
            (1,),
        )


def hands_with(*cards_for_zero: str) -> list[list[Card]]:
    """Player 0 holds ``cards_for_zero``; the rest of the pack dealt round to 1, 2, 3."""
    mine = [Card.parse(c) for c in cards_for_zero]
    rest = [c for c in sorted(Card.from_index(i) for i in range(52)) if c not in mine]
    return [mine, rest[0::3], rest[1::3], rest[2::3]]


def test_troel_three_aces_partner_the_fourth():
    hands = hands_with("AH", "AD", "AC")
    holder = next(p for p in range(4) if Card.parse("AS") in hands[p])
    assert troel_partner(RULES, hands) == (0, holder)


@pytest.mark.parametrize(("setting", "card"), [("KD_then_down", "KD"), ("QH", "QH")])
def test_troel_four_aces_and_the_king_of_hearts_next_card_by_setting(setting, card):
    hands = hands_with("AH", "AD", "AC", "AS", "KH")
    rules = colour_rules("club_grid", troel_4aces_next=setting)
    holder = next(p for p in range(4) if Card.parse(card) in hands[p])
    assert troel_partner(rules, hands) == (0, holder)


def test_auction_ask_join_makes_a_partnership():
    auction = ColourAuction(RULES, dealer=3)
    auction.call_all([ask(D), JOIN, PASS_COLOUR, PASS_COLOUR])
    assert auction.contract == ColourContract(ColourKind.ASK_JOIN, (0, 1), 8, D)


def test_auction_ask_nobody_joins_plays_alone():
    auction = ColourAuction(RULES, dealer=3)
    auction.call_all([ask(S), PASS_COLOUR, PASS_COLOUR, PASS_COLOUR])
    assert auction.contract.kind is ColourKind.ALONE


def test_auction_only_the_first_speaker_waits_then_only_joins():
    auction = ColourAuction(RULES, dealer=3)
    auction.call(0, WAIT)
    assert auction.refusal(1, WAIT).code == "wait_first_only"
    auction.call_all([ask(H), PASS_COLOUR, PASS_COLOUR])
    assert auction.refusal(0, ask(H, 9)).code == "waited_join_only"
    auction.call(0, JOIN)
    assert auction.contract.players == (1, 0)


def test_auction_lower_suit_must_bid_one_trick_more():
    auction = ColourAuction(RULES, dealer=3)
    auction.call(0, ask(H))
    assert auction.refusal(1, ask(S)).code == "bid_too_low"
    assert auction.refusal(1, ask(S, 9)) is None


def test_troel_is_declared_not_bid():
    assert ColourAuction(RULES, 0).refusal(1, ColourCall("bid", ColourKind.TROEL, 8, H)).code == (
        "troel_not_bid"
    )


@settings(max_examples=80, deadline=None)
@given(dealer=st.integers(0, 3), data=st.data())
def test_property_any_legal_auction_gives_a_contract_that_settles_to_zero(dealer, data):
    auction = ColourAuction(RULES, dealer)
    for _ in range(60):
        if auction.is_over:
            break
        auction.call(auction.turn, data.draw(st.sampled_from(auction.legal_calls())))
    assert auction.is_over
    contract = auction.contract
    if contract is None:
        return
    most = 12 if contract.kind is ColourKind.SMALL_MISERY else 13
    tricks = (data.draw(st.integers(0, most)),)
    assert sum(settle_colour(RULES, GRID, contract, tricks)) == 0
