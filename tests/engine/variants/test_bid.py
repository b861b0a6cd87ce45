"""Bid whist (variants.md §4): one round of bidding, the dealer's equal, books, scoring."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.variants.bid import (
    BID_PRESETS,
    PASS_BID,
    Bid,
    BidAuction,
    BidContract,
    Direction,
    bid_rules,
    bid_winner,
    bidders_books,
    score_bid,
)
from engine.variants.common import VariantError

PARLETT = bid_rules("parlett")
ORIGINAL = bid_rules("original_bid_whist")
UP, DOWN, NT = Direction.UPTOWN, Direction.DOWNTOWN, Direction.NO_TRUMP


def test_each_bid_must_be_higher_no_trump_over_downtown_over_uptown():
    auction = BidAuction(PARLETT, dealer=3)
    auction.call(0, Bid(4, DOWN))
    with pytest.raises(VariantError) as error:
        auction.call(1, Bid(4, UP))
    assert error.value.code == "bid_too_low"
    auction.call(1, Bid(4, NT))


def test_uptown_equals_downtown_under_the_equal_setting():
    auction = BidAuction(bid_rules("parlett", low_vs_high="equal"), dealer=3)
    auction.call(0, Bid(4, UP))
    assert auction.refusal(1, Bid(4, DOWN)) is not None


def test_the_dealer_may_take_the_contract_by_equalling():
    auction = BidAuction(PARLETT, dealer=3)
    auction.call_all([Bid(5, UP), PASS_BID, PASS_BID, Bid(5, UP)])
    assert auction.contract == BidContract(3, 5, UP)
    strict = BidAuction(bid_rules("parlett", dealer_can_equal=False), dealer=3)
    strict.call_all([Bid(5, UP), PASS_BID, PASS_BID])
    assert strict.refusal(3, Bid(5, UP)) is not None


def test_four_passes_redeal():
    auction = BidAuction(PARLETT, dealer=0)
    auction.call_all([PASS_BID] * 4)
    assert auction.is_over and auction.contract is None


def test_the_kittys_book_is_the_bidders_or_the_first_tricks_winners():
    assert bidders_books(PARLETT, 6) == 7
    rules = bid_rules("parlett", discard_book="first_trick_winner")
    assert bidders_books(rules, 6, kitty_to_bidders=False) == 6
    with pytest.raises(VariantError):
        bidders_books(rules, 6)


def test_parlett_scores_the_bid_original_scores_every_odd_trick():
    contract = BidContract(0, 4, UP)
    assert score_bid(PARLETT, contract, 12) == (4, 0)
    assert score_bid(ORIGINAL, contract, 12) == (6, 0)


def test_set_loses_the_bid_opponents_score_their_books_over_six():
    assert score_bid(PARLETT, BidContract(1, 5, UP), 6) == (1, -5)


def test_no_trump_doubles_win_or_lose_and_boston_quadruples():
    assert score_bid(PARLETT, BidContract(0, 5, NT), 11) == (10, 0)
    assert score_bid(PARLETT, BidContract(0, 5, NT), 9) == (-10, 0)
    assert score_bid(PARLETT, BidContract(0, 7, UP), 13) == (28, 0)


def test_game_at_plus_or_minus_the_target_and_two_sets():
    assert bid_winner(PARLETT, (7, 2)) == 0
    assert bid_winner(PARLETT, (3, -7)) == 0
    columbus = bid_rules("tournament_columbus")
    assert bid_winner(columbus, (1, 1), sets=(2, 0)) == 1


@settings(max_examples=80, deadline=None)
@given(preset=st.sampled_from(sorted(BID_PRESETS)), dealer=st.integers(0, 3), data=st.data())
def test_property_any_legal_auction_gives_a_contract_the_scoring_accepts(preset, dealer, data):
    rules = bid_rules(preset)
    auction = BidAuction(rules, dealer)
    while not auction.is_over:
        auction.call(auction.turn, data.draw(st.sampled_from(auction.legal_calls())))
    if auction.contract is None:
        return
    books = data.draw(st.integers(0, 13))
    ns, ew = score_bid(rules, auction.contract, books)
    side = auction.contract.bidder % 2
    mine = (ns, ew)[side]
    assert (mine > 0) == (books - 6 >= auction.contract.level)
