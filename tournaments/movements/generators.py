"""Generators: Mitchell, Howell, individual and the three-rubber rotation.

Every generator returns a :class:`Movement` that passes :func:`validate` (the tests check each
supported size).
"""

from __future__ import annotations

from functools import cache

from tournaments.movements.howell3 import howell_three_tables
from tournaments.movements.howell_seating import BALANCED_HOWELL_SEATINGS, seating_bits
from tournaments.movements.model import Movement, MovementError, Round, Table

MAX_HOWELL_PAIRS = 16
MAX_INDIVIDUAL_PLAYERS = 16
# 5–6 pairs on shared sets (an odd number of boards a round): the (round, table) turned
# round from the circle method's seating. Found by exhaustive search: comparisons spread 2
# (the least possible) with 6 pairs, and with 5 only two pairs of pairs never compared.
SIX_PAIR_SHARED_SET_TURNS = frozenset({(3, 1), (4, 1)})


def _boards(board_set: int, per_round: int) -> tuple[int, ...]:
    first = board_set * per_round + 1
    return tuple(range(first, first + per_round))


def _check_per_round(boards_per_round: int) -> None:
    if not 1 <= boards_per_round <= 8:
        raise MovementError(
            f"play 1 to 8 boards a round, not {boards_per_round}",
            code="movement_play_boards_round",
            params={"boards_per_round": str(boards_per_round)},
        )


