"""Minnesota whist (variants.md §5): the bid cards, the opening lead, scoring under every
preset, BGA's worked examples."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.variants.common import VariantError
from engine.variants.minnesota import (
    MINNESOTA_PRESETS,
    minnesota_bidding,
    minnesota_rules,
    minnesota_winner,
    opening_leader,
    score_minnesota,
)

PAGAT = minnesota_rules("pagat")
BGA = minnesota_rules("wikipedia_bga")
SD = minnesota_rules("south_dakota")
NORWAY = minnesota_rules("norwegian_parlett")


def test_first_black_card_from_the_dealers_left_grands():
    assert minnesota_bidding(PAGAT, dealer=0, colours=("red", "red", "black")).grander == 3


def test_four_red_cards_make_a_low_hand():
    assert minnesota_bidding(PAGAT, 0, ("red",) * 4).grander is None


def test_nothing_is_turned_after_the_first_black():
    with pytest.raises(VariantError) as error:
        minnesota_bidding(PAGAT, 0, ("black", "red"))
    assert error.value.code == "turned_after_grand"


def test_norwegian_whist_uses_the_opposite_colours():
    assert minnesota_bidding(NORWAY, 0, ("black", "red")).grander == 2


@pytest.mark.parametrize(("rules", "leader"), [(PAGAT, 0), (NORWAY, 2)])
def test_high_lead_right_or_left_of_the_grander(rules, leader):
    assert opening_leader(rules, dealer=3, grander=1) == leader


def test_low_hand_dealers_left_leads():
    assert opening_leader(PAGAT, dealer=3, grander=None) == 0


def test_bga_worked_examples():
    """High, team 1 granded, team 2 takes 8: team 2 scores (8−6)×2 = 4. Low, team 1 takes
    5: team 1 scores 7−5 = 2."""
    assert score_minnesota(BGA, grander=0, tricks_ns=5) == (0, 4)
    assert score_minnesota(BGA, grander=None, tricks_ns=5) == (2, 0)


def test_pagat_high_made_and_failed_and_low_is_negative():
    assert score_minnesota(PAGAT, grander=2, tricks_ns=9) == (3, 0)
    assert score_minnesota(PAGAT, grander=2, tricks_ns=5) == (0, 2)
    assert score_minnesota(PAGAT, grander=None, tricks_ns=4) == (0, -3)


def test_south_dakota_granders_who_fail_lose_seven_minus_their_tricks():
    assert score_minnesota(SD, grander=1, tricks_ns=9) == (0, -3)
    assert SD.target == 11


def test_norwegian_four_per_odd_trick_eight_when_set_two_in_nullo():
    assert score_minnesota(NORWAY, grander=0, tricks_ns=8) == (8, 0)
    assert score_minnesota(NORWAY, grander=0, tricks_ns=5) == (0, 16)
    assert score_minnesota(NORWAY, grander=None, tricks_ns=9) == (0, 6)


def test_game_ends_at_the_target():
    assert minnesota_winner(PAGAT, (12, 3)) is None
    assert minnesota_winner(PAGAT, (13, 3)) == 0


@given(
    preset=st.sampled_from(sorted(MINNESOTA_PRESETS)),
    grander=st.sampled_from([None, 0, 1, 2, 3]),
    tricks_ns=st.integers(0, 13),
)
def test_property_only_one_side_scores_a_hand(preset, grander, tricks_ns):
    ns, ew = score_minnesota(minnesota_rules(preset), grander, tricks_ns)
    assert ns == 0 or ew == 0
