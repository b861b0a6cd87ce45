"""Tests for engine.honours: honours are counted from the cards dealt (rules.md §2.1)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import FULL_DECK, Card, Rank, Seat, Side, Suit, parse_cards
from engine.errors import ScoringError
from engine.honours import NO_HONOURS, HonoursHeld, honours_held


def _hands(**by_seat: str) -> dict[Seat, list[Card]]:
    return {Seat[name]: parse_cards(cards) for name, cards in by_seat.items()}


def test_honours_four_in_one_side_score_four():
    held = honours_held(_hands(N="AS KS", S="QS JS", E="TS", W="2S"), Suit.SPADES)
    assert held == HonoursHeld(Side.NS, 4) and held.points == 4


def test_honours_three_score_two_for_the_side_holding_them():
    held = honours_held(_hands(E="AH", W="KH QH", N="JH"), Suit.HEARTS)
    assert held == HonoursHeld(Side.EW, 3) and held.points == 2


def test_honours_divided_two_and_two_score_nothing():
    held = honours_held(_hands(N="AD", E="KD", S="QD", W="JD"), Suit.DIAMONDS)
    assert held is NO_HONOURS and held.points == 0


def test_honours_only_count_the_trump_suit():
    assert honours_held(_hands(N="AS KS QS JS"), Suit.HEARTS) == NO_HONOURS


def test_honours_none_on_a_no_trump_board():
    assert honours_held(_hands(N="AS KS QS JS"), None) == NO_HONOURS


def test_honours_ten_is_not_an_honour():
    assert honours_held(_hands(N="AC KC TC", S="9C"), Suit.CLUBS) == NO_HONOURS


def test_honours_claim_is_made_by_the_side_that_held_three_or_four():
    assert HonoursHeld.claim(Side.NS, 4) == HonoursHeld(Side.NS, 4)
    assert HonoursHeld.claim(Side.EW, 3) == HonoursHeld(Side.EW, 3)
    # "EW held 0" on a no-trump board is not "NS held four": such a claim cannot be made.
    for count in (0, 1, 2, 5):
        with pytest.raises(ScoringError) as caught:
            HonoursHeld.claim(Side.EW, count)
        assert caught.value.code == "honours_claim_three_or_four"


def test_honours_held_refuses_impossible_values():
    for side, count in ((Side.NS, 2), (None, 3), (Side.EW, 5)):
        with pytest.raises(ScoringError):
            HonoursHeld(side, count)


@given(st.permutations(FULL_DECK), st.sampled_from([None, *Suit]))
@settings(max_examples=200)
def test_honours_count_for_at_most_one_side_and_only_with_three_or_more(pack, trump):
    hands = {seat: pack[seat * 13 : seat * 13 + 13] for seat in Seat}
    held = honours_held(hands, trump)
    if trump is None:
        assert held == NO_HONOURS
        return
    per_side = {side: 0 for side in Side}
    for seat, cards in hands.items():
        per_side[seat.side] += sum(
            1 for card in cards if card.suit is trump and card.rank >= Rank.JACK
        )
    scoring = [side for side in Side if per_side[side] >= 3]
    assert len(scoring) <= 1
    if scoring:
        assert held.side is scoring[0] and held.count == per_side[scoring[0]]
        assert held.points == (4 if held.count == 4 else 2)
    else:
        assert held.side is None and held.points == 0


def test_check_honours_claim_accepts_what_the_deal_shows():
    from engine.honours import check_honours_claim

    hands = {Seat.N: parse_cards("AH KH QH"), Seat.E: parse_cards("JH")}
    held = check_honours_claim(HonoursHeld(Side.NS, 3), hands, Suit.HEARTS)
    assert held == HonoursHeld(Side.NS, 3)


def test_check_honours_claim_refuses_a_claim_the_deal_contradicts():
    from engine.honours import check_honours_claim

    hands = {Seat.N: parse_cards("AH KH"), Seat.E: parse_cards("QH JH")}
    with pytest.raises(ScoringError, match="do not match the deal: they were divided"):
        check_honours_claim(HonoursHeld(Side.NS, 3), hands, Suit.HEARTS)
    with pytest.raises(ScoringError, match="EW held 4"):
        check_honours_claim(NO_HONOURS, {Seat.E: parse_cards("AH KH QH JH")}, Suit.HEARTS)
