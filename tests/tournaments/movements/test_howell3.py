"""The balanced three-table Howell, the comparison measure, and the exhaustive searches
that justify the choice of schedule (see ``tournaments/movements/howell3.py``)."""

from __future__ import annotations

from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import (
    Movement,
    MovementError,
    howell,
    mitchell,
    suggest_movements,
    validate,
)
from tournaments.movements.balance import comparison_spread, comparisons, shared_boards
from tournaments.movements.howell3 import THREE_TABLE_HOWELL, howell_three_tables

PAIRS = range(1, 7)


def _matchings(people: list[int]):
    if not people:
        yield frozenset()
        return
    first = people[0]
    for other in people[1:]:
        rest = [p for p in people if p not in (first, other)]
        for matching in _matchings(rest):
            yield matching | {frozenset((first, other))}


PERFECT_MATCHINGS = list(_matchings(list(PAIRS)))


def _one_factorizations() -> list[frozenset]:
    """Every way to split the 15 matches of 6 pairs into 5 rounds (perfect matchings)."""
    found = []

    def extend(chosen: list, used: frozenset):
        if len(chosen) == 5:
            found.append(frozenset(chosen))
            return
        partner_of_1 = len(chosen) + 2  # round k holds pair 1's match with pair k + 1
        for matching in PERFECT_MATCHINGS:
            if frozenset((1, partner_of_1)) in matching and not matching & used:
                extend([*chosen, matching], used | matching)

    extend([], frozenset())
    return found


def _rounds() -> list[frozenset]:
    return [
        frozenset(frozenset((ns, ew)) for ns, ew, *_ in tables) for tables in THREE_TABLE_HOWELL
    ]


def _half_sets() -> dict[int, frozenset]:
    sets: dict[int, set] = {}
    for tables in THREE_TABLE_HOWELL:
        for ns, ew, first, second in tables:
            for number in (first, second):
                sets.setdefault(number, set()).add(frozenset((ns, ew)))
    return {number: frozenset(matches) for number, matches in sets.items()}


def _counts(groups: list[frozenset], orientation: dict, absent: int | None = None) -> list[int]:
    """Comparisons between every two pairs when each group of matches plays one board,
    matches seated as ``orientation`` says (``absent``: a pair missing, its match idle)."""
    present = [p for p in PAIRS if p != absent]
    counts = {frozenset(p): 0 for p in combinations(present, 2)}
    for group in groups:
        seats = [orientation[match] for match in group if absent not in match]
        for field in zip(*seats, strict=True):
            for a, b in combinations(field, 2):
                counts[frozenset((a, b))] += 1
    return sorted(counts.values())


def _spread_of(groups: list[frozenset], orientation: dict) -> int:
    counts = _counts(groups, orientation)
    return counts[-1] - counts[0]


def _all_orientations():
    matches = sorted(tuple(sorted(m)) for r in _rounds() for m in r)
    for flips in product((False, True), repeat=len(matches) - 1):
        yield {
            frozenset(m): (m[::-1] if flip else m)
            for m, flip in zip(matches, (False, *flips), strict=True)
        }


# --- the movement ------------------------------------------------------------------------


@pytest.mark.parametrize("per_round", [2, 4, 6, 8])
def test_six_pairs_share_no_boards_play_every_board_and_compare_equally(per_round):
    movement = howell(6, per_round)
    assert validate(movement) == []
    assert shared_boards(movement) == []
    assert movement.boards == 5 * per_round and len(movement.rounds) == 5
    for pair in PAIRS:
        played = [
            b for r in movement.rounds for t in r.tables if pair in t.seated for b in t.boards
        ]
        assert sorted(played) == list(range(1, 5 * per_round + 1))
    assert set(comparisons(movement).values()) == {2 * per_round}


@pytest.mark.parametrize("per_round", [2, 4])
def test_five_pairs_sit_out_in_turn_and_still_compare_equally(per_round):
    movement = howell(5, per_round)
    assert validate(movement) == []
    assert shared_boards(movement) == []
    assert sorted(e for r in movement.rounds for e in r.sit_out) == [1, 2, 3, 4, 5]
    assert all(len(r.tables) == 2 for r in movement.rounds)
    assert set(comparisons(movement).values()) == {per_round}


def test_three_table_howell_json_has_pair_6_stationary_and_two_half_sets_a_table():
    data = howell(6, 4).to_json()
    first = data["rounds"][0]["tables"]
    assert first[0] == {"table": 1, "ns": 6, "ew": 1, "boards": [1, 2, 3, 4]}
    assert first[1]["boards"] == [5, 6, 7, 8]
    assert all(r["tables"][0]["ns"] == 6 for r in data["rounds"])
    assert Movement.from_json(data).to_json() == data


def test_odd_boards_a_round_keep_the_shared_sets_at_the_best_possible_balance():
    movement = howell(6, 3)
    assert validate(movement) == []
    assert shared_boards(movement)  # unavoidable, see the searches below
    assert comparison_spread(movement) == 2 * 3
    with pytest.raises(MovementError, match="even number of boards"):
        howell_three_tables(6, 3)
    with pytest.raises(MovementError, match="5 or 6 pairs"):
        howell_three_tables(8, 2)


