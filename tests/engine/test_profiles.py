import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.boards import TrumpScheme
from engine.errors import EngineError, ProfileError
from engine.profiles import (
    AMERICAN,
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


def test_presets_short_is_english_short_whist():
    assert (SHORT.game_target, SHORT.honours, SHORT.rubber_points) == (5, True, True)
    assert SHORT.honours_at_game is HonoursAtGame.CAP_ONE_SHORT
    assert SHORT.rubber_bonus == 2
    assert SHORT.revoke_penalty == 3
    assert SHORT.misdeal is MisdealPolicy.LOSES_DEAL
    assert SHORT.both_revoke is BothRevokePolicy.NEITHER_WINS_GAME


def test_presets_american_has_no_honours_and_no_rubber_points():
    assert (AMERICAN.game_target, AMERICAN.honours, AMERICAN.rubber_points) == (7, False, False)


def test_presets_long_is_game_nine_with_honours_capped():
    assert (LONG.game_target, LONG.honours) == (9, True)
    assert LONG.honours_at_game is HonoursAtGame.CAP_ONE_SHORT
    assert LONG.rubber_points


def test_presets_duplicate_counts_every_trick_without_honours():
    assert DUPLICATE.every_trick_counts
    assert not DUPLICATE.honours
    assert not DUPLICATE.rubber_points
    assert DUPLICATE.misdeal is MisdealPolicy.REDEAL_SAME_DEALER


def test_presets_dummy_is_three_players_short_scoring_dummy_not_liable():
    assert DUMMY.players == 3
    assert not DUMMY.dummy_liable_to_revoke
    assert (DUMMY.game_target, DUMMY.honours, DUMMY.rubber_points) == (5, True, True)


def test_presets_are_registered_by_name():
    assert set(PRESETS) == {"short", "american", "long", "duplicate", "dummy", "double_dummy"}
    assert all(PRESETS[name].name == name for name in PRESETS)


def test_trump_scheme_is_the_boards_enum():
    assert isinstance(SHORT.trump_scheme, TrumpScheme)
    assert DUPLICATE.trump_scheme is TrumpScheme.HDSC


def test_game_value_short_whist_thresholds():
    # rules.md §2.3: treble if losers have not scored, double with 1-2, single with 3-4.
    assert [SHORT.game_value(s) for s in range(5)] == [3, 2, 2, 1, 1]


def test_game_value_long_whist_at_ten_single_from_five():
    ten = get_profile("long", game_target=10)
    assert [ten.game_value(s) for s in range(10)] == [3, 2, 2, 2, 2, 1, 1, 1, 1, 1]


def test_game_value_thresholds_can_be_set():
    custom = SHORT.override(double_from=2, single_from=4)
    assert [custom.game_value(s) for s in range(5)] == [3, 3, 2, 2, 1]


def test_override_returns_new_profile_and_keeps_original():
    ten = LONG.override(game_target=10)
    assert ten.game_target == 10
    assert LONG.game_target == 9
    assert ten.name == "long"


def test_override_accepts_enum_values_as_strings():
    profile = SHORT.override(honours_at_game="club_code", misdeal="redeal_same_dealer")
    assert profile.honours_at_game is HonoursAtGame.CLUB_CODE
    assert profile.misdeal is MisdealPolicy.REDEAL_SAME_DEALER


def test_override_unknown_setting_is_refused():
    with pytest.raises(ProfileError, match="unknown rule setting game_targte"):
        SHORT.override(game_targte=7)


@pytest.mark.parametrize(
    "changes",
    [
        {"game_target": 0},
        {"game_target": True},
        {"game_target": "5"},
        {"players": 5},
        {"honours": "yes"},
        {"honours_at_game": "sometimes"},
        {"revoke_penalty": 0},
        {"double_from": 6},
        {"single_from": 6},
        {"double_from": 3, "single_from": 2},
        {"name": ""},
    ],
)
def test_override_out_of_range_is_refused(changes):
    with pytest.raises(ProfileError):
        SHORT.override(**changes)


def test_profile_every_trick_counts_with_honours_is_refused():
    with pytest.raises(ProfileError, match="no honours"):
        DUPLICATE.override(honours=True)


def test_get_profile_with_overrides():
    assert get_profile("short", game_target=7).game_target == 7
    assert get_profile("american") is AMERICAN


def test_get_profile_unknown_name_is_refused():
    with pytest.raises(ProfileError, match="no rule profile called 'bridge'"):
        get_profile("bridge")


def test_profile_error_is_an_engine_error():
    assert issubclass(ProfileError, EngineError)


@pytest.mark.parametrize("profile", list(PRESETS.values()), ids=list(PRESETS))
def test_to_dict_from_dict_round_trip_through_json(profile):
    stored = json.loads(json.dumps(profile.to_dict()))
    assert RuleProfile.from_dict(stored) == profile


def test_from_dict_takes_missing_settings_from_named_preset():
    profile = RuleProfile.from_dict({"name": "long", "game_target": 10})
    assert profile == LONG.override(game_target=10)


def test_from_dict_club_name_takes_defaults():
    profile = RuleProfile.from_dict({"name": "Friday club", "game_target": 7})
    assert profile.game_target == 7
    assert profile.honours is True


def test_from_dict_unknown_key_is_refused():
    data = SHORT.to_dict() | {"chicane": True}
    with pytest.raises(ProfileError, match="chicane"):
        RuleProfile.from_dict(data)


@pytest.mark.parametrize("data", [{"game_target": 5}, {"name": ["short"]}, ["short"]])
def test_from_dict_without_name_is_refused(data):
    with pytest.raises(ProfileError):
        RuleProfile.from_dict(data)


def test_profile_is_frozen():
    with pytest.raises(AttributeError):
        SHORT.game_target = 7  # type: ignore[misc]


@settings(max_examples=150, deadline=None)
@given(
    base=st.sampled_from(["short", "long", "american", "dummy"]),
    target=st.integers(1, 50),
    rule=st.sampled_from(list(HonoursAtGame)),
    policy=st.sampled_from(list(BothRevokePolicy)),
    bonus=st.integers(0, 50),
)
def test_round_trip_any_valid_override(base, target, rule, policy, bonus):
    profile = get_profile(
        base, game_target=target, honours_at_game=rule, both_revoke=policy, rubber_bonus=bonus
    )
    assert RuleProfile.from_dict(json.loads(json.dumps(profile.to_dict()))) == profile
    values = [profile.game_value(score) for score in range(target)]
    assert values == sorted(values, reverse=True)
    assert set(values) <= {1, 2, 3}
