"""How fair a pairs movement is: comparisons between pairs and boards shared between tables.

In a one-winner pairs event a pair's score on a board is matchpointed against the pairs who
played the board *in the same direction*. Two pairs are **compared** on a board when both
played it in the same direction (NS–NS or EW–EW; an arrow-switched table counts the other
way round). A movement has **equal comparisons** (is *balanced*) when every two pairs are
compared on the same number of boards: :func:`comparison_spread` is then 0. The spread (most
comparisons between two pairs minus fewest) is the measure used to choose between schedules.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations

from tournaments.movements.model import Movement, MovementError


def comparisons(movement: Movement) -> dict[tuple[int, int], int]:
    """For every two entries ``(a, b)``, ``a < b``: the number of boards on which they are
    compared (both played the board in the same direction)."""
    directions: dict[int, dict[str, list[int]]] = defaultdict(lambda: {"ns": [], "ew": []})
    for rnd in movement.rounds:
        for table in rnd.tables:
            if table.ns is None or table.ew is None:
                raise MovementError(
                    "comparisons are counted for pairs movements only",
                    code="movement_comparisons_counted_pairs_movements",
                )
            ns, ew = (table.ew, table.ns) if table.arrow_switch else (table.ns, table.ew)
            for board in table.boards:
                directions[board]["ns"].append(ns)
                directions[board]["ew"].append(ew)
    entries = sorted(
        {s for r in movement.rounds for t in r.tables for s in t.seated}
        | {s for r in movement.rounds for s in r.sit_out}
    )
    counts = {pair: 0 for pair in combinations(entries, 2)}
    for seats in directions.values():
        for field in seats.values():
            for a, b in combinations(sorted(field), 2):
                counts[(a, b)] += 1
    return counts


def comparison_spread(movement: Movement) -> int:
    """Most comparisons between two pairs minus fewest: 0 when comparisons are equal."""
    counts = comparisons(movement).values()
    return max(counts) - min(counts) if counts else 0


def shared_boards(movement: Movement) -> list[tuple[int, int]]:
    """``(round, board)`` for every board played at more than one table in the same round
    (those tables must share or duplicate it)."""
    shared = []
    for rnd in movement.rounds:
        seen: dict[int, int] = defaultdict(int)
        for table in rnd.tables:
            for board in table.boards:
                seen[board] += 1
        shared += [(rnd.round, board) for board, n in sorted(seen.items()) if n > 1]
    return shared
