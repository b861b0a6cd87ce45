"""Suggested movements for a number of entries, the boards and the time available."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from tournaments.movements.model import MovementError


@dataclass(frozen=True)
class Suggestion:
    type: str
    tables: int
    rounds: int
    boards_per_round: int
    boards: int
    minutes: float
    winners: int
    sit_outs: bool
    option: str
    explanation: str

    def to_dict(self) -> dict:
        return asdict(self)


def _per_round_choices(
    rounds: int, boards_available: int | None, minutes: float | None, minutes_per_board: float
) -> list[int]:
    choices = []
    for per_round in range(1, 9):
        if boards_available is not None and rounds * per_round > boards_available:
            continue
        if minutes is not None and rounds * per_round * minutes_per_board > minutes:
            continue
        choices.append(per_round)
    return choices


def suggest_movements(
    entries: int,
    boards_available: int | None = None,
    minutes: float | None = None,
    minutes_per_board: float = 7.5,
    individual: bool = False,
) -> list[Suggestion]:
    """Options for ``entries`` pairs (or players), best first: for each movement the most
    boards a round that fit the boards and the time available."""
    if entries < 4:
        raise MovementError(
            f"{entries} entries are too few: a movement needs at least 4",
            code="movement_entries_too_few_movement_needs",
            params={"entries": str(entries)},
        )
    options: list[Suggestion] = []

    def add(kind, tables, rounds, winners, sit_outs, option, text, even=False):
        choices = _per_round_choices(rounds, boards_available, minutes, minutes_per_board)
        choices = [c for c in choices if c % 2 == 0] if even else choices
        if not choices:
            return
        per_round = max(choices)
        boards = rounds * per_round
        options.append(
            Suggestion(
                kind,
                tables,
                rounds,
                per_round,
                boards,
                rounds * per_round * minutes_per_board,
                winners,
                sit_outs,
                option,
                text.format(
                    tables=tables,
                    rounds=rounds,
                    per=per_round,
                    boards=boards,
                    minutes=round(rounds * per_round * minutes_per_board),
                ),
            )
        )

    if individual:
        if entries % 4 == 0 and entries <= 16:
            add(
                "individual",
                entries // 4,
                entries - 1,
                1,
                False,
                "",
                "Individual, {tables} tables: {rounds} rounds of {per} boards ({boards} boards, about {minutes} min); everyone partners everyone once.",
            )
        return options
    tables = (entries + 1) // 2
    if tables >= 3 and entries % 2 == 0:
        if tables % 2:
            add(
                "mitchell",
                tables,
                tables,
                2,
                False,
                "",
                "Mitchell, {tables} tables: {rounds} rounds of {per} boards ({boards} boards, about {minutes} min); two winners (NS and EW).",
            )
            add(
                "mitchell",
                tables,
                tables,
                1,
                False,
                "arrow",
                "Mitchell with an arrow switch, {tables} tables: {rounds} rounds of {per} boards; one winner.",
            )
        else:
            add(
                "mitchell",
                tables,
                tables,
                2,
                False,
                "relay",
                "Mitchell with a relay and bye stand, {tables} tables: {rounds} rounds of {per} boards ({boards} boards, about {minutes} min); two winners.",
            )
            add(
                "mitchell",
                tables,
                tables - 1,
                2,
                False,
                "skip",
                "Mitchell with a skip, {tables} tables: {rounds} rounds of {per} boards ({boards} boards, about {minutes} min); two winners.",
            )
    if entries in (5, 6):
        _three_table_howell(add, bool(entries % 2), boards_available, minutes, minutes_per_board)
    elif 4 <= entries <= 16:
        n = entries + entries % 2
        add(
            "howell",
            n // 2,
            n - 1,
            1,
            bool(entries % 2),
            "",
            "Howell, {tables} tables: {rounds} rounds of {per} boards ({boards} boards, about {minutes} min); everyone meets everyone, one winner.",
        )
    if not options:
        raise MovementError(
            "no movement fits: allow more boards or more time",
            code="movement_movement_fits_allow_more_boards",
        )
    return options


def _three_table_howell(add, sit_outs, boards_available, minutes, minutes_per_board) -> None:
    """5–6 pairs: the balanced Howell (an even number of boards a round) first; the Howell
    whose tables share each round's boards only when it fits more boards."""
    add(
        "howell",
        3,
        5,
        1,
        sit_outs,
        "",
        "Howell, 3 tables, no shared boards: {rounds} rounds of {per} boards, half of them from each of two small sets ({boards} boards, about {minutes} min); everyone meets everyone and every two pairs are compared on as many boards; one winner.",
        even=True,
    )
    choices = _per_round_choices(5, boards_available, minutes, minutes_per_board)
    if choices and max(choices) % 2:
        add(
            "howell",
            3,
            5,
            1,
            sit_outs,
            "",
            "Howell, 3 tables sharing each round's boards: {rounds} rounds of {per} boards ({boards} boards, about {minutes} min); everyone meets everyone, one winner.",
        )