def mitchell(
    tables: int,
    boards_per_round: int = 2,
    even: str | None = None,
    arrow_switch: bool = False,
    rounds: int | None = None,
) -> Movement:
    """NS pair k sits at table k all evening; EW pair t+k starts at table k and moves up one
    table a round; boards move down one table. Odd tables: the plain movement. Even tables:
    ``even="skip"`` (the EW pairs skip a table after half the rounds; t−1 rounds) or
    ``even="relay"`` (a bye stand between the middle tables, tables 1 and t share a set;
    t rounds). ``arrow_switch`` turns the last round's boards round (NS play the EW cards) so
    that one field of winners can be ranked."""
    _check_per_round(boards_per_round)
    if tables < 3:
        raise MovementError(
            f"a Mitchell needs at least 3 tables (6 pairs), not {tables}; play a Howell",
            code="movement_mitchell_needs_least_tables_pairs",
            params={"tables": str(tables)},
        )
    if tables % 2 == 0 and even not in ("skip", "relay"):
        raise MovementError(
            f"{tables} tables is even: choose a skip or a relay and bye stand",
            code="movement_tables_even_choose_skip_relay",
            params={"tables": str(tables)},
        )
    if tables % 2 and even:
        raise MovementError(
            f"{tables} tables is odd: no skip or relay is needed",
            code="movement_tables_odd_skip_relay_needed",
            params={"tables": str(tables)},
        )
    full = tables - 1 if even == "skip" else tables
    count = rounds or full
    if not 1 <= count <= full:
        raise MovementError(
            f"this Mitchell has at most {full} rounds",
            code="movement_mitchell_most_rounds",
            params={"full": str(full)},
        )
    result = []
    for r in range(count):
        shift = r + (1 if even == "skip" and r >= tables // 2 else 0)
        rows = []
        for k in range(tables):
            ew = tables + (k - shift) % tables + 1
            board_set = _relay_set(k, r, tables) if even == "relay" else (k + r) % tables
            rows.append(
                Table(
                    k + 1,
                    _boards(board_set, boards_per_round),
                    ns=k + 1,
                    ew=ew,
                    arrow_switch=arrow_switch and r == count - 1,
                )
            )
        result.append(Round(r + 1, tuple(rows)))
    options = {"even": even, "arrow_switch": arrow_switch}
    return Movement("mitchell", tuple(result), 2 * tables, boards_per_round, options)


def _relay_set(k: int, r: int, tables: int) -> int:
    # Circuit positions: 0 = tables 1 and t (shared), 1..t/2-1 = tables 2..t/2,
    # t/2 = bye stand, t/2+1..t-1 = tables t/2+1..t-1. Sets move down one position a round.
    half = tables // 2
    if k == 0 or k == tables - 1:
        position = 0
    elif k < half:
        position = k
    else:
        position = k + 1
    return (position + r) % tables


def _round_robin(n: int) -> list[list[tuple[int, int]]]:
    """Circle method: n (even) entries 0…n−1, n−1 rounds, everyone meets everyone once."""
    m = n - 1
    rounds = []
    for r in range(m):
        pairs = [(m, r)]
        pairs += [((r + k) % m, (r - k) % m) for k in range(1, n // 2)]
        rounds.append(pairs)
    return rounds


@cache
def _howell_plan(n: int) -> tuple[list[list[tuple[int, int]]], tuple[tuple[int, ...], ...]]:
    """The rounds (matches; the first of each round involves entry n−1) and the board set of
    each (round, table) for n (even) entries, every entry playing every set exactly once.

    Round r is a translate of a *starter* in Z_m (m = n − 1): {∞, r} and {x+r, y+r} for the
    starter's pairs {x, y}, whose differences ±(x − y) are every non-zero residue, so everyone
    meets everyone once. Where a Room square exists no two tables share a set in a round:
    match {x+r, y+r} plays set r + a and {∞, r} plays set r, for an *adder* of distinct
    non-zero residues a (one per pair) such that the elements x − a and y − a are every
    non-zero residue (then each set is a perfect matching too). The circle method's patterned
    starter {k, −k} is tried first, then other starters. For 4 and 6 entries no Room square
    exists: the tables of a round share its set (6 entries with an even number of boards a
    round play the three-table Howell of half-sets instead, see ``howell3``).
    """
    m = n - 1
    patterned = [(k, (-k) % m) for k in range(1, n // 2)]
    found = _room(m, patterned)
    starter, adder = found if found is not None else (patterned, None)
    rounds = [[(m, r)] + [((x + r) % m, (y + r) % m) for x, y in starter] for r in range(m)]
    if adder is None:
        sets = tuple(tuple(r for _ in rounds[r]) for r in range(m))
    else:
        sets = tuple(
            tuple(r if t == 0 else (r + adder[t - 1]) % m for t in range(len(rounds[r])))
            for r in range(m)
        )
    return rounds, sets


def _room(m: int, patterned: list[tuple[int, int]]):
    """A (starter, adder) for Z_m, the patterned starter first; None when none is found."""
    adder = _adder(m, patterned)
    if adder is not None:
        return patterned, adder
    for starter in _starters(m, budget=20_000):
        adder = _adder(m, starter)
        if adder is not None:
            return starter, adder
    return None


def _starters(m: int, budget: int):
    """Starters of Z_m (pairs partitioning the non-zero residues, differences ± covering
    them), in a deterministic order, at most ``budget`` of them."""
    count = 0

    def extend(free: list[int], pairs: list[tuple[int, int]], diffs: set[int]):
        nonlocal count
        if count >= budget:
            return
        if not free:
            count += 1
            yield list(pairs)
            return
        x = free[0]
        for y in free[1:]:
            d = (y - x) % m
            if d in diffs or (m - d) in diffs:
                continue
            rest = [z for z in free if z not in (x, y)]
            yield from extend(rest, [*pairs, (x, y)], diffs | {d, m - d})

    yield from extend(list(range(1, m)), [], set())


def _adder(m: int, starter: list[tuple[int, int]]) -> tuple[int, ...] | None:
    """Distinct non-zero a_i with {x_i − a_i, y_i − a_i} covering the non-zero residues."""
    chosen: list[int] = []
    covered: set[int] = set()

    def extend(i: int) -> bool:
        if i == len(starter):
            return True
        x, y = starter[i]
        for a in range(1, m):
            cells = {(x - a) % m, (y - a) % m}
            if a in chosen or 0 in cells or cells & covered:
                continue
            chosen.append(a)
            covered.update(cells)
            if extend(i + 1):
                return True
            chosen.pop()
            covered.difference_update(cells)
        return False

    return tuple(chosen) if starter and extend(0) else None


def howell(pairs: int, boards_per_round: int = 2) -> Movement:
    """A complete Howell: every pair meets every other pair once (n−1 rounds for n pairs; an
    odd number of pairs adds a phantom, whose opponent sits out). 5–6 pairs with an even
    number of boards a round: the balanced three-table Howell without shared boards
    (:mod:`tournaments.movements.howell3`). 7–16 pairs: the seating (who sits NS at each
    meeting) found offline for the most even comparisons
    (:mod:`tournaments.movements.howell_seating`)."""
    _check_per_round(boards_per_round)
    if not 4 <= pairs <= MAX_HOWELL_PAIRS:
        raise MovementError(
            f"a Howell is for 4 to {MAX_HOWELL_PAIRS} pairs, not {pairs}",
            code="movement_howell_pairs",
            params={"most": str(MAX_HOWELL_PAIRS), "pairs": str(pairs)},
        )
    if pairs in (5, 6) and boards_per_round % 2 == 0:
        return howell_three_tables(pairs, boards_per_round)
    return _howell(pairs, boards_per_round, BALANCED_HOWELL_SEATINGS.get(pairs))


def _howell(pairs: int, boards_per_round: int, seating: str | None) -> Movement:
    """The Howell of the circle/Room-square plan. ``seating`` (7–16 pairs): who sits NS at
    each meeting (see :mod:`tournaments.movements.howell_seating`); None: the plain seating,
    alternating by round and table."""
    n = pairs + pairs % 2
    phantom = n - 1 if pairs % 2 else None
    rounds, sets = _howell_plan(n)
    meetings = sum(1 for matches in rounds for match in matches if phantom not in match)
    turned = seating_bits(seating, meetings) if seating is not None else None
    result = []
    meeting = 0
    for r, matches in enumerate(rounds):
        rows, sit_out, number, empty = [], [], 1, None
        for t, (a, b) in enumerate(matches):
            if phantom in (a, b):
                # The phantom's table (numbered after the others): a late pair takes it.
                sit_out.append((b if a == phantom else a) + 1)
                boards = _boards(sets[r][t], boards_per_round)
                empty = Table(n // 2, boards, ns=phantom + 1, ew=sit_out[-1])
                continue
            if n == 6:  # pair 6 stays NS at table 1; the best balance (see howell3)
                ns, ew = (b, a) if (r, t) in SIX_PAIR_SHARED_SET_TURNS else (a, b)
            elif turned is not None:
                ns, ew = (b, a) if turned[meeting] else (a, b)
            else:
                ns, ew = (a, b) if (r + t) % 2 == 0 else (b, a)
            meeting += 1
            rows.append(Table(number, _boards(sets[r][t], boards_per_round), ns=ns + 1, ew=ew + 1))
            number += 1
        result.append(Round(r + 1, tuple(rows), tuple(sit_out), empty))
    return Movement("howell", tuple(result), pairs, boards_per_round)


def individual(players: int, boards_per_round: int = 2) -> Movement:
    """Each player partners every other player exactly once (players a multiple of 4, up to
    16): the partnerships of a round are one round of the circle round robin, two
    partnerships to a table; all tables of a round play that round's boards."""
    _check_per_round(boards_per_round)
    if players % 4 or not 4 <= players <= MAX_INDIVIDUAL_PLAYERS:
        raise MovementError(
            f"an individual movement needs 4, 8, 12 or 16 players, not {players}",
            code="movement_individual_movement_needs_players",
            params={"players": str(players)},
        )
    result = []
    for r, partnerships in enumerate(_round_robin(players)):
        rows = []
        for t in range(0, len(partnerships), 2):
            (n1, s1), (e1, w1) = partnerships[t], partnerships[t + 1]
            rows.append(
                Table(
                    t // 2 + 1,
                    _boards(r, boards_per_round),
                    north=n1 + 1,
                    south=s1 + 1,
                    east=e1 + 1,
                    west=w1 + 1,
                )
            )
        result.append(Round(r + 1, tuple(rows)))
    kind = "rubber3" if players == 4 else "individual"
    return Movement(kind, tuple(result), players, boards_per_round)


def rubber3(boards_per_round: int = 1) -> Movement:
    """Four players, three rounds (rubbers): each partners each of the others once."""
    return individual(4, boards_per_round)
