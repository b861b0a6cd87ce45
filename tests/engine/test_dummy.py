import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Seat, Side
from engine.dummy import (
    DUMMY_HAND,
    dummy_match,
    dummy_rubber,
    dummy_totals,
    start_dummy_rubber,
)
from engine.errors import ProfileError, RotationError, ScoringError
from engine.profiles import DUMMY, SHORT
from engine.rubber import Hand, score_rubber
from engine.scoring import Revoke, RevokePenalty

PLAYERS = ("ana", "bo", "cy")


def test_dummy_each_player_holds_dummy_once_in_a_match():
    match = dummy_match(PLAYERS)
    assert [rubber.holder for rubber in match] == ["ana", "bo", "cy"]
    assert [rubber.number for rubber in match] == [1, 2, 3]


def test_dummy_holder_plays_against_the_other_two():
    rubber = dummy_rubber(PLAYERS, 2)
    assert rubber.holder == "bo"
    assert set(rubber.opponents) == {"ana", "cy"}


def test_dummy_sits_opposite_its_holder():
    rubber = dummy_rubber(PLAYERS, 1)
    seating = rubber.seating
    assert seating[rubber.dummy_seat] is DUMMY_HAND
    assert seating.partner_of("ana") is DUMMY_HAND
    assert seating.seat_of("ana").side is rubber.holder_side is Side.NS


def test_dummy_deals_at_the_commencement_of_each_rubber():
    for rubber in dummy_match(PLAYERS):
        assert rubber.seating[rubber.first_dealer] is DUMMY_HAND


@pytest.mark.parametrize("players", [("ana", "bo"), ("ana", "bo", "ana"), ("a", "b", "c", "d")])
def test_dummy_needs_three_different_players(players):
    with pytest.raises(RotationError):
        dummy_match(players)


def test_dummy_rubber_four_starts_the_turn_again():
    assert dummy_rubber(PLAYERS, 4).holder == "ana"


def test_dummy_rubber_number_from_one():
    with pytest.raises(RotationError):
        dummy_rubber(PLAYERS, 0)


def test_dummy_totals_holder_wins_from_each_opponent():
    match = dummy_match(PLAYERS)
    won = score_rubber(DUMMY, [Hand(12), Hand(13)]).result()  # holder's side: bumper, 8
    lost = score_rubber(DUMMY, [Hand(3), Hand(11), Hand(1), Hand(4), Hand(12)]).result()
    assert (won.points, lost.points) == (8, 1)
    totals = dummy_totals([(match[0], won), (match[1], lost)])
    # Rubber 1: ana +16, bo -8, cy -8. Rubber 2 (bo holds dummy, NS win 1): bo +2, ana -1, cy -1.
    assert totals == {"ana": 15, "bo": -6, "cy": -9}


def test_dummy_totals_when_holder_loses():
    rubber = dummy_rubber(PLAYERS, 3)
    lost = score_rubber(DUMMY, [Hand(0), Hand(0)]).result()
    assert dummy_totals([(rubber, lost)]) == {"cy": -16, "ana": 8, "bo": 8}


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 3), st.sampled_from([[12, 13], [0, 0], [3, 11, 1, 4, 12]])))
)
def test_property_dummy_totals_sum_to_zero(plays):
    rubbers = [
        (dummy_rubber(PLAYERS, number), score_rubber(DUMMY, map(Hand, tricks)).result())
        for number, tricks in plays
    ]
    assert sum(dummy_totals(rubbers).values()) == 0


def test_dummy_not_liable_to_revoke_penalty():
    rubber = start_dummy_rubber(DUMMY)
    with pytest.raises(ScoringError, match="dummy is not liable"):
        rubber.play(Hand(7, revokes=(Revoke(Side.NS, RevokePenalty.TAKE_TRICKS, by_dummy=True),)))


def test_dummy_holder_revoke_is_penalised():
    rubber = start_dummy_rubber(DUMMY)
    after = rubber.play(Hand(7, revokes=(Revoke(Side.NS, RevokePenalty.ADD),)))
    assert after.score == (1, 3)


def test_dummy_rubber_needs_a_three_player_profile():
    with pytest.raises(ProfileError, match="four players"):
        start_dummy_rubber(SHORT)


def test_dummy_seats_the_next_player_on_holders_left():
    rubber = dummy_rubber(PLAYERS, 1)
    assert rubber.seating[Seat.S] == "ana"
    assert rubber.seating[Seat.S.left] == "bo"
    assert rubber.seating[Seat.E] == "cy"
