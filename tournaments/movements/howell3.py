"""The three-table Howell (6 pairs, or 5 with a sit-out) with no shared boards and equal
comparisons.

Each table plays two *half-sets* a round (a half-set is half a round's boards), ten half-sets
in all, so the six half-sets in play in a round are all different and the other four wait on
the relay. Every half-set is played three times (twice with 5 pairs) and every pair plays
every board once. Every two pairs play the same number of boards in the same direction — the
boards on which their scores are compared — ``2 × boards_per_round`` with 6 pairs (and, pair 6
being the absent one, ``boards_per_round`` with 5): the movement is perfectly balanced.

Why this shape (the tests re-derive each claim by exhaustive search):

* With one set of boards per table no two tables can avoid sharing a set in a round: that
  schedule would be a Room square of side 5, which does not exist.
* With two half-sets per table the half-sets are forced: they are the ten perfect matchings
  of the six pairs other than the five rounds. Of the 2¹⁵ ways to seat the pairs NS/EW,
  104 give equal comparisons; the one below keeps pair 6 North-South at table 1 all
  session and stays balanced when pair 6 is missing.
* The half-sets need an even number of boards a round: with an odd number every board would
  be played by a perfect matching, and the matchings sharing a match form an odd cycle, so
  each would need exactly half the round's boards. Odd numbers of boards keep the shared
  (relayed) sets of :func:`tournaments.movements.howell`.
"""

from __future__ import annotations

from tournaments.movements.model import Movement, MovementError, Round, Table

# Round by round, table by table: NS pair, EW pair, and the two half-sets (numbered from 1).
THREE_TABLE_HOWELL: tuple[tuple[tuple[int, int, int, int], ...], ...] = (
    ((6, 1, 1, 2), (2, 5, 3, 4), (3, 4, 5, 6)),
    ((6, 2, 6, 7), (3, 1, 3, 8), (4, 5, 1, 9)),
    ((6, 3, 4, 9), (4, 2, 2, 8), (5, 1, 6, 10)),
    ((6, 4, 3, 10), (5, 3, 2, 7), (1, 2, 5, 9)),
    ((6, 5, 5, 8), (1, 4, 4, 7), (2, 3, 1, 10)),
)
HALF_SETS = 10


def _half_set(number: int, size: int) -> tuple[int, ...]:
    first = (number - 1) * size + 1
    return tuple(range(first, first + size))


def howell_three_tables(pairs: int, boards_per_round: int) -> Movement:
    """The balanced three-table Howell for 5 or 6 pairs; ``boards_per_round`` must be even
    (half of them from each of the table's two half-sets). 5 pairs: pair 6's opponent sits
    out and the other two tables are numbered 1 and 2 (pair 6's table, 3, is the phantom's:
    a late pair takes it)."""
    if pairs not in (5, 6):
        raise MovementError(
            f"the three-table Howell is for 5 or 6 pairs, not {pairs}",
            code="movement_three_table_howell_pairs",
            params={"pairs": str(pairs)},
        )
    if boards_per_round % 2:
        raise MovementError(
            f"the three-table Howell without shared boards needs an even number of boards "
            f"a round, not {boards_per_round}",
            code="movement_three_table_howell_without_shared",
            params={"boards_per_round": str(boards_per_round)},
        )
    size = boards_per_round // 2
    rounds = []
    for number, tables in enumerate(THREE_TABLE_HOWELL, start=1):
        rows, sit_out, empty = [], [], None
        for ns, ew, first, second in tables:
            boards = _half_set(first, size) + _half_set(second, size)
            if pairs == 5 and 6 in (ns, ew):
                # Pair 6's table, numbered 3: a late pair takes it.
                sit_out.append(ew if ns == 6 else ns)
                empty = Table(3, boards, ns=ns, ew=ew)
                continue
            rows.append(Table(len(rows) + 1, boards, ns=ns, ew=ew))
        rounds.append(Round(number, tuple(rows), tuple(sit_out), empty))
    options = {"half_sets": HALF_SETS, "balanced": True}
    return Movement("howell", tuple(rounds), pairs, boards_per_round, options)
