"""How far a section's play has got, for the director's dashboard and control room: each
round's tables (boards confirmed, waiting for the other side, disputed), the results
waiting for confirmation and the disagreements. Reads only, in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring import live, schedule
from scoring.forms import format_cell
from scoring.models import Result, ResultStatus


@dataclass
class TableCell:
    """One table in one round: its boards and how many have a result, confirmed, disputed."""

    table: int
    round: int
    total: int = 0
    entered: int = 0
    confirmed: int = 0
    disputed: int = 0

    @property
    def state(self) -> str:
        """done, disputed, waiting (some entered, not all confirmed) or empty."""
        if self.disputed:
            return "disputed"
        if self.total and self.confirmed == self.total:
            return "done"
        return "waiting" if self.entered else "empty"


@dataclass
class SectionProgress:
    rounds: list[tuple[int, list[TableCell]]] = field(default_factory=list)
    rows: list[dict] = field(default_factory=list)
    version: int = 0

    @property
    def waiting(self) -> list[dict]:
        return [r for r in self.rows if r["result"] and r["result"].status == ResultStatus.ENTERED]

    @property
    def disputed(self) -> list[dict]:
        return [r for r in self.rows if r["result"] and r["result"].status == ResultStatus.DISPUTED]

    @property
    def total(self) -> int:
        return len(self.rows)

    @property
    def confirmed(self) -> int:
        return sum(
            1 for r in self.rows if r["result"] and r["result"].status == ResultStatus.CONFIRMED
        )

    @property
    def missing(self) -> int:
        """Scheduled boards with no result yet."""
        return sum(1 for r in self.rows if r["result"] is None)

    @property
    def current_round(self) -> int | None:
        """The first round with a table not done (None: every round is done or none is
        scheduled)."""
        return next((n for n, cells in self.rounds if any(c.state != "done" for c in cells)), None)


def results_by_play(section_id: int) -> dict[int, Result]:
    return {
        result.board_play_id: result
        for result in Result.objects.filter(section_id=section_id).select_related("latest_version")
    }


def section_progress(section_id: int) -> SectionProgress:
    """Every scheduled board play of the section with its result, and the tables of each
    round as :class:`TableCell`; ``version`` is the published standings version (the live
    pages refresh when it moves)."""
    stored = results_by_play(section_id)
    progress = SectionProgress(version=live.published_version(section_id))
    cells: dict[int, dict[int, TableCell]] = {}
    for line in schedule.section_lines(section_id):
        result = stored.get(line.board_play_id)
        if line.not_played and result is None:
            continue  # a withdrawn pair's board: nothing to wait for
        progress.rows.append({"line": line, "result": result, "cell": format_cell(result)})
        cell = cells.setdefault(line.round, {}).setdefault(
            line.table, TableCell(table=line.table, round=line.round)
        )
        cell.total += 1
        if result is not None:
            cell.entered += 1
            cell.confirmed += result.status == ResultStatus.CONFIRMED
            cell.disputed += result.status == ResultStatus.DISPUTED
    progress.rounds = [
        (number, [tables[t] for t in sorted(tables)]) for number, tables in sorted(cells.items())
    ]
    return progress
