"""The offline search for the Howell seatings of :mod:`tournaments.movements.howell_seating`.

Never called when generating a movement: ``python -m tournaments.movements.seating_search 12
[iterations] [seeds]`` prints the best seating found, to be pasted into
``BALANCED_HOWELL_SEATINGS`` (and its spreads into ``SPREADS``).
"""

from __future__ import annotations

import math
import random
import sys

from tournaments.movements.generators import _howell_plan
from tournaments.movements.howell_seating import seating_hex


def _meetings(pairs: int) -> list[tuple[int, int, int]]:
    """(a, b, board set) of every meeting, in the generator's order (sit-outs skipped)."""
    n = pairs + pairs % 2
    phantom = n - 1 if pairs % 2 else None
    rounds, sets = _howell_plan(n)
    return [
        (a, b, sets[r][t])
        for r, matches in enumerate(rounds)
        for t, (a, b) in enumerate(matches)
        if phantom not in (a, b)
    ]


class _State:
    """Comparisons (one board a round) of a seating, updated one flipped meeting at a time."""

    def __init__(self, pairs: int, meetings: list[tuple[int, int, int]], bits: list[bool]):
        self.pairs = pairs
        self.meetings = meetings
        self.bits = bits
        self.fields: dict[int, tuple[set[int], set[int]]] = {}
        for (a, b, s), bit in zip(meetings, bits, strict=True):
            ns, ew = (b, a) if bit else (a, b)
            field = self.fields.setdefault(s, (set(), set()))
            field[0].add(ns)
            field[1].add(ew)
        self.count = [[0] * pairs for _ in range(pairs)]
        for ns_field, ew_field in self.fields.values():
            for side in (ns_field, ew_field):
                for x in side:
                    for y in side:
                        if x < y:
                            self.count[x][y] += 1
        self.histogram: dict[int, int] = {}
        self.squares = 0
        for x in range(pairs):
            for y in range(x + 1, pairs):
                c = self.count[x][y]
                self.histogram[c] = self.histogram.get(c, 0) + 1
                self.squares += c * c

    def _add(self, x: int, y: int, delta: int) -> None:
        if x > y:
            x, y = y, x
        c = self.count[x][y]
        self.histogram[c] -= 1
        if not self.histogram[c]:
            del self.histogram[c]
        self.count[x][y] = c + delta
        self.histogram[c + delta] = self.histogram.get(c + delta, 0) + 1
        self.squares += (c + delta) ** 2 - c * c

    def flip(self, k: int) -> None:
        a, b, s = self.meetings[k]
        ns, ew = (b, a) if self.bits[k] else (a, b)
        ns_field, ew_field = self.fields[s]
        for c in ns_field - {ns}:
            self._add(ns, c, -1)
            self._add(ew, c, 1)
        for c in ew_field - {ew}:
            self._add(ew, c, -1)
            self._add(ns, c, 1)
        ns_field.remove(ns)
        ew_field.remove(ew)
        ns_field.add(ew)
        ew_field.add(ns)
        self.bits[k] = not self.bits[k]

    def score(self) -> tuple[int, int]:
        return max(self.histogram) - min(self.histogram), self.squares


def search(pairs: int, seed: int = 0, iterations: int = 200_000) -> tuple[tuple[int, int], str]:
    """Simulated annealing from a seeded random seating: the best (spread, sum of squared
    comparisons) seen and its seating. Offline only: never called when generating."""
    rng = random.Random(seed)
    meetings = _meetings(pairs)
    state = _State(pairs, meetings, [rng.random() < 0.5 for _ in meetings])
    weight = pairs * pairs

    total = sum(c * k for c, k in state.histogram.items())
    mean = total / (pairs * (pairs - 1) // 2)

    def energy() -> float:
        # the spread first, then the squares; comparisons more than one board from the mean
        # are pushed back hardest
        spread, squares = state.score()
        outliers = sum(
            k * (abs(c - mean) - 1) ** 2 for c, k in state.histogram.items() if abs(c - mean) > 1
        )
        return spread * weight + squares + 4 * pairs * outliers

    current, current_energy = state.score(), energy()
    best = (current, seating_hex(state.bits))
    hot, cold = 2.0 * pairs, 0.05
    for step in range(iterations):
        temperature = hot * (cold / hot) ** (step / iterations)
        k = rng.randrange(len(meetings))
        state.flip(k)
        new_energy = energy()
        change = new_energy - current_energy
        if change <= 0 or rng.random() < math.exp(-change / temperature):
            current, current_energy = state.score(), new_energy
            if current < best[0]:
                best = (current, seating_hex(state.bits))
        else:
            state.flip(k)
    return best


def main(argv: list[str]) -> None:  # pragma: no cover - the offline search
    pairs = int(argv[0])
    iterations = int(argv[1]) if len(argv) > 1 else 200_000
    seeds = int(argv[2]) if len(argv) > 2 else 4
    results = [search(pairs, seed, iterations) for seed in range(seeds)]
    (spread, squares), seating = min(results)
    print(f"{pairs} pairs: spread {spread}, squares {squares}, seating {seating!r}")
    print("  by seed:", [score for score, _ in results])


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])
