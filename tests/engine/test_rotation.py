import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Seat
from engine.errors import RotationError
from engine.profiles import SHORT
from engine.rotation import (
    Seating,
    due_to_deal,
    match_seatings,
    match_totals,
    partnerships,
    second_rubber_seating,
    third_rubber_seating,
)
from engine.rubber import Hand, score_rubber

FIRST = Seating(("ana", "bo", "cy", "di"))  # N, E, S, W: ana-cy v bo-di


def pair(a, b):
    return frozenset({a, b})


def test_due_to_deal_is_left_of_last_dealer():
    assert due_to_deal(Seat.W) is Seat.N
    assert due_to_deal(Seat.N) is Seat.E


def test_second_rubber_dealer_and_cutter_keep_seats_others_swap():
    # Bo (E) is due to deal; the cutter is his right-hand neighbour, ana (N). They stay;
    # cy (S) and di (W) swap.
    second = second_rubber_seating(FIRST, Seat.E)
    assert second.players == ("ana", "bo", "di", "cy")
    assert partnerships(second) == {pair("ana", "di"), pair("bo", "cy")}


def test_third_rubber_dealer_stays_and_newcomer_swaps_with_his_partner():
    second = second_rubber_seating(FIRST, Seat.E)
    # Cy (W in rubber 2) is due to deal; he has partnered ana and bo, not di (S), who swaps
    # with whoever sits opposite cy (bo, in E).
    third = third_rubber_seating(FIRST, second, Seat.W)
    assert third.players == ("ana", "di", "bo", "cy")
    assert partnerships(third) == {pair("cy", "di"), pair("ana", "bo")}


def test_match_seatings_three_rubbers():
    seatings = match_seatings(FIRST, Seat.E, Seat.W)
    assert [s.players for s in seatings] == [
        ("ana", "bo", "cy", "di"),
        ("ana", "bo", "di", "cy"),
        ("ana", "di", "bo", "cy"),
    ]


def test_seating_as_mapping_and_lookups():
    seating = Seating.of({Seat.N: 1, Seat.E: 2, Seat.S: 3, Seat.W: 4})
    assert dict(seating) == {Seat.N: 1, Seat.E: 2, Seat.S: 3, Seat.W: 4}
    assert seating.seat_of(3) is Seat.S
    assert seating.partner_of(2) == 4
    assert Seat.W in seating and "X" not in seating


def test_seating_player_twice_is_refused():
    with pytest.raises(RotationError, match="player ana is seated twice"):
        Seating(("ana", "bo", "ana", "di"))


def test_seating_needs_four_players():
    with pytest.raises(RotationError):
        Seating(("ana", "bo", "cy"))
    with pytest.raises(RotationError, match="no player in seat W"):
        Seating.of({Seat.N: 1, Seat.E: 2, Seat.S: 3})


def test_third_rubber_refuses_a_repeated_partnership():
    with pytest.raises(RotationError, match="repeats a partnership"):
        third_rubber_seating(FIRST, FIRST, Seat.N)


def test_third_rubber_refuses_other_players():
    other = Seating(("ana", "bo", "cy", "ed"))
    with pytest.raises(RotationError, match="same four players"):
        third_rubber_seating(FIRST, other, Seat.N)


def test_bad_dealer_seat_is_refused():
    with pytest.raises(RotationError, match="not a seat"):
        second_rubber_seating(FIRST, 7)


def test_match_totals_each_player_gets_his_sides_points():
    seatings = match_seatings(FIRST, Seat.E, Seat.W)
    results = [
        score_rubber(SHORT, [Hand(12), Hand(13)]).result(),  # NS bumper: +8
        score_rubber(SHORT, [Hand(0), Hand(0)]).result(),  # EW bumper: +8
        score_rubber(SHORT, [Hand(3), Hand(11), Hand(1), Hand(4), Hand(12)]).result(),  # NS 1
    ]
    totals = match_totals(seatings, results)
    # Rubber 1: ana, cy (NS) +8; bo, di -8. Rubber 2: NS ana, di -8; EW bo, cy +8.
    # Rubber 3: NS ana, bo +1; EW di, cy -1.
    assert totals == {"ana": 1, "bo": 1, "cy": 15, "di": -17}
    assert sum(totals.values()) == 0


def test_match_totals_more_results_than_seatings_is_refused():
    result = score_rubber(SHORT, [Hand(12), Hand(13)]).result()
    with pytest.raises(RotationError):
        match_totals([FIRST], [result, result])


@settings(max_examples=300, deadline=None)
@given(
    st.permutations(["ana", "bo", "cy", "di"]),
    st.sampled_from(list(Seat)),
    st.sampled_from(list(Seat)),
)
def test_property_everyone_partners_everyone_exactly_once(players, dealer_2, dealer_3):
    first, second, third = match_seatings(Seating(tuple(players)), dealer_2, dealer_3)
    pairs = [p for seating in (first, second, third) for p in partnerships(seating)]
    assert sorted(map(sorted, pairs)) == sorted(map(sorted, itertools.combinations(players, 2)))
    # The seats that must not move.
    assert second[dealer_2] == first[dealer_2]
    assert second[dealer_2.right] == first[dealer_2.right]
    assert third[dealer_3] == second[dealer_3]
    # Rubber 3 moves exactly two players: the newcomer and the dealer's rubber-2 partner.
    moved = [seat for seat in Seat if third[seat] != second[seat]]
    assert len(moved) == 2 and dealer_3.partner in moved


@settings(max_examples=100, deadline=None)
@given(st.permutations([1, 2, 3, 4]), st.sampled_from(list(Seat)), st.sampled_from(list(Seat)))
def test_property_each_player_on_each_side_of_partnerships(players, dealer_2, dealer_3):
    seatings = match_seatings(Seating(tuple(players)), dealer_2, dealer_3)
    for player in players:
        partners = {s.partner_of(player) for s in seatings}
        assert partners == set(players) - {player}
