"""Tests for engine.cards: the card vocabulary every other module relies on."""

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import (
    FULL_DECK,
    Card,
    Rank,
    Seat,
    Side,
    Suit,
    format_cards,
    parse_cards,
)
from engine.errors import CardError, EngineError


def test_card_parse_accepts_rank_first_suit_first_and_ten_spellings():
    ten_of_diamonds = Card(Suit.DIAMONDS, Rank.TEN)
    for text in ("TD", "10D", "td", "10d", "DT", "D10", " TD "):
        assert Card.parse(text) is ten_of_diamonds


def test_card_parse_rejects_nonsense_with_a_readable_message():
    for text in ("", "X", "1S", "AX", "ZZZ", "AKS"):
        with pytest.raises(CardError, match="is not a card"):
            Card.parse(text)


def test_card_is_interned_and_immutable():
    assert Card(Suit.SPADES, Rank.ACE) is Card.parse("AS")
    with pytest.raises(AttributeError):
        Card.parse("AS").rank = Rank.TWO  # type: ignore[misc]


def test_card_survives_pickling_as_the_same_object():
    card = Card.parse("QH")
    assert pickle.loads(pickle.dumps(card)) is card


def test_full_deck_has_52_distinct_cards_in_index_order():
    assert len(FULL_DECK) == 52 == len(set(FULL_DECK))
    assert [card.index for card in FULL_DECK] == list(range(52))
    assert str(FULL_DECK[0]) == "2C" and str(FULL_DECK[51]) == "AS"


def test_card_from_index_rejects_out_of_range():
    with pytest.raises(CardError):
        Card.from_index(52)


@given(st.integers(min_value=0, max_value=51))
@settings(max_examples=52)
def test_card_str_parses_back_to_the_same_card(index):
    card = Card.from_index(index)
    assert Card.parse(str(card)) is card
    assert card.index == card.suit * 13 + card.rank - 2


def test_seats_pass_clockwise_and_partners_sit_opposite():
    assert [Seat.N.left, Seat.E.left, Seat.S.left, Seat.W.left] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert all(seat.left.right is seat for seat in Seat)
    assert Seat.N.partner is Seat.S and Seat.E.partner is Seat.W
    assert Seat.S.side is Side.NS and Seat.W.side is Side.EW
    assert Side.NS.other is Side.EW and Side.EW.seats == (Seat.E, Seat.W)


def test_parse_helpers_read_names_and_reject_others():
    assert Seat.parse("west") is Seat.W and Suit.parse("Hearts") is Suit.HEARTS
    assert Side.parse("E-W") is Side.EW and Rank.parse("10") is Rank.TEN
    for parse, text in (
        (Seat.parse, "X"),
        (Suit.parse, "Z"),
        (Side.parse, "NE"),
        (Rank.parse, "1"),
    ):
        with pytest.raises(CardError):
            parse(text)


def test_card_error_is_an_engine_error():
    assert issubclass(CardError, EngineError)


def test_parse_and_format_cards_round_trip():
    cards = parse_cards("AS, KS 10D 2c")
    assert format_cards(cards) == "AS KS TD 2C"
