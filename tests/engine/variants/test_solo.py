"""Solo whist (variants.md §2): the auction, Foster's worked examples, the stake tables and
every DISPUTED setting."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.variants.common import VariantError
from engine.variants.solo import (
    ACCEPT,
    PASS_SOLO,
    SOLO_PRESETS,
    SoloAuction,
    SoloCall,
    SoloContract,
    SoloKind,
    StakeTable,
    settle_general_misere,
    settle_solo,
    solo_rules,
    stake_table,
)

FOSTER = solo_rules("foster")
bid = SoloCall.of


def test_foster_solo_with_seven_each_opponent_pays_two_red_two_white():
    assert settle_solo(FOSTER, SoloContract(0, SoloKind.SOLO), 7) == (36, -12, -12, -12)


def test_foster_solo_with_four_soloist_pays_each_two_red_one_white():
    assert settle_solo(FOSTER, SoloContract(0, SoloKind.SOLO), 4) == (-33, 11, 11, 11)


def test_prop_and_cop_each_partner_wins_from_one_opponent():
    amounts = settle_solo(FOSTER, SoloContract(0, SoloKind.PROPOSAL, partner=2), 9)
    assert amounts == (6, -6, 6, -6)


@pytest.mark.parametrize(("free", "paid"), [(False, 7), (True, 6)])
def test_prop_undertricks_from_the_first_or_the_first_free(free, paid):
    rules = solo_rules("foster", prop_first_undertrick_free=free)
    amounts = settle_solo(rules, SoloContract(1, SoloKind.PROPOSAL, partner=3), 6)
    assert amounts[1] == -paid


def test_misere_pays_no_over_or_undertricks():
    assert settle_solo(FOSTER, SoloContract(2, SoloKind.MISERE), 0)[2] == 45
    assert settle_solo(FOSTER, SoloContract(2, SoloKind.MISERE), 3)[2] == -45


def test_hoyle_slam_in_prop_doubles_the_overtricks():
    """6d + 5 × 2d = 1s 4d ([HOYLE-MOD])."""
    hoyle = solo_rules("hoyle_modernized")
    assert settle_solo(hoyle, SoloContract(0, SoloKind.PROPOSAL, 2), 13)[0] == 16


def test_a_price_no_source_gives_is_refused():
    hoyle = solo_rules("hoyle_modernized")
    with pytest.raises(VariantError) as error:
        settle_solo(hoyle, SoloContract(0, SoloKind.OPEN_MISERE), 0)
    assert error.value.code == "no_price"


def test_a_clubs_own_table_is_checked():
    own = stake_table(
        solo_rules("foster", stake_table="custom"),
        {"name": "ours", "stakes": {"solo": 4}, "per_trick": 1},
    )
    assert own.stake(SoloKind.SOLO) == 4
    with pytest.raises(VariantError):
        StakeTable.from_dict({"name": "bad", "stakes": {"grand": 4}})


@pytest.mark.parametrize("preset", ["britannica_1911", "wikipedia"])
def test_units_one_one_two_three_four_six(preset):
    table = stake_table(solo_rules(preset))
    assert [table.stake(k) for k in SoloKind] == [1, 1, 2, 3, 3, 4, 6]


def test_general_misere_last_trick_pays_each_a_solo_stake():
    rules = solo_rules("britannica_1911")
    assert settle_general_misere(rules, last_trick=1) == (1, -3, 1, 1)
    with pytest.raises(VariantError):
        settle_general_misere(FOSTER, last_trick=1)


def test_auction_each_call_higher_and_pass_is_final():
    auction = SoloAuction(FOSTER, dealer=3)
    auction.call(0, bid("misere"))
    with pytest.raises(VariantError) as error:
        auction.call(1, bid("solo"))
    assert error.value.code == "bid_too_low"
    auction.call_all([PASS_SOLO, bid("abundance"), PASS_SOLO])
    assert auction.refusal(1, bid("open_misere")) is not None  # E passed


def test_outbid_player_may_amend_upward():
    auction = SoloAuction(FOSTER, dealer=3)
    auction.call_all([bid("solo"), bid("misere"), PASS_SOLO, PASS_SOLO, bid("abundance")])
    auction.call(1, PASS_SOLO)
    assert auction.contract == SoloContract(0, SoloKind.ABUNDANCE)


def test_eldest_may_accept_after_passing_nobody_else_reenters():
    auction = SoloAuction(FOSTER, dealer=3)
    auction.call_all([PASS_SOLO, bid("proposal"), PASS_SOLO, PASS_SOLO])
    assert auction.turn == 0 and ACCEPT in auction.legal_calls()
    auction.call(0, ACCEPT)
    assert auction.contract == SoloContract(1, SoloKind.PROPOSAL, partner=0)


def test_a_proposer_nobody_accepted_may_raise_to_solo_or_withdraw():
    auction = SoloAuction(FOSTER, dealer=3)
    auction.call_all([bid("proposal"), PASS_SOLO, PASS_SOLO, PASS_SOLO])
    assert auction.turn == 0 and bid("solo") in auction.legal_calls()
    auction.call(0, bid("solo"))
    assert auction.contract == SoloContract(0, SoloKind.SOLO)
    withdrawn = SoloAuction(FOSTER, dealer=3)
    withdrawn.call_all([bid("proposal"), PASS_SOLO, PASS_SOLO, PASS_SOLO, PASS_SOLO])
    assert withdrawn.all_passed


def test_royal_abundance_only_when_played():
    auction = SoloAuction(solo_rules("foster", royal_abundance=False), dealer=3)
    assert auction.refusal(0, bid("royal_abundance")).code == "contract_not_played"


@settings(max_examples=100, deadline=None)
@given(preset=st.sampled_from(sorted(SOLO_PRESETS)), dealer=st.integers(0, 3), data=st.data())
def test_property_any_legal_auction_ends_in_a_contract_that_settles_to_zero(preset, dealer, data):
    rules = solo_rules(preset)
    auction = SoloAuction(rules, dealer)
    for _ in range(40):
        if auction.is_over:
            break
        auction.call(auction.turn, data.draw(st.sampled_from(auction.legal_calls())))
    assert auction.is_over
    if auction.contract is None:
        return
    tricks = data.draw(st.integers(0, 13))
    try:
        amounts = settle_solo(rules, auction.contract, tricks)
    except VariantError as error:
        assert error.code == "no_price"  # Hoyle gives no price for the top contracts
        return
    assert sum(amounts) == 0


@pytest.mark.parametrize(("setting", "refused"), [("declarer_names", False), ("no_trump", True)])
def test_abundance_declared_trumps_named_or_no_trump_per_setting(setting, refused):
    from engine.cards import Suit
    from engine.variants.solo import check_solo_trump

    rules = solo_rules("foster", slam_trumps=setting)
    if refused:
        with pytest.raises(VariantError):
            check_solo_trump(rules, SoloKind.DECLARED_ABUNDANCE, Suit.SPADES)
    else:
        check_solo_trump(rules, SoloKind.DECLARED_ABUNDANCE, Suit.SPADES)
    check_solo_trump(rules, SoloKind.DECLARED_ABUNDANCE, None)
    with pytest.raises(VariantError):
        check_solo_trump(rules, SoloKind.MISERE, Suit.SPADES)


@pytest.mark.parametrize(
    ("kind", "declarer", "dealer", "leader"),
    [
        ("solo", 2, 0, 1),  # the eldest, on the dealer's left, whoever declares
        ("misere", 1, 3, 0),  # the eldest again: dealer 3 (W), so N leads
        ("open_misere", 0, 1, 2),
        ("declared_abundance", 3, 0, 3),  # §2.2: "declarer has the opening lead"
        ("declared_abundance", 1, 1, 1),  # even when the declarer deals
    ],
)
def test_opening_leader_is_the_eldest_except_in_abundance_declared(kind, declarer, dealer, leader):
    from engine.variants.solo import SoloContract, SoloKind, opening_leader

    assert opening_leader(dealer, SoloContract(declarer, SoloKind(kind))) == leader


def test_opening_leader_when_all_passed_is_the_eldest():
    from engine.variants.solo import opening_leader

    assert opening_leader(2, None) == 3


# Every Foster payment, worked by hand from his table ([F146], variants.md §2.3): red counter
# = 5 white; prop and cop 1 red, solo 2, misère 3, abundance (any) 4, misère ouverte 6,
# abundance declared 8; one white a trick over or under for prop, solo and abundance only.
# A lone declarer (N here) wins or pays the amount with each of the three opponents.
@pytest.mark.parametrize(
    ("kind", "tricks", "each"),
    [
        ("solo", 5, 10),
        ("solo", 8, 13),
        ("solo", 3, -12),
        ("misere", 0, 15),
        ("misere", 1, -15),
        ("misere", 6, -15),  # no undertricks in a misère
        ("abundance", 9, 20),
        ("abundance", 11, 22),
        ("abundance", 8, -21),
        ("royal_abundance", 10, 21),
        ("royal_abundance", 7, -22),
        ("open_misere", 0, 30),
        ("open_misere", 1, -30),  # failed: never paid as if made
        ("open_misere", 4, -30),
        ("declared_abundance", 13, 40),
        ("declared_abundance", 12, -40),  # no undertricks either
    ],
)
def test_foster_every_lone_contract_made_and_failed(kind, tricks, each):
    amounts = settle_solo(FOSTER, SoloContract(0, SoloKind(kind)), tricks)
    assert amounts == (3 * each, -each, -each, -each)


@pytest.mark.parametrize(("tricks", "each"), [(8, 5), (10, 7), (13, 10), (7, -6), (5, -8)])
def test_foster_prop_and_cop_made_and_failed(tricks, each):
    """N proposes, S accepts: each partner wins or pays one opponent 1 red ± 1 white a
    trick from 8."""
    amounts = settle_solo(FOSTER, SoloContract(0, SoloKind.PROPOSAL, partner=2), tricks)
    assert amounts == (each, -each, each, -each)
