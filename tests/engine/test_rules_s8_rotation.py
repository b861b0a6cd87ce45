"""rules.md §8 (the three-rubber match with rotating partners — the Spanish seed's rule).

Seed text: after the first rubber the player due to deal and the one who cuts keep their
seats and the other two change places; for the third, the player due to deal stays and the
one who played with him changes places with the one who must be his third partner.
"""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Seat
from engine.profiles import SHORT
from engine.rotation import (
    Seating,
    cutter,
    due_to_deal,
    match_seatings,
    match_totals,
    partnerships,
    second_rubber_seating,
    third_rubber_seating,
)
from engine.rubber import Hand, score_rubber

ALL_PAIRS = {frozenset(pair) for pair in itertools.combinations("abcd", 2)}


def test_s8_worked_example_from_the_seed_text():
    # Rubber 1 as cut: a (N) and c (S) v b (E) and d (W). The last hand of rubber 1 was dealt
    # by N, so E (b) is due to deal; the cutter is his right-hand neighbour, N (a).
    first = Seating(tuple("abcd"))
    dealer_2 = due_to_deal(Seat.N)
    assert dealer_2 is Seat.E and cutter(dealer_2) is Seat.N
    second = second_rubber_seating(first, dealer_2)
    assert second.players == ("a", "b", "d", "c")  # a and b stay, c and d change places
    # Rubber 3: S (d) is due to deal. d has partnered b (rubber 1) and a (rubber 2): his
    # third partner is c (W), who changes places with d's partner of rubber 2, a (N).
    third = third_rubber_seating(first, second, Seat.S)
    assert third[Seat.S] == "d"
    assert third.partner_of("d") == "c"
    assert third.players == ("c", "b", "d", "a")


@settings(max_examples=200, deadline=None)
@given(st.permutations(list("abcd")), st.sampled_from(list(Seat)), st.sampled_from(list(Seat)))
def test_s8_property_seats_kept_and_partnerships_new(players, dealer_2, dealer_3):
    first = Seating(tuple(players))
    second, third = match_seatings(first, dealer_2, dealer_3)[1:]
    # rubber 2: dealer and cutter keep their seats, the other two swap
    assert second[dealer_2] == first[dealer_2]
    assert second[cutter(dealer_2)] == first[cutter(dealer_2)]
    assert second[dealer_2.left] == first[dealer_2.partner]
    assert second[dealer_2.partner] == first[dealer_2.left]
    # rubber 3: the dealer keeps his seat; at most two players move
    assert third[dealer_3] == second[dealer_3]
    assert sum(1 for seat in Seat if third[seat] != second[seat]) in (0, 2)
    # partnerships are forced: the third is the one pairing not yet played
    pairings = [partnerships(s) for s in (first, second, third)]
    assert len(set(pairings)) == 3
    assert set().union(*pairings) == ALL_PAIRS


@settings(max_examples=100, deadline=None)
@given(
    st.permutations(list("abcd")),
    st.sampled_from(list(Seat)),
    st.sampled_from(list(Seat)),
    st.lists(
        st.sampled_from([[12, 13], [0, 0], [3, 11, 1, 4, 12], [0, 13, 0]]), min_size=3, max_size=3
    ),
)
def test_s8_property_match_totals_are_each_players_side_points_and_sum_to_zero(
    players, dealer_2, dealer_3, rubbers
):
    seatings = match_seatings(Seating(tuple(players)), dealer_2, dealer_3)
    results = [score_rubber(SHORT, [Hand(n) for n in tricks]).result() for tricks in rubbers]
    totals = match_totals(seatings, results)
    assert sum(totals.values()) == 0
    for player in players:
        expected = sum(
            result.points if seating.seat_of(player).side is result.winner else -result.points
            for seating, result in zip(seatings, results, strict=True)
        )
        assert totals[player] == expected
