"""rules.md §3 (the revoke: definition, the three-way election, law 82, both sides revoking).

Expectations come from the text of Club laws 71, 72, 81 and 82 and old Hoyle, as quoted in
rules.md. Both-sides-revoke (DISPUTED) is checked under each ``both_revoke`` setting.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Seat, Side, Suit, parse_cards
from engine.deal import parse_pbn_deal
from engine.honours import NO_HONOURS, HonoursHeld
from engine.play import Claim, is_revoke, replay
from engine.profiles import AMERICAN, DUMMY, LONG, SHORT, BothRevokePolicy, HonoursAtGame
from engine.rubber import Hand, score_rubber
from engine.scoring import Revoke, RevokePenalty, score_hand

NS, EW = Side.NS, Side.EW
TAKE, DEDUCT, ADD = RevokePenalty.TAKE_TRICKS, RevokePenalty.DEDUCT, RevokePenalty.ADD
LONG_TEN = LONG.override(game_target=10)
NEITHER = SHORT.override(both_revoke=BothRevokePolicy.NEITHER_WINS_GAME)
NEW_DEAL = SHORT.override(both_revoke=BothRevokePolicy.NEW_DEAL)


# -- Club law 71: what a revoke is ------------------------------------------------------------


def test_s3_revoke_is_another_suit_while_holding_the_suit_led():
    hand = parse_cards("2H 9S")
    assert is_revoke(hand, Suit.HEARTS, parse_cards("9S")[0])  # holds a heart, plays a spade
    assert not is_revoke(hand, Suit.HEARTS, parse_cards("2H")[0])
    assert not is_revoke(parse_cards("9S 3C"), Suit.HEARTS, parse_cards("9S")[0])  # void


def test_s3_a_revoke_in_play_is_recorded_for_scoring_not_refused():
    # N holds every spade, E every heart, S every diamond, W every club, except that E holds
    # the 2 of spades and N the 2 of hearts. W deals, N leads AS; E, holding 2S, plays AH.
    deal = parse_pbn_deal("N:AKQJT9876543.2.. 2.AKQJT9876543.. ..AKQJT98765432. ...AKQJT98765432")
    record = parse_cards("AS AH 2D 2C")
    outcome = replay(deal, Seat.W, Suit.CLUBS, record, Claim(NS, 0))
    assert [(r.seat, r.trick, str(r.card), r.led_suit) for r in outcome.revokes] == [
        (Seat.E, 1, "AH", Suit.SPADES)
    ]


# -- Club law 72: the election -----------------------------------------------------------------


@pytest.mark.parametrize("profile", [SHORT, LONG, AMERICAN, DUMMY], ids=lambda p: p.name)
def test_s3_election_take_three_tricks_and_add_them_to_the_claimants(profile):
    # NS revoke and took 9; EW take three: NS 6, EW 7 -> EW score the odd trick.
    result = score_hand(profile, (0, 0), 9, revokes=[Revoke(NS, TAKE)])
    assert result.tricks == (6, 7)
    assert result.trick_points == (0, 1)
    assert result.after == (0, 1)


@pytest.mark.parametrize("profile", [SHORT, LONG, AMERICAN, DUMMY], ids=lambda p: p.name)
def test_s3_election_deduct_three_from_the_revokers(profile):
    result = score_hand(profile, (3, 0), 6, revokes=[Revoke(NS, DEDUCT)])
    assert result.revoke_points == (-3, 0)
    assert result.after == (0, 1)


@pytest.mark.parametrize("profile", [SHORT, LONG, AMERICAN, DUMMY], ids=lambda p: p.name)
def test_s3_election_add_three_to_the_claimants(profile):
    result = score_hand(profile, (0, 0), 6, revokes=[Revoke(NS, ADD)])
    assert result.revoke_points == (0, 3)
    assert result.after == (0, 4)


@pytest.mark.parametrize("ns_tricks", range(14))
def test_s3_penalty_takes_precedence_the_law_72_example(ns_tricks):
    # "claimants at two, opponents nothing -> claimants add three and win, whatever the
    # opponents made": NS (claimants) at 2, EW revoked.
    result = score_hand(SHORT, (2, 0), ns_tricks, HonoursHeld(EW, 4), [Revoke(EW, ADD)])
    assert result.after[NS] == 5
    assert result.after[EW] == 0
    assert (result.game_winner, result.game_value) == (NS, 3)


def test_s3_penalty_is_claimable_for_each_revoke():
    # EW revoked twice; NS elect add three for each: 0 + 3 + 3 = 6, game (a treble).
    twice = score_hand(SHORT, (0, 0), 6, revokes=[Revoke(EW, ADD), Revoke(EW, ADD)])
    assert twice.revoke_points == (6, 0)
    assert twice.after == (6, 0)  # the game ended on the penalty: EW's trick is not scored
    assert twice.game_winner is NS and twice.game_value == 3
    # a different election for each revoke: take three tricks, then deduct three
    mixed = score_hand(SHORT, (0, 3), 5, revokes=[Revoke(EW, TAKE), Revoke(EW, DEDUCT)])
    assert mixed.tricks == (8, 5)
    assert mixed.revoke_points == (0, -3)
    assert mixed.after == (2, 0)


def test_s3_penalty_applies_only_to_the_current_game():
    # NS at 4 add three after EW's revoke: the game is won at 7; the two points beyond the
    # game do not carry, the next game starts at love.
    rubber = score_rubber(SHORT, [Hand(10), Hand(6, revokes=(Revoke(EW, ADD),))])
    assert rubber.games[0].score == (7, 0)
    assert rubber.score == (0, 0)
    assert rubber.play(Hand(7)).score == (1, 0)


# -- Club law 82: the revoking side cannot win the game on that hand ---------------------------


@pytest.mark.parametrize(
    ("profile", "held_at"),
    [(SHORT, 4), (DUMMY, 4), (AMERICAN, 6), (LONG, 8), (LONG_TEN, 9)],
    ids=["short-four", "dummy-four", "american-six", "long9-eight", "long10-remain-at-nine"],
)
@pytest.mark.parametrize("penalty", [TAKE, DEDUCT, ADD])
def test_s3_revoking_side_held_one_short_of_game(profile, held_at, penalty):
    # NS revoke and still take all 13 tricks (with four honours where they count).
    before = (profile.game_target - 1, 0) if penalty is not DEDUCT else (3, 0)
    result = score_hand(profile, before, 13, HonoursHeld(NS, 4), [Revoke(NS, penalty)])
    assert result.game_winner is not NS
    assert result.after[NS] == held_at


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(
        [
            SHORT,
            SHORT.override(honours_at_game=HonoursAtGame.CLUB_CODE),
            SHORT.override(honours_at_game=HonoursAtGame.IGNORED_IF_REACHING_GAME),
            LONG,
            LONG_TEN,
            AMERICAN,
            DUMMY,
        ]
    ),
    st.sampled_from(list(Side)),
    st.sampled_from(list(RevokePenalty)),
    st.data(),
)
def test_s3_property_the_revoking_side_never_wins_the_game_on_that_hand(
    profile, revoker, penalty, data
):
    target = profile.game_target
    before = (data.draw(st.integers(0, target - 1)), data.draw(st.integers(0, target - 1)))
    ns_tricks = data.draw(st.integers(0, 13))
    honours = data.draw(
        st.sampled_from([NO_HONOURS] + [HonoursHeld(s, c) for s in Side for c in (3, 4)])
    )
    result = score_hand(profile, before, ns_tricks, honours, [Revoke(revoker, penalty)])
    assert result.game_winner is not revoker
    assert result.after[revoker] <= max(before[revoker], target - 1)
    claimants = revoker.other
    if penalty is ADD:
        # the three points come first and go to the claimants, capped only by the game's end
        assert result.revoke_points[claimants] == 3
    if penalty is TAKE:
        moved = min(3, (ns_tricks, 13 - ns_tricks)[revoker])
        assert result.tricks[revoker] == (ns_tricks, 13 - ns_tricks)[revoker] - moved


# -- Both sides revoke: DISPUTED, each setting -------------------------------------------------


@pytest.mark.parametrize("ns_penalty", [TAKE, DEDUCT, ADD])
@pytest.mark.parametrize("ew_penalty", [TAKE, DEDUCT, ADD])
def test_s3_both_revoke_club_law_81_neither_wins_each_punished(ns_penalty, ew_penalty):
    result = score_hand(
        NEITHER, (3, 3), 13, HonoursHeld(NS, 4), [Revoke(NS, ns_penalty), Revoke(EW, ew_penalty)]
    )
    assert result.game_winner is None
    assert not result.new_deal
    assert max(result.after) <= 4


@pytest.mark.parametrize("ns_penalty", [TAKE, DEDUCT, ADD])
@pytest.mark.parametrize("ew_penalty", [TAKE, DEDUCT, ADD])
def test_s3_both_revoke_old_hoyle_there_must_be_a_new_deal(ns_penalty, ew_penalty):
    result = score_hand(
        NEW_DEAL, (3, 1), 9, HonoursHeld(NS, 4), [Revoke(NS, ns_penalty), Revoke(EW, ew_penalty)]
    )
    assert result.new_deal
    assert result.after == (3, 1)
    assert result.game_winner is None
    assert result.revoke_points == result.trick_points == result.honour_points == (0, 0)


def test_s3_both_revoke_policy_applies_only_when_both_sides_revoke():
    one_side = score_hand(NEW_DEAL, (0, 0), 6, revokes=[Revoke(NS, ADD), Revoke(NS, ADD)])
    assert not one_side.new_deal
    assert one_side.after == (0, 6)
    assert (one_side.game_winner, one_side.game_value) == (EW, 3)