@given(st.integers(4, 16), st.integers(1, 8))
@settings(max_examples=80, deadline=None)
def test_property_howells_are_valid_and_share_boards_only_where_unavoidable(pairs, per_round):
    movement = howell(pairs, per_round)
    assert validate(movement) == []
    unavoidable = pairs == 4 or (pairs in (5, 6) and per_round % 2)
    assert bool(shared_boards(movement)) == unavoidable
    if pairs in (5, 6) and not per_round % 2:
        assert comparison_spread(movement) == 0


# --- the measure ---------------------------------------------------------------------------


def test_mitchell_comparisons_stay_within_each_field():
    counts = comparisons(mitchell(7, 3))
    assert counts[(1, 2)] == 21 and counts[(8, 9)] == 21
    assert counts[(1, 8)] == 0


@given(st.permutations(list(PAIRS)), st.booleans())
@settings(max_examples=40, deadline=None)
def test_property_comparisons_follow_renumbering_and_ignore_turning_every_table(order, turn):
    movement = howell(6, 2)
    data = movement.to_json()
    for table in (t for r in data["rounds"] for t in r["tables"]):
        if turn:
            table["ns"], table["ew"] = table["ew"], table["ns"]
    renumber = dict(zip(PAIRS, order, strict=True))
    for rnd in data["rounds"]:
        for table in rnd["tables"]:
            table["ns"], table["ew"] = renumber[table["ns"]], renumber[table["ew"]]
    changed = comparisons(Movement.from_json(data))
    for (a, b), n in comparisons(movement).items():
        assert changed[tuple(sorted((renumber[a], renumber[b])))] == n


def test_an_unbalanced_schedule_has_a_positive_spread():
    data = howell(6, 2).to_json()
    table = data["rounds"][0]["tables"][1]
    table["ns"], table["ew"] = table["ew"], table["ns"]
    assert comparison_spread(Movement.from_json(data)) > 0


# --- the searches behind the choice ----------------------------------------------------------


def test_search_one_set_a_table_cannot_avoid_shared_boards_for_six_pairs():
    """With one set a table, sets played three times with nobody playing one twice, each
    set is a perfect matching as each round is: a Room square of side 5. Searched over
    every pair of 1-factorizations: none is orthogonal (no round and set share two matches).
    """
    factorizations = _one_factorizations()
    assert len(factorizations) == 6
    orthogonal = [
        (rounds, sets)
        for rounds, sets in combinations(factorizations, 2)
        if all(len(r & s) <= 1 for r in rounds for s in sets)
    ]
    assert orthogonal == []


def test_search_half_sets_are_forced_and_avoid_sharing():
    rounds, half_sets = _rounds(), _half_sets()
    assert len(half_sets) == 10
    others = {m for m in PERFECT_MATCHINGS if m not in rounds}
    assert set(half_sets.values()) == others
    for matching in others:  # three matches of a half-set lie in three different rounds
        assert all(len(matching & r) <= 1 for r in rounds)


def test_search_odd_boards_a_round_need_shared_boards():
    """Half-sets that share a match must hold ``boards_per_round`` boards between them; the
    half-sets linked that way contain an odd cycle, so each holds exactly half of them."""
    half_sets = list(_half_sets().values())
    colour = {0: 0}
    queue, odd_cycle = [0], False
    while queue:
        i = queue.pop()
        for j, other in enumerate(half_sets):
            if j != i and half_sets[i] & other:
                if j not in colour:
                    colour[j] = 1 - colour[i]
                    queue.append(j)
                elif colour[j] == colour[i]:
                    odd_cycle = True
    assert odd_cycle


def test_search_every_seating_direction_best_is_equal_for_half_sets_and_2_for_shared_sets():
    rounds, half_sets = _rounds(), list(_half_sets().values())
    half, shared, shared_five = [], [], []
    for orientation in _all_orientations():
        half.append(_spread_of(half_sets, orientation))
        shared.append(_spread_of(rounds, orientation))
        if shared[-1] == 2:  # among the best for 6 pairs: the fewest never compared with 5
            shared_five.append(_counts(rounds, orientation, absent=6).count(0))
    assert half.count(0) == 104 and min(shared) == 2 and min(shared_five) == 2
    assert comparison_spread(howell(6, 1)) == 2
    assert list(comparisons(howell(5, 1)).values()).count(0) == 2


def test_suggestions_for_six_pairs_offer_the_balanced_howell_before_the_shared_one():
    options = [o for o in suggest_movements(6, boards_available=15) if o.type == "howell"]
    assert [o.boards_per_round for o in options] == [2, 3]
    assert "no shared boards" in options[0].explanation
    assert "sharing" in options[1].explanation
    # When the most boards a round is even, the balanced Howell is the only Howell offered.
    options = [o for o in suggest_movements(5, boards_available=20) if o.type == "howell"]
    assert [(o.boards_per_round, o.sit_outs) for o in options] == [(4, True)]
    options = [o for o in suggest_movements(6, boards_available=5) if o.type == "howell"]
    assert [o.boards_per_round for o in options] == [1]  # no even number fits: shared sets
