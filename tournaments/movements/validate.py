"""The validator every schedule passes before it is saved."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from tournaments.movements.model import Movement, MovementError


def validate(movement: Movement) -> list[str]:
    """Problems with ``movement`` (empty when it is sound): nobody seated twice in a round;
    nobody plays a board twice; every board played equally often; every entry plays the same
    number of boards (sit-outs aside); a complete Howell meets everyone once; a Mitchell
    meets each opponent at most once; an individual partners each pair of players at most
    once (exactly once when complete)."""
    problems: list[str] = []
    boards_of: dict[int, Counter] = {}
    plays: Counter = Counter()
    missed: Counter = Counter()
    meetings: Counter = Counter()
    partners: Counter = Counter()
    per_round_boards = {}
    for rnd in movement.rounds:
        seated = [s for t in rnd.tables for s in t.seated]
        for entry, n in Counter(seated + list(rnd.sit_out)).items():
            if n > 1:
                problems.append(f"round {rnd.round}: entry {entry} is seated twice")
        per_round_boards[rnd.round] = max((len(t.boards) for t in rnd.tables), default=0)
        for table in rnd.tables:
            for board in table.boards:
                plays[board] += 1
                for entry in table.seated:
                    boards_of.setdefault(entry, Counter())[board] += 1
            if table.north is not None:
                partners[frozenset((table.north, table.south))] += 1
                partners[frozenset((table.east, table.west))] += 1
            else:
                meetings[frozenset((table.ns, table.ew))] += 1
        for entry in rnd.sit_out:
            missed[entry] += per_round_boards[rnd.round]
    for entry, counter in sorted(boards_of.items()):
        for board, n in counter.items():
            if n > 1:
                problems.append(f"entry {entry} plays board {board} {n} times")
    if len(set(plays.values())) > 1:
        problems.append(f"boards are not played equally often: {dict(sorted(plays.items()))}")
    totals = {e: sum(c.values()) + missed[e] for e, c in boards_of.items()}
    if len(set(totals.values())) > 1:
        problems.append(f"entries do not play the same number of boards: {totals}")
    entries = sorted(boards_of)
    if movement.type == "howell":
        for a, b in combinations(entries, 2):
            if meetings[frozenset((a, b))] != 1:
                problems.append(f"pairs {a} and {b} meet {meetings[frozenset((a, b))]} times")
    if movement.type == "mitchell":
        problems += [f"pairs {sorted(p)} meet {n} times" for p, n in meetings.items() if n > 1]
    if movement.type in ("individual", "rubber3"):
        for a, b in combinations(entries, 2):
            n = partners[frozenset((a, b))]
            if n != 1:
                problems.append(f"players {a} and {b} partner {n} times")
    return problems


def validate_or_raise(movement: Movement) -> Movement:
    problems = validate(movement)
    if problems:
        raise MovementError(
            "the movement is unsound: " + "; ".join(problems[:5]),
            code="movement_unsound",
            params={"problems": "; ".join(problems[:5])},
        )
    return movement
