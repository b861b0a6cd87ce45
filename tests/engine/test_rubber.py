import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Seat, Side
from engine.errors import ProfileError, ScoringError
from engine.honours import NO_HONOURS, HonoursHeld
from engine.profiles import AMERICAN, DUPLICATE, LONG, SHORT, HonoursAtGame, get_profile
from engine.rubber import Hand, next_dealer, score_rubber, start_rubber
from engine.scoring import Revoke, RevokePenalty

NS, EW = Side.NS, Side.EW
CLUB = SHORT.override(honours_at_game=HonoursAtGame.CLUB_CODE)


def test_bennet_worked_rubber_is_four():
    # bennetdictionary: 5-4 single, opponents 5-1 double, 5-0 treble -> 1 + 3 + 2 - 2 = 4.
    hands = [
        Hand(3),  # EW 4 odd tricks: 0-4
        Hand(11),  # NS 5: game NS 5-4, single
        Hand(7),  # NS 1
        Hand(2),  # EW 5: game EW 5-1, double
        Hand(11),  # NS 5: game NS 5-0, treble
    ]
    rubber = score_rubber(SHORT, hands)
    assert [(g.winner, g.score, g.value) for g in rubber.games] == [
        (NS, (5, 4), 1),
        (EW, (1, 5), 2),
        (NS, (5, 0), 3),
    ]
    result = rubber.result()
    assert result.winner is NS
    assert result.game_points == (4, 2)
    assert result.rubber_bonus == 2
    assert result.points == 4


def test_smallest_rubber_is_one():
    # Two singles and the rubber, less a treble: 1 + 1 + 2 - 3 = 1.
    hands = [Hand(3), Hand(11), Hand(1), Hand(4), Hand(12)]
    rubber = score_rubber(SHORT, hands)
    assert [g.value for g in rubber.games] == [1, 3, 1]
    assert rubber.result().points == 1


def test_bumper_is_eight():
    rubber = score_rubber(SHORT, [Hand(12), Hand(13)])
    assert rubber.is_over
    assert [g.value for g in rubber.games] == [3, 3]
    assert rubber.result().points == 8


def test_rubber_stops_at_two_games_to_none():
    rubber = score_rubber(SHORT, [Hand(12), Hand(12)])
    assert rubber.games_won == (2, 0)
    with pytest.raises(ScoringError, match="the rubber is over: NS won it 2–0"):
        rubber.play(Hand(7))


def test_rubber_not_over_has_no_result():
    rubber = score_rubber(SHORT, [Hand(12), Hand(0)])
    assert rubber.games_won == (1, 1)
    assert rubber.winner is None
    with pytest.raises(ScoringError, match="not over: games stand 1–1"):
        rubber.result()


def test_rubber_new_game_starts_at_love():
    rubber = score_rubber(SHORT, [Hand(9), Hand(9)])
    assert rubber.games_won == (1, 0)
    assert rubber.score == (0, 0)
    assert rubber.games[0].hands == 2
    assert rubber.play(Hand(8)).score == (2, 0)


def test_rubber_keeps_every_hand_scored():
    rubber = score_rubber(SHORT, [Hand(8), Hand(6), Hand(10)])
    assert [h.after for h in rubber.hands] == [(2, 0), (2, 1), (6, 1)]


def test_rubber_is_immutable_play_returns_new():
    rubber = start_rubber(SHORT)
    after = rubber.play(Hand(9))
    assert rubber.score == (0, 0)
    assert after.score == (3, 0)


def test_foster_examples_inside_a_rubber_club_code():
    # A-B (NS) at 3, then Y-Z win 3 by cards while A-B hold 2 by honours: A-B win a single.
    rubber = score_rubber(CLUB, [Hand(9), Hand(4, HonoursHeld(NS, 3))])
    assert (rubber.games[0].winner, rubber.games[0].value) == (NS, 1)
    # A-B at 3 win 2 by cards while Y-Z hold four honours: a treble, Y-Z's honours unscored.
    rubber = score_rubber(CLUB, [Hand(9), Hand(8, HonoursHeld(EW, 4))])
    assert (rubber.games[0].winner, rubber.games[0].value) == (NS, 3)
    assert rubber.games[0].score == (5, 0)


def test_long_seed_example_in_a_rubber():
    rubber = score_rubber(LONG, [Hand(12), Hand(7, HonoursHeld(NS, 4))])
    assert rubber.score == (8, 0)
    assert rubber.games == ()


def test_revoking_side_held_below_game_in_a_rubber():
    rubber = score_rubber(SHORT, [Hand(13, revokes=(Revoke(NS, RevokePenalty.DEDUCT),))])
    assert rubber.score == (4, 0)
    assert rubber.games == ()


