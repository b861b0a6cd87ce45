"""A whole drive from given trick counts: for checking, the ``drive`` command and the demo.

:func:`run_drive` seats the players, plays each round with the tricks ``tricks_for`` gives
for each played table, moves the players by the settings, seats late arrivals in empty
seats and turns leavers' seats into ghosts — exactly what the Django app does one call at a
time — and returns the seatings, every table hand, the cards and the prize list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from engine.drives.cards import Card, player_cards
from engine.drives.drive import (
    Entry,
    Holding,
    TableHand,
    check_tricks,
    empty_seat,
    holder_map,
    round_tables,
    round_winners,
)
from engine.drives.errors import DriveError
from engine.drives.movement import (
    Seating,
    TableKind,
    first_holders,
    first_seating,
    next_seating,
    tables_for,
)
from engine.drives.prizes import Award, Party, award_prizes
from engine.drives.settings import DriveSettings, Role


@dataclass(frozen=True)
class Arrival:
    """``player`` arrives late as ``role`` and takes an empty seat from ``from_round``."""

    player: int
    role: Role
    from_round: int


@dataclass(frozen=True)
class Leave:
    """``player`` leaves after round ``after_round``; the seat becomes a ghost."""

    player: int
    after_round: int


@dataclass(frozen=True)
class DriveRun:
    settings: DriveSettings
    tables: int
    seatings: tuple[Seating, ...]
    holdings: tuple[Holding, ...]
    hands: tuple[tuple[TableHand, ...], ...]
    cards: dict[int, Card]
    awards: list[Award]


def couples_of(seating: Seating, holdings: Sequence[Holding]) -> list[Party]:
    """The couples of a fixed-partner drive: the pairs seated in round 1 (both real)."""
    holders = holder_map(holdings, 1)
    couples = []
    for table in seating:
        for lady, gent in ((table.lady_a, table.gent_a), (table.lady_b, table.gent_b)):
            if lady in holders and gent in holders:
                couples.append((holders[lady], holders[gent]))
    return couples


TricksFor = Callable[[TableHand], int]


def tricks_from_rows(rows: Sequence[Sequence[int | None]]) -> TricksFor:
    """``rows[hand − 1][table − 1]`` is pair A's tricks, or ``[a, b]`` for a hand cut short
    (None or anything at a sit-out)."""

    def tricks_for(th: TableHand) -> int:
        try:
            value = rows[th.hand - 1][th.table - 1]
        except IndexError:
            raise DriveError(
                f"no tricks given for table {th.table} at hand {th.hand}",
                code="drive_round_incomplete",
                params={"round": th.round, "tables": str(th.table)},
            ) from None
        return value  # type: ignore[return-value]

    return tricks_for


def _entry(given: object, settings: DriveSettings) -> Entry:
    """Pair A's tricks (pair B's are the rest of 13), or both pairs' ``[a, b]`` (a hand cut
    short by the bell)."""
    if isinstance(given, list | tuple) and len(given) == 2:
        return check_tricks(given[0], given[1], short_hands=settings.short_hands)
    whole = isinstance(given, int) and not isinstance(given, bool)
    return check_tricks(given, 13 - given if whole else given)  # type: ignore[operator]


def run_drive(
    settings: DriveSettings,
    ladies: Sequence[int],
    gents: Sequence[int],
    tricks_for: TricksFor,
    *,
    arrivals: Sequence[Arrival] = (),
    leaves: Sequence[Leave] = (),
    tables: int | None = None,
    cuts: Mapping[int, int] | None = None,
) -> DriveRun:
    """Run the whole drive (see the module's docstring). Player ids must be distinct."""
    if len({*ladies, *gents, *(a.player for a in arrivals)}) != (
        len(ladies) + len(gents) + len(arrivals)
    ):
        raise ValueError("player ids must be distinct")
    count = tables_for(len(ladies), len(gents), tables)
    holdings = [Holding(p, t) for t, p in sorted(first_holders(ladies, gents, count).items())]
    seatings: list[Seating] = [first_seating(count)]
    entries: dict[tuple[int, int], Entry] = {}
    hands: list[tuple[TableHand, ...]] = []
    for round_number in range(1, settings.rounds + 1):
        if round_number > 1:
            winners = round_winners(settings, hands, round_number - 1)
            holdings = [
                replace(h, last_round=round_number - 1)
                if any(
                    lv.player == h.player and lv.after_round == round_number - 1 for lv in leaves
                )
                and h.last_round is None
                else h
                for h in holdings
            ]
            seatings.append(next_seating(seatings[-1], winners, settings))
            for arrival in arrivals:
                if arrival.from_round == round_number:
                    held = holder_map(holdings, round_number)
                    token = empty_seat(seatings[-1], held, arrival.role)
                    holdings.append(Holding(arrival.player, token, round_number))
        for row in round_tables(settings, round_number, seatings[-1], holdings, {}):
            for th in row:
                if th.kind is not TableKind.SIT_OUT:
                    entries[(th.hand, th.table)] = _entry(tricks_for(th), settings)
        hands.extend(
            tuple(row)
            for row in round_tables(settings, round_number, seatings[-1], holdings, entries)
        )
    roles = {p: Role.LADY for p in ladies} | {p: Role.GENT for p in gents}
    roles |= {a.player: Role(a.role) for a in arrivals}
    cards = player_cards(settings, hands, roles)
    couples = couples_of(seatings[0], holdings) if settings.fixed_partners else []
    return DriveRun(
        settings=settings,
        tables=count,
        seatings=tuple(seatings),
        holdings=tuple(holdings),
        hands=tuple(hands),
        cards=cards,
        awards=award_prizes(settings, cards, cuts, couples),
    )
