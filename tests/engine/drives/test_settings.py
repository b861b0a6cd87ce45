"""drives.md §10: the defaults, every setting checked, plain JSON both ways."""

import pytest

from engine.drives.errors import DriveError
from engine.drives.settings import (
    DEFAULT_PRIZES,
    DriveSettings,
    IncompleteTable,
    Metric,
    Movement,
    Mover,
    PrizeGroup,
    PrizeSpec,
    Scoring,
    TieBreak,
)


def test_defaults_are_the_decisions_of_section_10():
    s = DriveSettings()
    assert (s.movement, s.mover) == (Movement.PROGRESSIVE, Mover.WINNERS)
    assert (s.hands, s.half_time_after, s.hands_per_round) == (24, 12, 1)
    assert s.trumps == ("H", "D", "S", "C")
    assert s.scoring is Scoring.TRICKS
    assert s.incomplete_table is IncompleteTable.DUMMY
    assert s.sit_out_score == (7, 6)
    assert s.min_hands_for_prizes == 24  # a full card
    assert s.one_prize_per_player and s.big_hand_threshold == 10
    assert s.tie_break is TieBreak.CUT and s.mystery_number is None
    assert [str(p) for p in s.prizes] == [
        "lady:total",
        "lady:total",
        "lady:total",
        "gent:total",
        "gent:total",
        "gent:total",
        "all:half_time",
        "lady:total:lowest",
        "gent:total:lowest",
    ]


def test_goa_twenty_hands_two_sessions_of_ten_is_expressible():
    s = DriveSettings(hands=20, half_time_after=10)
    assert s.rounds == 20 and s.round_of(11) == 11


def test_trumps_cycle_by_hand_number_with_no_trumps_allowed():
    s = DriveSettings(trumps=("nt", "S", "H", "D", "C"))
    assert [s.trump(n) for n in range(1, 8)] == ["NT", "S", "H", "D", "C", "NT", "S"]
    assert [DriveSettings().trump(n) for n in (1, 2, 3, 4, 5)] == ["H", "D", "S", "C", "H"]


def test_wins_scoring_sits_out_one_and_nothing():
    assert DriveSettings(scoring="wins").sit_out_score == (1, 0)


def test_partners_default_by_movement():
    assert DriveSettings(movement="couple").change_partners is False
    assert DriveSettings(movement="head_table").change_partners is True
    assert DriveSettings(movement="couple").fixed_partners
    assert not DriveSettings(movement="couple", change_partners=True).fixed_partners


def test_hands_per_round_groups_hands_and_half_time_falls_between_moves():
    s = DriveSettings(hands=16, hands_per_round=4, half_time_after=8)
    assert s.rounds == 4 and list(s.hands_of(2)) == [5, 6, 7, 8] and s.round_of(9) == 3


@pytest.mark.parametrize(
    "changes, code",
    [
        ({"hands": 0}, "drive_hands"),
        ({"hands": 24, "hands_per_round": 5}, "drive_hands_per_round"),
        ({"hands": 24, "hands_per_round": 4, "half_time_after": 10}, "drive_half_time"),
        ({"half_time_after": 24}, "drive_half_time"),
        ({"trumps": ("H", "X")}, "drive_trumps"),
        ({"trumps": ()}, "drive_trumps"),
        ({"sit_out_score": (6, 7)}, "drive_sit_out_score"),
        ({"min_hands_for_prizes": 25}, "drive_min_hands"),
        ({"big_hand_threshold": 6}, "drive_big_hand"),
        ({"movement": "fixed"}, "drive_setting_value"),
        ({"prizes": ("couple:total",)}, "drive_prize_couple"),
        ({"prizes": ("lady:wins",)}, "drive_setting_value"),
        ({"prizes": ("lady",)}, "drive_prize"),
        ({"prizes": ("all:mystery:lowest",)}, "drive_prize"),
        ({"half_time_after": 0}, "drive_prize"),  # the default list has a half-time prize
    ],
)
def test_impossible_settings_are_refused_with_a_code(changes, code):
    with pytest.raises(DriveError) as refused:
        DriveSettings(**changes)
    assert refused.value.code == code


def test_no_half_time_without_a_half_time_prize():
    prizes = tuple(p for p in DEFAULT_PRIZES if p.metric is not Metric.HALF_TIME)
    assert DriveSettings(half_time_after=0, prizes=prizes).half_time_after == 0


def test_round_trip_through_plain_json():
    s = DriveSettings(
        movement="couple",
        mover="losers",
        trumps=("NT", "S"),
        prizes=(PrizeSpec(PrizeGroup.COUPLE), PrizeSpec("all", "mystery")),
        mystery_number=150,
        tie_break="share",
    )
    data = s.to_dict()
    assert data["prizes"] == ["couple:total", "all:mystery"]
    assert DriveSettings.from_dict(data) == s


def test_unknown_and_badly_typed_settings_are_refused():
    with pytest.raises(DriveError) as unknown:
        DriveSettings.from_dict({"tables": 3})
    assert unknown.value.code == "drive_setting_unknown"
    assert unknown.value.params == {"setting": "tables"}
    with pytest.raises(DriveError) as typed:
        DriveSettings.from_dict({"hands": "many"})
    assert typed.value.code == "drive_setting_value"


@pytest.mark.parametrize(
    "data",
    [
        {"hands": 24.0},
        {"hands": True},
        {"mystery_number": "x"},
        {"one_prize_per_player": "no"},
        {"prizes": 5},
        {"trumps": "HDSC"},
        {"sit_out_score": 5},
        {"sit_out_score": [7, "6"]},
        {"min_hands_for_prizes": 2.5},
        {"change_partners": "yes"},
    ],
)
def test_settings_of_the_wrong_type_are_refused_with_a_code(data):
    with pytest.raises(DriveError) as refused:
        DriveSettings.from_dict(data)
    assert refused.value.code in ("drive_setting_value", "drive_sit_out_score")
