"""The Anglo-American and Fontainebleau auctions, and the Spanish pido's trumps (rules.md §10)."""

import pytest

from engine.boston.auction import PASS, SOSTENGO, Auction, Level, bid, ladder
from engine.boston.variants import ANGLO_AMERICAN, FONTAINEBLEAU, SPANISH, BostonProfile
from engine.cards import Seat, Suit
from engine.errors import BostonError, ProfileError

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
C, D, H, SP = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES

# rules.md §10.3, lowest to highest, as written there
ANGLO_LADDER_TEXT = (
    "5, 6, 7, little misère, 8, 9, grand misère, 10, 11, little spread, 12, grand spread, 13"
)


def _labels(text):
    return [t.strip() for t in text.split(",")]


def test_anglo_ladder_is_the_published_order():
    got = [lvl.label.split(" (")[0] for lvl in ladder(ANGLO_AMERICAN)]
    assert got == _labels(ANGLO_LADDER_TEXT)


@pytest.mark.parametrize("low,high", [(i, i + 1) for i in range(12)])
def test_anglo_each_rung_outranks_the_one_below(low, high):
    rungs = ladder(ANGLO_AMERICAN)
    a = Auction(N, ANGLO_AMERICAN, turned=H)
    a.call(E, bid(rungs[low], C))
    a.call(S, bid(rungs[high], C))  # even in a plain suit over anything below
    assert a.high == (S, bid(rungs[high], C))
    b = Auction(N, ANGLO_AMERICAN, turned=H)
    b.call(E, bid(rungs[high], C))
    with pytest.raises(BostonError, match="does not outrank"):
        b.call(S, bid(rungs[low], H))


def test_anglo_trick_bids_rank_plain_colour_preference():
    a = Auction(N, ANGLO_AMERICAN, turned=H)  # preference hearts, colour diamonds
    a.call(E, bid(Level.SEVEN, C))
    with pytest.raises(BostonError, match="7 in spades does not outrank 7 in clubs"):
        a.call(S, bid(Level.SEVEN, SP))  # both plain: equal, so no
    a.call(S, bid(Level.SEVEN, D))
    with pytest.raises(BostonError, match="does not outrank"):
        a.call(W, bid(Level.SEVEN, D))
    a.call(W, bid(Level.SEVEN, H))
    assert a.high == (W, bid(Level.SEVEN, H))


def test_anglo_colour_follows_the_turned_suit():
    a = Auction(N, ANGLO_AMERICAN, turned=C)  # preference clubs, colour spades
    a.call(E, bid(Level.FIVE, H))
    a.call(S, bid(Level.FIVE, SP))
    a.call(W, bid(Level.FIVE, C))
    with pytest.raises(BostonError):
        a.call(N, bid(Level.FIVE, D))


def test_anglo_has_no_supporting_no_grand_and_no_spanish_contracts():
    a = Auction(N, ANGLO_AMERICAN, turned=H)
    a.call(E, bid(Level.FIVE, H))
    with pytest.raises(BostonError, match="sostengo needs a standing pido"):
        a.call(S, SOSTENGO)
    with pytest.raises(BostonError, match="needs a trump suit"):
        a.call(S, bid(Level.SIX))
    with pytest.raises(
        BostonError, match=r"gran miseria is not a contract of this Boston \(anglo_american\)"
    ):
        a.call(S, bid(Level.GRAN_MISERIA))


def test_anglo_needs_the_turned_suit():
    with pytest.raises(BostonError, match="give the suit turned"):
        Auction(N, ANGLO_AMERICAN)


def test_anglo_passed_player_misere_must_still_outrank():
    a = Auction(N, ANGLO_AMERICAN, turned=H)
    a.call(E, PASS)
    a.call(S, bid(Level.NINE, H))
    a.call(W, PASS)
    a.call(N, PASS)
    with pytest.raises(BostonError, match="little misère does not outrank 9 in hearts"):
        a.call(E, bid(Level.LITTLE_MISERE))
    a.call(E, bid(Level.GRAND_MISERE))
    for seat in (S, W, N):
        a.call(seat, PASS)
    assert a.contract.declarer == E and a.contract.level is Level.GRAND_MISERE


