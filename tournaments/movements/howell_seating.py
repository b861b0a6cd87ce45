"""Who sits North-South at each meeting of the Howells for 7–16 pairs: chosen for balance.

Turning a table round (the EW pair sits NS) changes neither who meets whom nor which boards
are played, only who is compared with whom (:mod:`tournaments.movements.balance`). The
seatings below were found offline by :func:`tournaments.movements.seating_search.search` (a
seeded simulated annealing over the seating bits, minimising the comparison spread, then the
sum of squared comparisons) and are embedded as data so that generating a Howell stays fast
and deterministic. Re-run with ``python -m tournaments.movements.seating_search 12`` (pairs,
then optionally iterations and seeds).

A seating is a hexadecimal number: bit k (k = 0 the least significant) is 1 when the k-th
meeting — round by round, table by table in the generator's order, sit-outs skipped — seats
the second entry of the match North-South.
"""

from __future__ import annotations

from collections.abc import Iterable

# pairs -> seating; the comparison spread with one board a round is in SPREADS.
BALANCED_HOWELL_SEATINGS: dict[int, str] = {
    7: "156e58",
    8: "3654849",
    9: "20ddab741",
    10: "1d963b4819a9",
    11: "76421477389344",
    12: "26db4f81fec5b6439",
    13: "3a7712051d07dcd56d15",
    14: "40de62a74241030019aa296",
    15: "f6d585e327621062f1feb56bae",
    16: "9f0910aa3d4dd6c5ffa662d4fe0a3",
}

# pairs -> (spread of the plain alternating seating, spread of the embedded one), both with
# one board a round (b boards a round multiply both by b).
SPREADS: dict[int, tuple[int, int]] = {
    7: (4, 0),
    8: (4, 0),
    9: (5, 2),
    10: (5, 2),
    11: (8, 2),
    12: (8, 3),
    13: (10, 3),
    14: (10, 2),
    15: (12, 3),
    16: (12, 4),
}


def seating_bits(seating: str, meetings: int) -> tuple[bool, ...]:
    """The seating's bits for the first ``meetings`` meetings."""
    value = int(seating, 16)
    if value >> meetings:
        raise ValueError(f"the seating has more than {meetings} bits")
    return tuple(bool(value >> k & 1) for k in range(meetings))


def seating_hex(bits: Iterable[bool]) -> str:
    return format(sum(1 << k for k, bit in enumerate(bits) if bit), "x")
