import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Side
from engine.errors import ProfileError, ScoringError
from engine.honours import NO_HONOURS, HonoursHeld
from engine.profiles import (
    AMERICAN,
    DUMMY,
    DUPLICATE,
    LONG,
    SHORT,
    BothRevokePolicy,
    HonoursAtGame,
)
from engine.scoring import HandScorer, Revoke, RevokePenalty, score_hand

NS, EW = Side.NS, Side.EW
CLUB = SHORT.override(honours_at_game=HonoursAtGame.CLUB_CODE)
IGNORED = SHORT.override(honours_at_game=HonoursAtGame.IGNORED_IF_REACHING_GAME)
TAKE, DEDUCT, ADD = RevokePenalty.TAKE_TRICKS, RevokePenalty.DEDUCT, RevokePenalty.ADD


def ns_honours(count):
    return HonoursHeld(NS, count)


def ew_honours(count):
    return HonoursHeld(EW, count)


# -- tricks ---------------------------------------------------------------------------------


def test_tricks_each_above_six_scores_one():
    result = score_hand(SHORT, (0, 0), 9)
    assert result.trick_points == (3, 0)
    assert result.after == (3, 0)
    assert result.game_winner is None
    assert result.game_value == 0


def test_tricks_ew_take_the_rest():
    result = score_hand(SHORT, (1, 2), 4)
    assert result.tricks == (4, 9)
    assert result.trick_points == (0, 3)
    assert result.after == (1, 5)
    assert result.game_winner is EW


def test_tricks_grand_slam_wins_a_treble_from_love():
    result = score_hand(SHORT, (0, 0), 13)
    assert result.trick_points == (7, 0)
    assert (result.game_winner, result.game_value) == (NS, 3)


