"""A movement as data: rounds of tables, each with its entries and boards."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.errors import EngineError


class MovementError(EngineError):
    """A movement that cannot work (too few entries, boards that do not divide …)."""


@dataclass(frozen=True)
class Table:
    """One table in one round. Pairs: ``ns``/``ew``; individual: north/south/east/west."""

    table: int
    boards: tuple[int, ...]
    ns: int | None = None
    ew: int | None = None
    north: int | None = None
    south: int | None = None
    east: int | None = None
    west: int | None = None
    arrow_switch: bool = False

    @property
    def seated(self) -> tuple[int, ...]:
        seats = (self.ns, self.ew, self.north, self.south, self.east, self.west)
        return tuple(s for s in seats if s is not None)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"table": self.table}
        if self.north is not None:
            data |= {"north": self.north, "south": self.south, "east": self.east, "west": self.west}
        else:
            data |= {"ns": self.ns, "ew": self.ew}
        data["boards"] = list(self.boards)
        if self.arrow_switch:
            data["arrow_switch"] = True
        return data


@dataclass(frozen=True)
class Round:
    """One round. ``sit_out``: who rests. ``phantom``: in a Howell with an odd number of
    pairs, the table the missing pair (the phantom, numbered after the last pair) would
    play at — its opponent is the pair sitting out; a late pair takes it
    (:func:`phantom_taken`)."""

    round: int
    tables: tuple[Table, ...]
    sit_out: tuple[int, ...] = ()
    phantom: Table | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"round": self.round, "tables": [t.to_json() for t in self.tables]}
        if self.sit_out:
            data["sit_out"] = list(self.sit_out)
        if self.phantom is not None:
            data["phantom"] = self.phantom.to_json()
        return data


@dataclass(frozen=True)
class Movement:
    type: str
    rounds: tuple[Round, ...]
    entries: int
    boards_per_round: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def boards(self) -> int:
        return max((b for r in self.rounds for t in r.tables for b in t.boards), default=0)

    @property
    def tables(self) -> int:
        return max((len(r.tables) for r in self.rounds), default=0)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "rounds": [r.to_json() for r in self.rounds]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Movement:
        try:
            rounds = []
            for r in data["rounds"]:
                tables = tuple(_table(t) for t in r["tables"])
                phantom = _table(r["phantom"]) if r.get("phantom") else None
                rounds.append(Round(r["round"], tables, tuple(r.get("sit_out", ())), phantom))
        except (KeyError, TypeError) as error:
            raise MovementError(
                f"not a movement: missing {error}",
                code="movement_movement_missing",
                params={"error": str(error)},
            ) from None
        seated = {s for r in rounds for t in r.tables for s in t.seated} | {
            s for r in rounds for s in r.sit_out
        }
        per_round = {len(t.boards) for r in rounds for t in r.tables} or {0}
        return cls(data.get("type", ""), tuple(rounds), len(seated), max(per_round))


def _table(t: dict[str, Any]) -> Table:
    return Table(
        table=t["table"],
        boards=tuple(t["boards"]),
        ns=t.get("ns"),
        ew=t.get("ew"),
        north=t.get("north"),
        south=t.get("south"),
        east=t.get("east"),
        west=t.get("west"),
        arrow_switch=bool(t.get("arrow_switch", False)),
    )


def phantom_number(movement: Movement) -> int | None:
    """The number of the Howell's phantom pair (the pair it lacks), None without one."""
    for rnd in movement.rounds:
        if rnd.phantom is not None:
            return next(s for s in rnd.phantom.seated if s not in rnd.sit_out)
    return None


def phantom_taken(movement: Movement, from_round: int) -> Movement:
    """``movement`` once a late pair takes the phantom's place from round ``from_round``
    on: in those rounds the phantom's table is played (the pair that would sit out meets
    the late pair, which has the phantom's number) and nobody sits out; the rounds before
    are as they were (the late pair was not there). :class:`MovementError` when the
    movement has no phantom from that round on."""
    if not any(r.phantom is not None for r in movement.rounds if r.round >= from_round):
        raise MovementError(
            f"the movement has no sit-out to take from round {from_round}",
            code="movement_no_phantom_seat",
            params={"round": str(from_round)},
        )
    rounds = tuple(
        Round(r.round, (*r.tables, r.phantom), ())
        if r.round >= from_round and r.phantom is not None
        else r
        for r in movement.rounds
    )
    return Movement(
        movement.type, rounds, movement.entries + 1, movement.boards_per_round, movement.options
    )
