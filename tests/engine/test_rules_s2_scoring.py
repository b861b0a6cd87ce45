"""rules.md §2 (scoring: odd tricks, honours, the game boundary, game values and rubbers).

Every expectation here is worked out from the rule's text (and the worked examples of the
sources quoted in rules.md), not from the engine. The DISPUTED honours rule (§2.2) is checked
under each of its three settings.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Seat, Side, Suit, parse_cards
from engine.deal import Deal, deal_from_seed, parse_pbn_deal
from engine.honours import NO_HONOURS, HonoursHeld, honours_held
from engine.profiles import AMERICAN, DUMMY, LONG, SHORT, HonoursAtGame
from engine.rubber import Hand, score_rubber, start_rubber
from engine.scoring import Revoke, RevokePenalty, score_hand

NS, EW = Side.NS, Side.EW
CAP = HonoursAtGame.CAP_ONE_SHORT
IGNORED = HonoursAtGame.IGNORED_IF_REACHING_GAME
CLUB = HonoursAtGame.CLUB_CODE
LONG_TEN = LONG.override(game_target=10)


def with_rule(profile, rule):
    return profile.override(honours_at_game=rule)


# -- §2: game targets and the odd trick ------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "target"),
    [(SHORT, 5), (AMERICAN, 7), (LONG, 9), (LONG_TEN, 10), (DUMMY, 5)],
    ids=["short", "american", "long9", "long10", "dummy"],
)
def test_s2_a_game_is_won_exactly_at_the_target(profile, target):
    # One point short of game and the odd trick (7 tricks = 1 point) reaches the target.
    one_short = score_hand(profile, (target - 2, 0), 7)
    assert one_short.after == (target - 1, 0) and one_short.game_winner is None
    reached = score_hand(profile, (target - 1, 0), 7)
    assert reached.after == (target, 0) and reached.game_winner is NS


@pytest.mark.parametrize("profile", [SHORT, AMERICAN, LONG, LONG_TEN], ids=lambda p: p.name)
@pytest.mark.parametrize("ns_tricks", range(14))
def test_s2_each_trick_above_six_scores_one_to_its_side_the_book_scores_nothing(profile, ns_tricks):
    # Club law 2: each trick above six ("odd trick") scores 1; the first six are the book.
    result = score_hand(profile, (0, 0), ns_tricks)
    ns_expected, ew_expected = max(0, ns_tricks - 6), max(0, 7 - ns_tricks)
    assert result.trick_points == (ns_expected, ew_expected)
    assert result.tricks == (ns_tricks, 13 - ns_tricks)


# -- §2.1: honours ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "expected", "points"),
    [
        ({Seat.N: "AH KH QH JH"}, HonoursHeld(NS, 4), 4),  # all four in one hand
        ({Seat.N: "AH KH", Seat.S: "QH JH"}, HonoursHeld(NS, 4), 4),  # "conjointly"
        ({Seat.E: "AH", Seat.W: "QH JH", Seat.N: "KH"}, HonoursHeld(EW, 3), 2),  # any three
        ({Seat.N: "AH", Seat.S: "KH", Seat.E: "QH", Seat.W: "JH"}, NO_HONOURS, 0),  # divided
        ({Seat.N: "AH JH", Seat.E: "KH QH"}, NO_HONOURS, 0),
    ],
)
def test_s2_1_honours_held_separately_or_conjointly(hands, expected, points):
    held = honours_held({seat: parse_cards(cards) for seat, cards in hands.items()}, Suit.HEARTS)
    assert held == expected
    assert held.points == points


def test_s2_1_the_turned_trump_counts_as_the_dealers_honour():
    # W deals; the last card, the ace of spades, is turned and is W's. W also holds KS and
    # his partner E holds QS: three honours for EW (2 points), whatever N-S hold.
    deal = parse_pbn_deal(
        "N:JT98765432..432. Q.AKQJT9876543.. .2.AKQJT98765.43 AK...AKQJT987652",
        turned=parse_cards("AS")[0],
    )
    assert deal.holder(deal.turned) is Seat.W
    held = honours_held(deal.as_mapping(), deal.turned.suit)
    assert held == HonoursHeld(EW, 3) and held.points == 2
    # without the turned ace, EW's honours would be divided (KS, QS against JS)
    without = {
        seat: [c for c in cards if c is not deal.turned]
        for seat, cards in deal.as_mapping().items()
    }
    assert honours_held(without, Suit.SPADES) == NO_HONOURS


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(list(Seat)))
def test_s2_1_honours_from_a_dealt_deal_include_the_turned_card(seed, dealer):
    deal = deal_from_seed(seed, dealer)
    trump = deal.turned.suit
    # Count from the text: A K Q J of trumps, by side, the turned card in the dealer's hand.
    per_side = [0, 0]
    for seat in Seat:
        cards = list(deal.hand(seat))
        for card in cards:
            if card.suit is trump and str(card)[0] in "AKQJ":
                per_side[seat.side] += 1
    assert deal.turned in deal.hand(dealer)
    held = honours_held(deal.as_mapping(), trump)
    best = max(Side, key=lambda side: per_side[side])
    if per_side[best] >= 3:
        assert held == HonoursHeld(best, per_side[best])
    else:
        assert held == NO_HONOURS


def test_s2_1_honours_are_scored_after_tricks_decision_4():
    # Club law 5: tricks, then honours; the game ends as soon as a side reaches the target,
    # so the other side's honours are then not scored.
    for rule in (CAP, IGNORED, CLUB):
        result = score_hand(with_rule(SHORT, rule), (4, 0), 7, HonoursHeld(EW, 4))
        assert result.trick_points == (1, 0)
        assert result.honour_points == (0, 0)
        assert (result.game_winner, result.game_value) == (NS, 3)


def test_s2_american_honours_never_count():
    # Webster 1913: American whist, 7 points, tricks only.
    for held in (HonoursHeld(NS, 4), HonoursHeld(EW, 3)):
        result = score_hand(AMERICAN, (5, 5), 6, held)
        assert result.honour_points == (0, 0)
        assert result.after == (5, 6)


# -- §2.2: honours at the game boundary, each setting -----------------------------------------

# (profile, before, ns_tricks, honours) -> the (after, winner, value) under each setting,
# worked out from the three rules' texts:
# * cap_one_short (Czech seed): honours bring a side at most to game-1;
# * ignored_if_reaching_game (Spanish seed): honours that would reach game count nothing;
# * club_code (law 4): a side at game-1 when the deal starts scores no honours, else honours
#   may win the game.
BOUNDARY_CASES = [
    pytest.param(
        LONG,
        (6, 0),
        7,
        HonoursHeld(NS, 4),
        {CAP: ((8, 0), None, 0), IGNORED: ((7, 0), None, 0), CLUB: ((11, 0), NS, 3)},
        id="czech-seed-game9-at6-7tricks-four-honours",
    ),
    pytest.param(
        LONG,
        (6, 0),
        7,
        HonoursHeld(NS, 3),
        {CAP: ((8, 0), None, 0), IGNORED: ((7, 0), None, 0), CLUB: ((9, 0), NS, 3)},
        id="czech-seed-game9-at6-7tricks-three-honours",
    ),
    pytest.param(
        SHORT,
        (3, 0),
        4,
        HonoursHeld(NS, 3),
        {CAP: ((4, 3), None, 0), IGNORED: ((3, 3), None, 0), CLUB: ((5, 3), NS, 1)},
        id="foster-1-out-by-honours-a-single",
    ),
    pytest.param(
        SHORT,
        (3, 0),
        8,
        HonoursHeld(EW, 4),
        {CAP: ((5, 0), NS, 3), IGNORED: ((5, 0), NS, 3), CLUB: ((5, 0), NS, 3)},
        id="foster-2-out-on-tricks-other-honours-unscored",
    ),
    pytest.param(
        SHORT,
        (4, 0),
        6,
        HonoursHeld(NS, 4),
        {CAP: ((4, 1), None, 0), IGNORED: ((4, 1), None, 0), CLUB: ((4, 1), None, 0)},
        id="law-4-at-four-no-honours",
    ),
    pytest.param(
        SHORT,
        (3, 1),
        6,
        HonoursHeld(NS, 4),
        {CAP: ((4, 2), None, 0), IGNORED: ((3, 2), None, 0), CLUB: ((7, 2), NS, 2)},
        id="at-three-four-honours-no-odd-trick",
    ),
    pytest.param(
        SHORT,
        (2, 0),
        6,
        HonoursHeld(NS, 3),
        {CAP: ((4, 1), None, 0), IGNORED: ((4, 1), None, 0), CLUB: ((4, 1), None, 0)},
        id="honours-short-of-game-count-under-every-rule",
    ),
    pytest.param(
        SHORT,
        (0, 0),
        7,
        HonoursHeld(NS, 4),
        {CAP: ((4, 0), None, 0), IGNORED: ((1, 0), None, 0), CLUB: ((5, 0), NS, 3)},
        id="from-love-odd-trick-and-four-honours",
    ),
    pytest.param(
        LONG_TEN,
        (9, 0),
        6,
        HonoursHeld(NS, 4),
        {CAP: ((9, 1), None, 0), IGNORED: ((9, 1), None, 0), CLUB: ((9, 1), None, 0)},
        id="long10-at-nine-honours-do-not-count",
    ),
    pytest.param(
        LONG_TEN,
        (8, 0),
        6,
        HonoursHeld(NS, 3),
        {CAP: ((9, 1), None, 0), IGNORED: ((8, 1), None, 0), CLUB: ((10, 1), NS, 2)},
        id="long10-at-eight-honours",
    ),
]


@pytest.mark.parametrize("rule", [CAP, IGNORED, CLUB], ids=lambda rule: rule.value)
@pytest.mark.parametrize(("profile", "before", "ns_tricks", "honours", "expected"), BOUNDARY_CASES)
def test_s2_2_honours_at_the_game_boundary_under_each_setting(
    rule, profile, before, ns_tricks, honours, expected
):
    result = score_hand(with_rule(profile, rule), before, ns_tricks, honours)
    after, winner, value = expected[rule]
    assert result.after == after
    assert result.game_winner is winner
    assert result.game_value == value


@pytest.mark.parametrize("rule", [CAP, IGNORED, CLUB], ids=lambda rule: rule.value)
def test_s2_2_rubber_presets_default_to_cap_one_short_decision_2(rule):
    assert SHORT.honours_at_game is CAP and LONG.honours_at_game is CAP
    # the setting is a setting: any of the three can be chosen and stored
    profile = SHORT.override(honours_at_game=rule.value)
    assert profile.honours_at_game is rule
    assert type(profile).from_dict(profile.to_dict()) == profile


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([SHORT, LONG, LONG_TEN]),
    st.sampled_from([CAP, IGNORED, CLUB]),
    st.data(),
)
def test_s2_2_property_honours_alone_never_reach_game_except_under_club_code(base, rule, data):
    profile = with_rule(base, rule)
    target = profile.game_target
    before = (data.draw(st.integers(0, target - 1)), data.draw(st.integers(0, target - 1)))
    ns_tricks = data.draw(st.integers(0, 13))
    honours = data.draw(
        st.sampled_from([NO_HONOURS] + [HonoursHeld(s, c) for s in Side for c in (3, 4)])
    )
    result = score_hand(profile, before, ns_tricks, honours)
    side = honours.side
    if side is None or result.honour_points[side] == 0:
        return
    after_tricks = before[side] + result.trick_points[side]
    assert after_tricks < target  # honours are only scored if tricks did not end the game
    if rule is CAP:
        assert result.honour_points[side] == min(honours.points, target - 1 - after_tricks)
        assert result.game_winner is None
    elif rule is IGNORED:
        assert result.honour_points[side] == honours.points
        assert after_tricks + honours.points < target
        assert result.game_winner is None
    else:
        assert before[side] != target - 1
        assert result.honour_points[side] == honours.points
        assert (result.game_winner is side) == (after_tricks + honours.points >= target)


# -- §2.3: game value, rubber and points ------------------------------------------------------


def _game_value_from_text(losers_score: int) -> int:
    """Club laws 8-10: treble if the losers have not scored, double with 1 or 2, single with
    3 or 4."""
    return 3 if losers_score == 0 else 2 if losers_score in (1, 2) else 1


def _rubber_points_from_text(games) -> int:
    """Winners' game values + 2 for the rubber, less the losers' game in a three-game rubber."""
    winner = max(Side, key=lambda side: sum(1 for g in games if g.winner is side))
    won = sum(_game_value_from_text(g.score[g.winner.other]) for g in games if g.winner is winner)
    lost = sum(
        _game_value_from_text(g.score[g.winner.other]) for g in games if g.winner is not winner
    )
    return won + 2 - lost


@pytest.mark.parametrize(
    ("hands", "points"),
    [
        ([3, 11, 7, 2, 11], 4),  # Bennet: 5-4 single, 5-1 double to the opponents, 5-0 treble
        ([3, 11, 1, 4, 12], 1),  # the smallest: two singles + rubber - a treble
        ([12, 13], 8),  # the bumper: two trebles + rubber
    ],
)
def test_s2_3_worked_rubbers(hands, points):
    rubber = score_rubber(SHORT, [Hand(n) for n in hands])
    assert rubber.is_over
    assert rubber.result().points == points == _rubber_points_from_text(rubber.games)


def test_s2_3_third_game_not_played_after_two_to_the_same_side():
    rubber = score_rubber(SHORT, [Hand(12), Hand(12)])
    assert rubber.is_over and len(rubber.games) == 2


def test_s2_3_american_rubber_is_worth_an_agreed_value_not_rubber_points():
    # Foster: "not usual to reckon rubber points; simply add some agreed value".
    two_nil = score_rubber(AMERICAN, [Hand(13), Hand(13)]).result()
    two_one = score_rubber(AMERICAN, [Hand(13), Hand(0), Hand(13)]).result()
    assert two_nil.points == two_one.points == AMERICAN.rubber_bonus == 1
    assert not AMERICAN.rubber_points


hand_strategy = st.builds(
    Hand,
    st.integers(0, 13),
    st.sampled_from([NO_HONOURS] + [HonoursHeld(s, c) for s in Side for c in (3, 4)]),
)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([SHORT, with_rule(SHORT, IGNORED), with_rule(SHORT, CLUB), DUMMY]),
    st.lists(hand_strategy, min_size=1, max_size=40),
)
def test_s2_3_property_a_rubber_ends_exactly_when_a_side_has_won_two_games(profile, hands):
    rubber = start_rubber(profile)
    for hand in hands:
        if rubber.is_over:
            break
        rubber = rubber.play(hand)
        won = [sum(1 for g in rubber.games if g.winner is side) for side in Side]
        assert rubber.is_over == (max(won) == 2)
        assert len(rubber.games) <= 3
        if len(rubber.games) == 3:
            # a third game is played only at one game all
            assert rubber.games[0].winner is not rubber.games[1].winner
    if not rubber.is_over:
        return
    for game in rubber.games:
        assert game.value == _game_value_from_text(game.score[game.winner.other])
    result = rubber.result()
    assert result.points == _rubber_points_from_text(rubber.games)
    assert 1 <= result.points <= 8
    # points are conserved: what the winners gain the losers lose, player by player
    seating = {Seat.N: "n", Seat.E: "e", Seat.S: "s", Seat.W: "w"}
    assert sum(result.player_points(seating).values()) == 0
    assert result.points_for(NS) == -result.points_for(EW)


def test_s2_deal_hands_are_thirteen_cards_of_one_pack():
    # §1/§2 premise for the honours count: a deal from the seed has 52 different cards.
    deal = deal_from_seed("rules-s2")
    assert isinstance(deal, Deal)
    assert sorted(card.index for hand in deal.hands for card in hand) == list(range(52))


def test_s2_2_club_code_looks_at_the_score_at_the_commencement_of_the_deal():
    # Law 4: "Those players who, at the commencement of a deal, are at the score of four,
    # cannot score honours". NS at 4 revoke and EW deduct three (NS to 1): NS still started
    # the deal at four, so their four honours score nothing.
    profile = with_rule(SHORT, CLUB)
    revoke = Revoke(NS, RevokePenalty.DEDUCT)
    result = score_hand(profile, (4, 0), 6, HonoursHeld(NS, 4), [revoke])
    assert result.honour_points == (0, 0)
    assert result.after == (1, 1)
    # at three when the deal starts, the same honours count (held at four by law 82)
    result = score_hand(profile, (3, 0), 6, HonoursHeld(NS, 4), [revoke])
    assert result.after == (4, 1)
