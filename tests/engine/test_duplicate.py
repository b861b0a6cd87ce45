import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Side
from engine.duplicate import score_board
from engine.errors import ProfileError, ScoringError
from engine.profiles import DUPLICATE, SHORT
from engine.scoring import Revoke, RevokePenalty


def test_board_every_trick_counts():
    # AWL Law A: honours are not scored, every trick counts.
    board = score_board(9)
    assert board.tricks == (9, 4)
    assert board.tricks_for(Side.EW) == 4


def test_board_ew_take_all_thirteen():
    assert score_board(0).tricks == (0, 13)


@pytest.mark.parametrize("tricks", [14, -1])
def test_board_impossible_tricks_are_refused(tricks):
    with pytest.raises(ScoringError, match=f"NS cannot take {tricks} tricks"):
        score_board(tricks)


def test_board_tricks_must_be_whole_numbers():
    with pytest.raises(ScoringError):
        score_board("7")


def test_board_revoke_moves_three_tricks():
    board = score_board(7, revokes=[Revoke(Side.NS, RevokePenalty.TAKE_TRICKS)])
    assert board.tricks == (4, 9)
    assert board.tricks_played == (7, 6)


def test_board_revoke_takes_at_most_the_tricks_revokers_have():
    board = score_board(11, revokes=[Revoke(Side.EW, RevokePenalty.TAKE_TRICKS)])
    assert board.tricks == (13, 0)


@pytest.mark.parametrize("penalty", [RevokePenalty.ADD, RevokePenalty.DEDUCT])
def test_board_revoke_in_points_is_refused(penalty):
    with pytest.raises(ScoringError, match="paid in tricks"):
        score_board(7, revokes=[Revoke(Side.NS, penalty)])


def test_board_needs_an_every_trick_profile():
    with pytest.raises(ProfileError, match="score_hand"):
        score_board(7, profile=SHORT)


def test_board_revoke_penalty_from_profile():
    profile = DUPLICATE.override(revoke_penalty=2)
    board = score_board(7, profile=profile, revokes=[Revoke(Side.NS, "take_tricks")])
    assert board.tricks == (5, 8)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 13),
    st.lists(st.builds(Revoke, st.sampled_from(list(Side)), st.just("take_tricks")), max_size=3),
)
def test_property_board_tricks_sum_to_thirteen(ns_tricks, revokes):
    board = score_board(ns_tricks, revokes=revokes)
    assert sum(board.tricks) == 13
    assert all(0 <= t <= 13 for t in board.tricks)
    if not revokes:
        assert board.tricks == board.tricks_played
