"""rules.md "Decisions for this project" 1-8 and §11: every DISPUTED rule is a setting of a
named, frozen rule profile; the presets carry the decided defaults."""

import dataclasses
import json

import pytest

from engine.cards import Seat, Side
from engine.deal import deal_from_seed
from engine.errors import ProfileError, ScoringError
from engine.honours import HonoursHeld, check_honours_claim, honours_held
from engine.profiles import (
    AMERICAN,
    DOUBLE_DUMMY,
    DUMMY,
    DUPLICATE,
    LONG,
    PRESETS,
    SHORT,
    BothRevokePolicy,
    HonoursAtGame,
    MisdealPolicy,
    RuleProfile,
    get_profile,
)

DISPUTED_SETTINGS = {
    "honours_at_game": HonoursAtGame,  # §2.2
    "both_revoke": BothRevokePolicy,  # §3
    "misdeal": MisdealPolicy,  # §4
}


def test_decision_1_presets():
    assert (SHORT.game_target, SHORT.honours) == (5, True)
    assert (AMERICAN.game_target, AMERICAN.honours) == (7, False)
    assert (LONG.game_target, LONG.honours) == (9, True)
    assert get_profile("long", game_target=10).game_target == 10  # a club may choose 10
    assert DUPLICATE.every_trick_counts and not DUPLICATE.honours
    assert DUMMY.players == 3
    assert {"short", "american", "long", "duplicate", "dummy"} <= set(PRESETS)


def test_decision_1_a_profile_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        SHORT.honours = False  # type: ignore[misc]


@pytest.mark.parametrize("setting", list(DISPUTED_SETTINGS))
def test_decision_1_every_disputed_rule_is_a_setting_with_every_position(setting):
    for value in DISPUTED_SETTINGS[setting]:
        for preset in (SHORT, LONG, AMERICAN, DUMMY, DOUBLE_DUMMY):
            profile = preset.override(**{setting: value.value})
            assert getattr(profile, setting) is value
            assert RuleProfile.from_dict(json.loads(json.dumps(profile.to_dict()))) == profile
    with pytest.raises(ProfileError, match=setting):
        SHORT.override(**{setting: "whatever the table agrees"})


def test_decision_2_and_section_11_honours_boundary_names():
    # §11.1's recommended names map onto the three settings; Decision 2 picks cap_one_short as
    # the default for short and long (not applicable where honours are off).
    assert {rule.value for rule in HonoursAtGame} == {
        "cap_one_short",  # §11: cap_at_game_minus_one (Czech seed)
        "ignored_if_reaching_game",  # §11: ignore_if_reaching_game (Spanish seed)
        "club_code",  # §11: club_at_game_minus_one_barred (Club law 4)
    }
    assert SHORT.honours_at_game is LONG.honours_at_game is HonoursAtGame.CAP_ONE_SHORT
    assert not AMERICAN.honours and not DUPLICATE.honours


def test_decision_3_honours_are_the_cards_dealt_a_claim_is_checked():
    deal = deal_from_seed("decision-3", Seat.E)
    trump = deal.turned.suit
    held = honours_held(deal.as_mapping(), trump)
    assert check_honours_claim(held, deal.as_mapping(), trump) == held
    wrong = HonoursHeld(Side.NS, 4) if held != HonoursHeld(Side.NS, 4) else HonoursHeld(Side.EW, 4)
    with pytest.raises(ScoringError, match="do not match the deal"):
        check_honours_claim(wrong, deal.as_mapping(), trump)


def test_decision_5_rubber_points_on_for_short_and_long_off_for_american():
    assert SHORT.rubber_points and LONG.rubber_points and DUMMY.rubber_points
    assert SHORT.rubber_bonus == LONG.rubber_bonus == 2
    assert not AMERICAN.rubber_points


def test_decision_6_revoke_three_and_its_policies_are_settings():
    assert SHORT.revoke_penalty == 3
    assert SHORT.both_revoke is BothRevokePolicy.NEITHER_WINS_GAME  # Club law 81
    assert SHORT.override(both_revoke="new_deal").both_revoke is BothRevokePolicy.NEW_DEAL
