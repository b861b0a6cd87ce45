import pytest

from engine.boston.cards import boston_card, legal_cards, trick_winner
from engine.boston.variants import SPANISH, BostonProfile, get_boston_profile
from engine.cards import Card, Suit
from engine.errors import ProfileError


def c(text):
    return [Card.parse(t) for t in text.split()]


def test_boston_card_is_jack_of_hearts_when_diamonds_are_trumps():
    assert boston_card(SPANISH, Suit.DIAMONDS) == Card.parse("JH")
    assert boston_card(SPANISH, Suit.SPADES) == Card.parse("JD")


def test_boston_card_always_jd_setting():
    profile = SPANISH.override(boston_card="always_jd")
    assert boston_card(profile, Suit.DIAMONDS) == Card.parse("JD")


def test_trick_winner_boston_card_beats_ace_of_trumps():
    assert trick_winner(c("AS JD KS 2C"), SPANISH, Suit.SPADES) == 1


def test_trick_winner_plain_trump_beats_led_suit():
    assert trick_winner(c("AC 2S KC QC"), SPANISH, Suit.SPADES) == 1


def test_legal_cards_boston_card_follows_trump_when_setting_on():
    hand = c("JD 4H")
    assert legal_cards(hand, Card.parse("AS"), SPANISH, Suit.SPADES) == [Card.parse("JD")]
    off = SPANISH.override(boston_card_is_trump=False)
    assert legal_cards(hand, Card.parse("AS"), off, Suit.SPADES) == hand


def test_profile_round_trips_through_dict():
    profile = get_boston_profile("boston_anglo")
    assert BostonProfile.from_dict(profile.to_dict()) == profile


def test_profile_unknown_setting_is_refused():
    with pytest.raises(ProfileError):
        get_boston_profile("boston_es", colour="red")


def test_hand_trump_pequeno_is_this_deal_bueno_is_first_deal():
    from engine.boston.cards import hand_trump

    assert hand_trump("pequeño", Suit.CLUBS, Suit.HEARTS) is Suit.CLUBS
    assert hand_trump("bueno", Suit.CLUBS, Suit.HEARTS) is Suit.HEARTS
