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
    round: int
    tables: tuple[Table, ...]
    sit_out: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"round": self.round, "tables": [t.to_json() for t in self.tables]}
        if self.sit_out:
            data["sit_out"] = list(self.sit_out)
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
                tables = tuple(
                    Table(
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
                    for t in r["tables"]
                )
                rounds.append(Round(r["round"], tables, tuple(r.get("sit_out", ()))))
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