def test_american_rubber_has_no_rubber_points():
    # Tricks only, game 7; the rubber is worth the agreed value (1) to its winners.
    rubber = score_rubber(AMERICAN, [Hand(13), Hand(0), Hand(13, HonoursHeld(NS, 4))])
    result = rubber.result()
    assert rubber.games_won == (2, 1)
    assert result.winner is NS
    assert result.points == 1
    assert result.points_for(EW) == -1


def test_american_honours_never_score_in_a_rubber():
    rubber = score_rubber(AMERICAN, [Hand(6, HonoursHeld(NS, 4))])
    assert rubber.score == (0, 1)


def test_points_for_is_zero_sum():
    result = score_rubber(SHORT, [Hand(12), Hand(13)]).result()
    assert result.points_for(NS) == 8
    assert result.points_for(EW) == -8


def test_player_points_given_the_seating():
    result = score_rubber(SHORT, [Hand(0), Hand(0)]).result()
    seating = {Seat.N: "ana", Seat.E: "bo", Seat.S: "cy", Seat.W: "di"}
    assert result.player_points(seating) == {"ana": -8, "cy": -8, "bo": 8, "di": 8}


def test_duplicate_profile_has_no_rubbers():
    with pytest.raises(ProfileError):
        start_rubber(DUPLICATE)


def test_next_dealer_passes_left():
    assert next_dealer(Seat.W, SHORT) is Seat.N


def test_next_dealer_misdeal_loses_the_deal_club_code():
    assert next_dealer(Seat.N, SHORT, misdeal=True) is Seat.E


def test_next_dealer_misdeal_same_dealer_american():
    assert next_dealer(Seat.N, AMERICAN, misdeal=True) is Seat.N
    assert next_dealer(Seat.N, AMERICAN) is Seat.E


# -- properties -----------------------------------------------------------------------------

hand_strategy = st.builds(
    Hand,
    st.integers(0, 13),
    st.sampled_from([NO_HONOURS] + [HonoursHeld(s, c) for s in Side for c in (3, 4)]),
    st.lists(
        st.builds(Revoke, st.sampled_from(list(Side)), st.sampled_from(list(RevokePenalty))),
        max_size=1,
    ).map(tuple),
)


def _play_out(profile, hands):
    rubber = start_rubber(profile)
    for hand in hands:
        if rubber.is_over:
            break
        rubber = rubber.play(hand)
    return rubber


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([SHORT, CLUB, SHORT.override(honours_at_game="ignored_if_reaching_game")]),
    st.lists(hand_strategy, min_size=60, max_size=60),
)
def test_property_short_rubber_ends_after_two_or_three_games_worth_one_to_eight(profile, hands):
    rubber = _play_out(profile, hands)
    if not rubber.is_over:  # only possible with many hands that score nothing at game
        return
    assert len(rubber.games) in (2, 3)
    assert max(rubber.games_won) == 2
    if len(rubber.games) == 3:
        assert rubber.games_won in ((2, 1), (1, 2))
        assert rubber.games[0].winner is not rubber.games[1].winner
    result = rubber.result()
    assert 1 <= result.points <= 8
    with pytest.raises(ScoringError):
        rubber.play(Hand(7))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([SHORT, LONG, AMERICAN]), st.lists(hand_strategy, max_size=40))
def test_property_games_end_at_target_and_losers_below(profile, hands):
    rubber = _play_out(profile, hands)
    target = profile.game_target
    for game in rubber.games:
        assert game.score[game.winner] >= target
        assert game.score[game.winner.other] < target
        assert game.value == profile.game_value(game.score[game.winner.other])
    assert all(points < target for points in rubber.score)
    assert len(rubber.games) <= 3


def test_rubber_from_game_results_bennets_rubber():
    # rules.md §2.3, Bennet: 5-4 single, opponents 5-1 double, 5-0 treble → 1 + 3 + 2 − 2 = 4
    from engine.rubber import rubber_from_games

    rubber = rubber_from_games(get_profile("short"), [(Side.NS, 4), (Side.EW, 1), (Side.NS, 0)])
    result = rubber.result()
    assert (result.winner, result.points, result.game_points) == (Side.NS, 4, (4, 2))
    assert [g.value for g in rubber.games] == [1, 2, 3]


def test_rubber_from_game_results_refuses_what_a_score_sheet_cannot_hold():
    from engine.rubber import rubber_from_games

    with pytest.raises(ScoringError) as caught:
        rubber_from_games(get_profile("short"), [(Side.NS, 5)])
    assert caught.value.code == "rubber_losers_score_out_of_range"
    with pytest.raises(ScoringError) as caught:
        rubber_from_games(get_profile("short"), [(Side.NS, 0), (Side.NS, 0), (Side.EW, 0)])
    assert caught.value.code == "rubber_over"
    bumper = rubber_from_games(get_profile("short"), [(Side.EW, 0), (Side.EW, 0)])
    assert bumper.result().points == 8  # two trebles + the rubber