@pytest.mark.parametrize(("losers", "value"), [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_game_value_by_losers_score(losers, value):
    result = score_hand(SHORT, (4, losers), 7)
    assert result.game_winner is NS
    assert result.game_value == value


@pytest.mark.parametrize("tricks", [14, -1, 20])
def test_tricks_out_of_range_are_refused(tricks):
    with pytest.raises(ScoringError, match=f"NS cannot take {tricks} tricks"):
        score_hand(SHORT, (0, 0), tricks)


@pytest.mark.parametrize("tricks", [7.0, "7", True, None])
def test_tricks_not_a_whole_number_are_refused(tricks):
    with pytest.raises(ScoringError):
        score_hand(SHORT, (0, 0), tricks)


@pytest.mark.parametrize("before", [(5, 0), (0, 7), (-1, 0), (0,), (1, 2, 3), "00", 3, (None, 0)])
def test_score_before_outside_a_game_is_refused(before):
    with pytest.raises(ScoringError):
        score_hand(SHORT, before, 7)


def test_score_before_as_list_is_accepted():
    assert score_hand(SHORT, [1, 1], 8).after == (3, 1)


def test_duplicate_profile_scores_boards_not_hands():
    with pytest.raises(ProfileError, match="score_board"):
        score_hand(DUPLICATE, (0, 0), 7)


# -- honours --------------------------------------------------------------------------------


def test_honours_four_score_four_and_three_score_two():
    assert score_hand(SHORT, (0, 0), 6, ew_honours(3)).honour_points == (0, 2)
    assert score_hand(LONG, (0, 0), 6, ns_honours(4)).honour_points == (4, 0)


def test_honours_divided_score_nothing():
    assert score_hand(SHORT, (0, 0), 8, NO_HONOURS).honour_points == (0, 0)


def test_honours_not_counted_without_honours_profile():
    result = score_hand(AMERICAN, (0, 0), 8, ns_honours(4))
    assert result.honour_points == (0, 0)
    assert result.after == (2, 0)


def test_honours_scored_after_tricks():
    # NS at 4 make the odd trick and hold four honours: the trick ends the game first.
    result = score_hand(CLUB, (3, 0), 8, ns_honours(4))
    assert result.trick_points == (2, 0)
    assert result.honour_points == (0, 0)
    assert result.after == (5, 0)


def test_cap_one_short_honours_stop_one_short_of_game():
    result = score_hand(SHORT, (0, 0), 7, ns_honours(4))
    assert result.honour_points == (3, 0)
    assert result.after == (4, 0)
    assert result.game_winner is None


def test_cap_one_short_czech_seed_example():
    # Seed 001: game 9, side at 6 makes 7 tricks with honours -> 1 for tricks, honours capped
    # to 1 -> 8.
    for count in (3, 4):
        result = score_hand(LONG, (6, 0), 7, ns_honours(count))
        assert result.trick_points == (1, 0)
        assert result.honour_points == (1, 0)
        assert result.after == (8, 0)


def test_cap_one_short_side_already_at_game_minus_one_scores_no_honours():
    assert score_hand(SHORT, (0, 4), 7, ew_honours(4)).honour_points == (0, 0)


def test_ignored_if_reaching_game_spanish_seed():
    # Seed 000: honour points do not count if they would bring the side to game.
    result = score_hand(IGNORED, (3, 0), 7, ns_honours(3))
    assert result.trick_points == (1, 0)
    assert result.honour_points == (0, 0)
    assert result.after == (4, 0)


def test_ignored_if_reaching_game_counts_when_short_of_game():
    assert score_hand(IGNORED, (2, 0), 6, ns_honours(3)).after == (4, 1)


def test_club_code_honours_can_win_the_game():
    result = score_hand(CLUB, (3, 0), 6, ns_honours(3))
    assert result.after == (5, 1)
    assert (result.game_winner, result.game_value) == (NS, 2)


def test_club_code_side_at_four_cannot_score_honours():
    # Club law 4: "at the score of four, cannot score honours".
    result = score_hand(CLUB, (4, 0), 6, ns_honours(4))
    assert result.honour_points == (0, 0)
    assert result.after == (4, 1)


def test_club_code_long_whist_at_nine_honours_do_not_count():
    ten = LONG.override(game_target=10, honours_at_game="club_code")
    assert score_hand(ten, (9, 0), 6, ns_honours(4)).honour_points == (0, 0)
    assert score_hand(ten, (8, 0), 6, ns_honours(4)).after == (12, 1)


def test_foster_example_one_out_by_honours_wins_a_single():
    # A-B (NS) at 3 hold 2 by honours, Y-Z (EW) win 3 by cards: Y-Z score first (to 3),
    # then A-B go out by honours and win only a single.
    result = score_hand(CLUB, (3, 0), 4, ns_honours(3))
    assert result.trick_points == (0, 3)
    assert result.honour_points == (2, 0)
    assert result.after == (5, 3)
    assert (result.game_winner, result.game_value) == (NS, 1)


def test_foster_example_two_out_on_tricks_other_honours_never_scored():
    # A-B (NS) at 3 win 2 by cards while Y-Z hold four honours: A-B go out, treble.
    for profile in (CLUB, SHORT, IGNORED):
        result = score_hand(profile, (3, 0), 8, ew_honours(4))
        assert result.honour_points == (0, 0)
        assert result.after == (5, 0)
        assert (result.game_winner, result.game_value) == (NS, 3)


# -- revoke ---------------------------------------------------------------------------------


def test_revoke_add_takes_precedence_and_wins_the_game():
    # rules.md §3: claimants at two, opponents nothing -> claimants add three and win,
    # whatever the opponents made.
    result = score_hand(SHORT, (2, 0), 3, revokes=[Revoke(EW, ADD)])
    assert result.revoke_points == (3, 0)
    assert result.trick_points == (0, 0)
    assert result.after == (5, 0)
    assert (result.game_winner, result.game_value) == (NS, 3)


def test_revoke_add_game_ends_before_claimants_tricks():
    result = score_hand(SHORT, (2, 0), 9, revokes=[Revoke(EW, ADD)])
    assert result.trick_points == (0, 0)
    assert result.after == (5, 0)


def test_revoke_deduct_then_tricks():
    result = score_hand(SHORT, (4, 0), 8, revokes=[Revoke(NS, DEDUCT)])
    assert result.revoke_points == (-3, 0)
    assert result.trick_points == (2, 0)
    assert result.after == (3, 0)
    assert result.game_winner is None


def test_revoke_deduct_changes_game_value():
    # EW at 3 deducted to 0, then NS go out: a treble instead of a single.
    result = score_hand(SHORT, (4, 3), 7, revokes=[Revoke(EW, DEDUCT)])
    assert result.after == (5, 0)
    assert result.game_value == 3


def test_revoke_deduct_never_below_love():
    result = score_hand(SHORT, (1, 0), 6, revokes=[Revoke(NS, DEDUCT)])
    assert result.revoke_points == (-1, 0)
    assert result.after == (0, 1)


def test_revoke_take_three_tricks():
    result = score_hand(SHORT, (0, 0), 8, revokes=[Revoke(NS, TAKE)])
    assert result.tricks == (5, 8)
    assert result.trick_points == (0, 2)
    assert result.after == (0, 2)


def test_revoke_take_tricks_when_revokers_have_fewer_than_three():
    result = score_hand(SHORT, (0, 0), 2, revokes=[Revoke(NS, TAKE)])
    assert result.tricks == (0, 13)


def test_revoking_side_cannot_win_the_game():
    # NS revoke, EW add three; NS take ten tricks but are held at four (law 82).
    result = score_hand(SHORT, (3, 0), 10, revokes=[Revoke(NS, ADD)])
    assert result.revoke_points == (0, 3)
    assert result.trick_points == (1, 0)
    assert result.after == (4, 3)
    assert result.game_winner is None


def test_revoking_side_honours_held_at_game_minus_one():
    result = score_hand(CLUB, (2, 0), 10, ns_honours(4), revokes=[Revoke(NS, TAKE)])
    assert result.trick_points == (1, 0)
    assert result.honour_points == (1, 0)
    assert result.after == (4, 0)


def test_revoking_side_long_whist_remains_at_eight_of_nine():
    result = score_hand(LONG, (6, 0), 13, revokes=[Revoke(NS, DEDUCT)])
    assert result.after == (8, 0)
    assert result.game_winner is None


def test_revoke_penalty_size_is_a_setting():
    result = score_hand(SHORT.override(revoke_penalty=2), (0, 0), 6, revokes=[Revoke(NS, ADD)])
    assert result.revoke_points == (0, 2)


def test_both_revoke_neither_wins_game():
    profile = SHORT.override(both_revoke=BothRevokePolicy.NEITHER_WINS_GAME)
    revokes = [Revoke(NS, ADD), Revoke(EW, ADD)]
    result = score_hand(profile, (3, 3), 13, revokes=revokes)
    assert result.after == (4, 4)
    assert result.game_winner is None
    assert not result.new_deal


def test_both_revoke_new_deal_scores_nothing():
    profile = SHORT.override(both_revoke=BothRevokePolicy.NEW_DEAL)
    revokes = [Revoke(NS, TAKE), Revoke(EW, DEDUCT)]
    result = score_hand(profile, (3, 1), 10, ns_honours(4), revokes)
    assert result.new_deal
    assert result.after == (3, 1)
    assert result.trick_points == result.honour_points == result.revoke_points == (0, 0)
    assert result.game_winner is None


def test_revoke_penalty_accepts_its_string_value():
    assert Revoke(NS, "deduct").penalty is DEDUCT


@pytest.mark.parametrize(("side", "penalty"), [(NS, "fine"), ("NS", "add"), (0, "add")])
def test_revoke_bad_values_are_refused(side, penalty):
    with pytest.raises(ScoringError):
        Revoke(side, penalty)


def test_revoke_by_dummy_is_not_penalised_in_dummy_whist():
    with pytest.raises(ScoringError, match="dummy is not liable"):
        score_hand(DUMMY, (0, 0), 6, revokes=[Revoke(NS, ADD, by_dummy=True)])


def test_revoke_by_dummy_allowed_when_profile_makes_dummy_liable():
    liable = DUMMY.override(dummy_liable_to_revoke=True)
    result = score_hand(liable, (0, 0), 6, revokes=[Revoke(NS, ADD, by_dummy=True)])
    assert result.revoke_points == (0, 3)


def test_revoke_by_dummy_in_four_player_game_is_refused():
    with pytest.raises(ScoringError, match="no dummy"):
        score_hand(SHORT, (0, 0), 6, revokes=[Revoke(NS, ADD, by_dummy=True)])


def test_honours_must_be_honours_held():
    with pytest.raises(ScoringError, match="HonoursHeld"):
        score_hand(SHORT, (0, 0), 6, {"side": NS, "count": 4})


def test_scorer_returns_equal_results_for_repeated_hands():
    scorer = HandScorer(SHORT)
    first = scorer.score((1, 2), 8, ns_honours(3))
    assert scorer.score((1, 2), 8, ns_honours(3)) == first
    assert first.after == (4, 2)


# -- properties -----------------------------------------------------------------------------

PROFILES = [
    SHORT,
    CLUB,
    IGNORED,
    LONG,
    LONG.override(game_target=10, honours_at_game="club_code"),
    AMERICAN,
    DUMMY,
    SHORT.override(both_revoke="new_deal"),
]

honours_strategy = st.sampled_from(
    [NO_HONOURS] + [HonoursHeld(side, count) for side in Side for count in (3, 4)]
)
revoke_strategy = st.builds(
    Revoke, st.sampled_from(list(Side)), st.sampled_from(list(RevokePenalty))
)


@st.composite
def hands(draw):
    profile = draw(st.sampled_from(PROFILES))
    target = profile.game_target
    before = (draw(st.integers(0, target - 1)), draw(st.integers(0, target - 1)))
    ns_tricks = draw(st.integers(0, 13))
    honours = draw(honours_strategy)
    revokes = draw(st.lists(revoke_strategy, max_size=2))
    return profile, before, ns_tricks, honours, revokes


@settings(max_examples=400, deadline=None)
@given(hands())
def test_property_after_is_before_plus_points(hand):
    profile, before, ns_tricks, honours, revokes = hand
    result = score_hand(profile, before, ns_tricks, honours, revokes)
    for side in Side:
        assert result.after[side] == (
            before[side]
            + result.revoke_points[side]
            + result.trick_points[side]
            + result.honour_points[side]
        )
        assert result.after[side] >= 0


@settings(max_examples=400, deadline=None)
@given(hands())
def test_property_scores_never_decrease_except_by_revoke_deduction(hand):
    profile, before, ns_tricks, honours, revokes = hand
    result = score_hand(profile, before, ns_tricks, honours, revokes)
    for side in Side:
        deductions = sum(1 for r in revokes if r.side is side and r.penalty is DEDUCT)
        assert result.after[side] >= before[side] - profile.revoke_penalty * deductions
        if deductions == 0:
            assert result.after[side] >= before[side]
            assert result.revoke_points[side] >= 0


@settings(max_examples=400, deadline=None)
@given(hands())
def test_property_at_most_one_side_scores_trick_points(hand):
    profile, before, ns_tricks, honours, revokes = hand
    result = score_hand(profile, before, ns_tricks, honours, revokes)
    assert 0 in result.trick_points
    assert sum(result.tricks) == 13
    odd_side = NS if result.tricks[0] > 6 else EW
    revokers = {r.side for r in revokes}
    ended_on_revoke = any(
        points >= profile.game_target
        for points in (before[0] + result.revoke_points[0], before[1] + result.revoke_points[1])
    )
    if not (result.new_deal or ended_on_revoke or odd_side in revokers):
        # exactly one side scores: the side that took more than six tricks, one per trick
        assert result.trick_points[odd_side] == result.tricks[odd_side] - 6


@settings(max_examples=400, deadline=None)
@given(hands())
def test_property_game_won_at_most_once(hand):
    profile, before, ns_tricks, honours, revokes = hand
    result = score_hand(profile, before, ns_tricks, honours, revokes)
    target = profile.game_target
    reached = [side for side in Side if result.after[side] >= target]
    assert len(reached) <= 1
    if result.game_winner is None:
        assert reached == [] and result.game_value == 0
    else:
        assert reached == [result.game_winner]
        assert result.game_value == profile.game_value(result.after[result.game_winner.other])
        assert result.game_winner not in {r.side for r in revokes}


@settings(max_examples=400, deadline=None)
@given(hands())
def test_property_honours_respect_the_boundary_rule(hand):
    profile, before, ns_tricks, honours, revokes = hand
    result = score_hand(profile, before, ns_tricks, honours, revokes)
    target = profile.game_target
    for side in Side:
        if result.honour_points[side] == 0:
            continue
        assert profile.honours and honours.side is side
        assert result.honour_points[side] <= honours.points
        if profile.honours_at_game is HonoursAtGame.CAP_ONE_SHORT:
            assert result.after[side] <= target - 1  # honours alone never reach the target
        elif profile.honours_at_game is HonoursAtGame.IGNORED_IF_REACHING_GAME:
            assert result.after[side] < target
        else:
            assert before[side] != target - 1


def test_scorer_refuses_look_alike_numbers_after_a_valid_hand():
    # 7.0 == 7 and True == 1: a remembered result must not let them through.
    scorer = HandScorer(SHORT)
    scorer.score((0, 1), 7)
    for before, tricks in [((0, 1), 7.0), ((0, True), 7), ((0.0, 1), 7)]:
        with pytest.raises(ScoringError):
            scorer.score(before, tricks)


@pytest.mark.parametrize(
    ("rule", "after", "winner"),
    [
        (HonoursAtGame.CLUB_CODE, (5, 3), NS),  # honours may win the game
        (HonoursAtGame.CAP_ONE_SHORT, (4, 3), None),  # honours stop at game-1
        (HonoursAtGame.IGNORED_IF_REACHING_GAME, (3, 3), None),  # honours ignored entirely
    ],
)
def test_foster_example_one_under_each_boundary_rule(rule, after, winner):
    result = score_hand(SHORT.override(honours_at_game=rule), (3, 0), 4, ns_honours(3))
    assert result.after == after
    assert result.game_winner is winner


def test_revokes_must_be_a_list():
    with pytest.raises(ScoringError, match="list of Revoke"):
        score_hand(SHORT, (0, 0), 7, revokes=Revoke(NS, ADD))
