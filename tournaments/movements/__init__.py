"""Movements: who plays whom, where, on which boards, round by round. Pure Python.

Public API::

    mitchell(tables, boards_per_round=2, even=None | "skip" | "relay", arrow_switch=False)
    howell(pairs, boards_per_round=2)
    individual(players, boards_per_round=2)
    rubber3()
    validate(movement) -> list[str]; validate_or_raise(movement)
    comparisons(movement), comparison_spread(movement), shared_boards(movement)
    suggest_movements(entries, boards_available=None, minutes=None, ...)
    Movement.to_json() / Movement.from_json(data); MovementError

Entries are numbered 1…n. A Mitchell seats NS pair k at table k and numbers the EW pairs
after the NS pairs (7 tables: NS 1–7, EW 8–14). Board sets are numbered from 0 and a set of
round r holds boards ``set * boards_per_round + 1 …``.
"""

from tournaments.movements.balance import comparison_spread, comparisons, shared_boards
from tournaments.movements.generators import howell, individual, mitchell, rubber3
from tournaments.movements.model import Movement, MovementError, Round, Table
from tournaments.movements.suggest import Suggestion, suggest_movements
from tournaments.movements.validate import validate, validate_or_raise

__all__ = [
    "Movement",
    "MovementError",
    "Round",
    "Table",
    "Suggestion",
    "mitchell",
    "howell",
    "individual",
    "rubber3",
    "validate",
    "validate_or_raise",
    "suggest_movements",
    "comparisons",
    "comparison_spread",
    "shared_boards",
]