@pytest.mark.parametrize(
    "level,tricks,played,is_open",
    [
        (Level.LITTLE_MISERE, 0, 12, False),
        (Level.GRAND_MISERE, 0, 13, False),
        (Level.LITTLE_SPREAD, 0, 12, True),
        (Level.GRAND_SPREAD, 0, 13, True),
        (Level.FIVE, 5, 13, False),
        (Level.THIRTEEN, 13, 13, False),
        (Level.PEQUENA_MISERIA, 0, 12, False),
        (Level.MISERIA_EN_LA_MESA, 0, 13, True),
    ],
)
def test_levels_know_their_tricks_discard_and_exposure(level, tricks, played, is_open):
    assert (level.tricks, level.tricks_played, level.is_open) == (tricks, played, is_open)


def test_fontainebleau_suits_rank_spades_clubs_hearts_diamonds_grand():
    a = Auction(N, FONTAINEBLEAU)
    a.call(E, bid(Level.DEMANDE, SP))
    a.call(S, bid(Level.DEMANDE, C))
    a.call(W, bid(Level.DEMANDE, H))
    a.call(N, bid(Level.DEMANDE, D))
    with pytest.raises(BostonError, match="demande in spades does not outrank demande in diam"):
        a.call(E, bid(Level.DEMANDE, SP))
    a.call(E, bid(Level.DEMANDE))
    assert str(a.high[1]) == "demande in grand"


def test_fontainebleau_je_soutiens_makes_eight_together():
    a = Auction(N, FONTAINEBLEAU)
    a.call(E, bid(Level.DEMANDE, H))
    a.call(S, PASS)
    a.call(W, SOSTENGO)
    assert (a.contract.declarer, a.contract.supporter, a.contract.tricks) == (E, W, 8)


def test_fontainebleau_chelem_is_thirteen_and_tops_a_demande_in_grand():
    a = Auction(N, FONTAINEBLEAU)
    a.call(E, bid(Level.DEMANDE))
    a.call(S, bid(Level.CHELEM, SP))
    for seat in (W, N, E):
        a.call(seat, PASS)
    assert a.contract.tricks == 13 and a.contract.supporter is None


def test_fontainebleau_all_pass_plays_the_hand_for_the_pool():
    a = Auction(N, FONTAINEBLEAU)
    for seat in (E, S, W, N):
        a.call(seat, PASS)
    assert a.misere_partout and not a.redeal and a.contract is None


def test_spanish_pido_must_be_in_pequeno_or_bueno_when_known():
    a = Auction(N, SPANISH, turned=H, first_turned=C)
    with pytest.raises(BostonError, match=r"pequeño or the bueno \(clubs or hearts\)"):
        a.call(E, bid(Level.PIDO, SP))
    a.call(E, bid(Level.PIDO, C))
    a.call(S, bid(Level.PEQUENA_INDEPENDENCIA, SP))  # independencias: any suit
    assert a.high[0] == S


def test_spanish_pido_without_a_suit_is_refused():
    with pytest.raises(BostonError, match="pido needs a trump suit"):
        Auction(N, SPANISH).call(E, bid(Level.PIDO))


@pytest.mark.parametrize("profile", [SPANISH, ANGLO_AMERICAN, FONTAINEBLEAU])
def test_presets_round_trip_with_ladder_and_suit_order(profile):
    assert BostonProfile.from_dict(profile.to_dict()) == profile


def test_unknown_ladder_or_suit_order_is_refused():
    with pytest.raises(ProfileError, match="unknown Boston setting value"):
        SPANISH.override(ladder="italian")
    with pytest.raises(ProfileError, match="unknown Boston setting value"):
        BostonProfile.from_dict({**SPANISH.to_dict(), "suit_order": "alphabetical"})


def test_spanish_auction_can_use_the_anglo_ladder_as_a_club_setting():
    club = SPANISH.override(ladder="anglo_american")
    a = Auction(N, club)
    a.call(E, bid(Level.SEVEN, H))
    a.call(S, bid(Level.SEVEN, SP))  # bridge order: spades over hearts
    assert a.high[0] == S
