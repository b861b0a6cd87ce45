"""All pass (misère partout, the pool to the fewest), Old English fish, a night's totals."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.boston.auction import Contract, Level
from engine.boston.fish import OLD_ENGLISH, FishTable, fish, round_to_ten, settle_fish
from engine.boston.night import night_totals, player_totals
from engine.boston.payments import (
    FOSTER,
    POKERWINER,
    PaymentTable,
    Settlement,
    ante,
    settle,
    settle_all_pass,
)
from engine.boston.variants import ANGLO_AMERICAN, FONTAINEBLEAU, SPANISH
from engine.cards import Seat
from engine.errors import BostonError

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def test_misere_partout_most_tricks_pays_each_the_difference():
    # rules.md §10.3: the player with most tricks pays each other player the difference
    s = settle_all_pass(ANGLO_AMERICAN, {N: 6, E: 4, S: 2, W: 1}, FOSTER, pool=30)
    assert s.seats == {N: -(2 + 4 + 5), E: 2, S: 4, W: 5} and s.pool == 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=3, max_size=3).map(sorted))
def test_misere_partout_lone_loser_pays_3t_minus_the_rest(cuts):
    counts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
    tricks = dict(zip(Seat, counts, strict=True))
    top = max(counts)
    s = settle_all_pass(ANGLO_AMERICAN, tricks, FOSTER)
    assert sum(s.seats.values()) == 0
    if counts.count(top) == 1:
        loser = next(seat for seat in Seat if tricks[seat] == top)
        assert s.seats[loser] == -(3 * top - (13 - top))  # rules.md: total = 3t − (13 − t)
        assert all(s.seats[x] > 0 for x in Seat if x != loser)


def test_misere_partout_tied_losers_pay_alike_and_the_unit_scales():
    table = PaymentTable(name="club", misere_partout_unit=10)
    s = settle_all_pass(ANGLO_AMERICAN, {N: 5, E: 5, S: 3, W: 0}, table)
    assert s.seats == {N: -70, E: -70, S: 40, W: 100}


def test_fontainebleau_all_pass_fewest_tricks_takes_the_pool():
    s = settle_all_pass(FONTAINEBLEAU, {N: 6, E: 4, S: 2, W: 1}, FOSTER, pool=30)
    assert s.seats == {N: 0, E: 0, S: 0, W: 30} and s.pool == -30
    tie = settle_all_pass(FONTAINEBLEAU, {N: 5, E: 4, S: 2, W: 2}, FOSTER, pool=31)
    assert tie.seats == {N: 0, E: 0, S: 15, W: 15} and tie.pool == -30


def test_all_pass_refusals():
    with pytest.raises(BostonError, match="redeals"):
        settle_all_pass(SPANISH, {N: 4, E: 3, S: 3, W: 3}, FOSTER)
    with pytest.raises(BostonError, match="add up to 13, not N 4, E 3, S 3, W 4"):
        settle_all_pass(ANGLO_AMERICAN, {N: 4, E: 3, S: 3, W: 4}, FOSTER)
    with pytest.raises(BostonError, match="all four"):
        settle_all_pass(ANGLO_AMERICAN, {N: 13}, FOSTER)


@pytest.mark.parametrize(
    "product,rounded", [(10, 10), (14, 10), (15, 20), (19, 20), (25, 30), (29, 30), (24, 20)]
)
def test_fish_round_to_the_nearest_ten(product, rounded):
    # rules.md §10.4: "round to nearest ten (15–19 → 20, 25–29 → 30)"
    assert round_to_ten(product) == rounded


@pytest.mark.parametrize(
    "undertaken,trump,number",
    [(8, "common", 1), (8, "second", 2), (10, "common", 2), (10, "first", 8)],
)
def test_fish_table_numbers_from_the_worked_examples(undertaken, trump, number):
    assert OLD_ENGLISH.number(undertaken, trump) == number


def test_fish_success_and_failure_formulas():
    # success: (tricks won + honours) × number ÷ 10 — 8 in second preference, 9 won, 2 honours
    assert fish(OLD_ENGLISH, undertaken=8, trump="second", tricks_won=9, honours=2) == 2  # 22→20
    # failure: (short + undertaken + honours) × number ÷ 10 — 10 in first pref., 3 short, 1 hon.
    assert fish(OLD_ENGLISH, undertaken=10, trump="first", short=3, honours=1) == 11  # 112→110
    # 8 common, 8 won, no honours: 8 → 10 → 1; and never below one fish
    assert fish(OLD_ENGLISH, undertaken=8, trump="common", tricks_won=8) == 1
    tiny = FishTable("club", {(5, "common"): 0})
    assert fish(tiny, undertaken=5, trump="common", tricks_won=5) == 1


def test_fish_unknown_number_and_bad_input_are_refused():
    with pytest.raises(BostonError, match="no number for 9 tricks in a common suit"):
        fish(OLD_ENGLISH, undertaken=9, trump="common", tricks_won=9)
    with pytest.raises(BostonError, match="first, second or common"):
        fish(OLD_ENGLISH, undertaken=8, trump="plain", tricks_won=9)
    with pytest.raises(BostonError, match="0 to 4 honours"):
        fish(OLD_ENGLISH, undertaken=8, trump="common", tricks_won=9, honours=5)
    with pytest.raises(BostonError, match="cannot be 9 short"):
        fish(OLD_ENGLISH, undertaken=8, trump="common", short=9)


def test_settle_fish_partnership_of_ten():
    contract = Contract(N, Level.PIDO, None, S)
    s = settle_fish(contract, 11, OLD_ENGLISH, trump="first", undertaken=10)
    each = round_to_ten(11 * 8) // 10  # 88 → 90 → 9
    assert s.seats == {N: 2 * each, S: 2 * each, E: -2 * each, W: -2 * each}
    failed = settle_fish(contract, 7, OLD_ENGLISH, trump="common")
    assert failed.seats[E] == 2 * (round_to_ten((1 + 8) * 1) // 10)
    with pytest.raises(BostonError, match="8, 10 or 12"):
        settle_fish(Contract(N, Level.PIDO), 5, OLD_ENGLISH, trump="first", undertaken=10)


SHORT_TABLE = PaymentTable(name="t", failed={8: (5, 10, 15)})


def test_night_totals_run_hand_by_hand():
    hands = [
        ante(N),
        settle(Contract(E, Level.PIDO, None, W), 9, POKERWINER, pool=20),
        ante(E),
        settle(Contract(S, Level.GRAN_INDEPENDENCIA, None), 6, SHORT_TABLE, pool=20),
    ]
    night = night_totals(hands)
    assert [r.pool for r in night.running] == [20, 0, 20, 40]
    # hand 2: E and W make 8 (+1): 5 from each adversary, the pool of 20 shared;
    # hand 4: S is 2 short of 8: 10 to each adversary, and the pool doubled (20)
    assert night.seats == {
        N: -8 - 10 - 4 + 10,
        E: -4 + 10 + 10 - 8 + 10,
        S: -4 - 10 - 4 - 30 - 20,
        W: -4 + 10 + 10 - 4 + 10,
    }
    assert sum(night.seats.values()) + night.pool == 0 and night.hands == 4


def test_night_totals_refuse_unbalanced_or_overdrawn():
    with pytest.raises(BostonError, match="settlement 1 does not balance"):
        night_totals([Settlement({N: 5, E: 0, S: 0, W: 0}, 0)])
    with pytest.raises(BostonError, match="settlement 1 takes more out of the pool"):
        night_totals([settle(Contract(E, Level.PIDO), 5, POKERWINER, pool=20)])


def test_player_totals_follow_players_across_seats():
    first = {N: "ana", E: "ben", S: "cris", W: "dora"}
    moved = {N: "ben", E: "ana", S: "dora", W: "cris"}
    hand = settle(Contract(N, Level.PIDO), 5, POKERWINER, pool=0)
    totals = player_totals([(first, hand), (moved, hand)])
    assert totals == {"ana": 6 - 2, "ben": -2 + 6, "cris": -4, "dora": -4}


@settings(max_examples=200, deadline=None)
@given(
    cuts=st.lists(st.integers(0, 13), min_size=3, max_size=3).map(sorted),
    pool=st.integers(0, 200),
    profile=st.sampled_from([ANGLO_AMERICAN, FONTAINEBLEAU]),
)
def test_all_pass_settlements_balance_with_the_pool(cuts, pool, profile):
    counts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
    tricks = dict(zip(Seat, counts, strict=True))
    s = settle_all_pass(profile, tricks, FOSTER, pool)
    assert sum(s.seats.values()) + s.pool == 0 and -s.pool <= pool
    fewest = min(counts)
    for seat in Seat:
        if profile is FONTAINEBLEAU:
            assert (s.seats[seat] > 0) == (tricks[seat] == fewest and pool >= counts.count(fewest))
        else:
            assert (s.seats[seat] < 0) == (tricks[seat] == max(counts) and len(set(counts)) > 1)
