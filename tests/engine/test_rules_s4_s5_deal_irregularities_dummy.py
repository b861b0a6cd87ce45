"""rules.md §4 (misdeal and new deal, each ``misdeal`` setting) and §5 (dummy and double
dummy, Club Code on dummy).

Expectations come from Club laws 37, 43 and 44, Foster's American/duplicate practice and the
Club Code's dummy laws as quoted in rules.md.
"""

import pytest

from engine.boards import Board
from engine.cards import Seat, Side, parse_cards
from engine.deal import Deal, parse_pbn_deal
from engine.errors import DealError, ScoringError
from engine.profiles import (
    AMERICAN,
    DOUBLE_DUMMY,
    DUMMY,
    DUPLICATE,
    LONG,
    SHORT,
    MisdealPolicy,
    get_profile,
)
from engine.rubber import Hand, next_dealer, score_rubber, start_rubber
from engine.scoring import Revoke, RevokePenalty, score_hand

NS, EW = Side.NS, Side.EW
SUITED = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


# -- §4: misdeal policy ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "policy"),
    [
        (SHORT, MisdealPolicy.LOSES_DEAL),  # Club law 43: "A misdeal loses the deal"
        (LONG, MisdealPolicy.LOSES_DEAL),
        (DUMMY, MisdealPolicy.LOSES_DEAL),
        (AMERICAN, MisdealPolicy.REDEAL_SAME_DEALER),  # Foster: the misdealer deals again
        (DUPLICATE, MisdealPolicy.REDEAL_SAME_DEALER),
        (DOUBLE_DUMMY, MisdealPolicy.REDEAL_SAME_DEALER),  # "no misdeal"
    ],
    ids=lambda value: getattr(value, "name", value),
)
def test_s4_preset_misdeal_policies(profile, policy):
    assert profile.misdeal is policy


@pytest.mark.parametrize("dealer", list(Seat))
@pytest.mark.parametrize("policy", list(MisdealPolicy))
def test_s4_after_a_misdeal_each_setting(dealer, policy):
    profile = SHORT.override(misdeal=policy)
    expected = dealer.left if policy is MisdealPolicy.LOSES_DEAL else dealer
    assert next_dealer(dealer, profile, misdeal=True) is expected
    # a hand dealt correctly passes the deal to the left under either setting
    assert next_dealer(dealer, profile) is dealer.left


@pytest.mark.parametrize("policy", list(MisdealPolicy))
def test_s4_a_new_deal_is_dealt_by_the_same_dealer_law_37(policy):
    profile = SHORT.override(misdeal=policy)
    for dealer in Seat:
        assert next_dealer(dealer, profile, new_deal=True) is dealer


def test_s4_law_44_a_player_with_fourteen_and_another_with_twelve_is_not_a_deal():
    north = parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 2H")
    east = parse_cards("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H")
    south = parse_cards("AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D")
    west = parse_cards("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C")
    with pytest.raises(DealError, match="N holds 14 cards; E holds 12 cards"):
        Deal.from_hands({Seat.N: north, Seat.E: east, Seat.S: south, Seat.W: west})


def test_s4_law_44_the_trump_card_must_come_in_order_to_the_dealer():
    deal = parse_pbn_deal(SUITED, turned=parse_cards("2C")[0])  # W's card
    assert Board(4, Seat.W, None, deal).dealer is Seat.W
    with pytest.raises(DealError, match="turned card 2C is not the dealer's"):
        Board(1, Seat.N, None, deal)


# -- §5: dummy whist ---------------------------------------------------------------------------


def test_s5_dummy_whist_is_three_players_with_short_whist_scoring():
    assert DUMMY.players == 3
    assert (DUMMY.game_target, DUMMY.honours, DUMMY.rubber_points) == (5, True, True)
    assert start_rubber(DUMMY).play(Hand(9)).score == (3, 0)


@pytest.mark.parametrize("profile", [DUMMY, DOUBLE_DUMMY], ids=lambda p: p.name)
@pytest.mark.parametrize("penalty", list(RevokePenalty))
def test_s5_dummy_is_not_liable_to_the_revoke_penalty(profile, penalty):
    with pytest.raises(ScoringError, match="dummy is not liable to the revoke penalty"):
        score_hand(profile, (0, 0), 7, revokes=[Revoke(NS, penalty, by_dummy=True)])


@pytest.mark.parametrize("profile", [DUMMY, DOUBLE_DUMMY], ids=lambda p: p.name)
def test_s5_a_player_in_dummy_whist_is_liable_to_the_revoke_penalty(profile):
    # only Dummy is exempt: the players' own revokes are penalised as usual
    result = score_hand(profile, (0, 0), 7, revokes=[Revoke(EW, RevokePenalty.ADD)])
    assert result.after == (4, 0)


def test_s5_a_dummy_made_liable_by_the_club_is_penalised():
    liable = DOUBLE_DUMMY.override(dummy_liable_to_revoke=True)
    result = score_hand(liable, (0, 0), 7, revokes=[Revoke(NS, RevokePenalty.DEDUCT, True)])
    assert result.after == (1, 0)


def test_s5_four_players_have_no_dummy():
    with pytest.raises(ScoringError, match="no dummy in a four-player game"):
        score_hand(SHORT, (0, 0), 7, revokes=[Revoke(NS, RevokePenalty.ADD, by_dummy=True)])


# -- §5: double dummy --------------------------------------------------------------------------


def test_s5_double_dummy_two_players_same_laws_but_no_misdeal():
    assert DOUBLE_DUMMY.players == 2
    assert get_profile("double_dummy") is DOUBLE_DUMMY
    # same laws as dummy whist (short-whist scoring) ...
    for setting in ("game_target", "honours", "honours_at_game", "rubber_points", "rubber_bonus"):
        assert getattr(DOUBLE_DUMMY, setting) == getattr(DUMMY, setting)
    assert not DOUBLE_DUMMY.dummy_liable_to_revoke
    # ... but no misdeal: "the deal is a disadvantage", so the misdealer deals again
    for dealer in Seat:
        assert next_dealer(dealer, DOUBLE_DUMMY, misdeal=True) is dealer
        assert next_dealer(dealer, DUMMY, misdeal=True) is dealer.left


def test_s5_double_dummy_rubber_is_scored_like_short_whist():
    rubber = score_rubber(DOUBLE_DUMMY, [Hand(12), Hand(13)])
    assert rubber.result().points == 8  # the bumper: two trebles and the rubber


def test_s5_double_dummy_round_trips_as_stored_settings():
    stored = DOUBLE_DUMMY.to_dict()
    assert stored["players"] == 2 and stored["misdeal"] == "redeal_same_dealer"
    assert type(DOUBLE_DUMMY).from_dict({"name": "double_dummy"}) == DOUBLE_DUMMY
