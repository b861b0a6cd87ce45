"""What is still open in an event's results before play is finished or the standings are
released: the one list that "Finish play" and "Release" check, on every surface.

The results belong to the scoring app, above this one, so scoring fills the list in
(:func:`open_results_register`, from its ``AppConfig.ready()``) and this module asks it
(:func:`event_open_results`). Each :class:`OpenResult` is one scheduled board play with
something for the director to look at:

* **missing** — no result yet;
* **unconfirmed** — entered by one side, not confirmed by the other;
* **disputed** — the two sides disagree (never published with one side's figure);
* **adjusted** — an adjusted score stands (the director's decision, listed to check);
* **not played** — a board not played (a withdrawn pair's, or set so by the director).

The first three **block**: :func:`~tournaments.services.events.tournament_set_status`
refuses to finish or release while any is left, unless the director finishes or releases
**anyway with a reason**; the status change then keeps the reason and what was open
(:func:`open_gate`). Adjusted and not-played boards are already a director's decision:
they are listed, never blocking.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.errors import StatusError
from tournaments.models import Tournament, TournamentStatus

MISSING, UNCONFIRMED, DISPUTED, ADJUSTED, NOT_PLAYED = (
    "missing",
    "unconfirmed",
    "disputed",
    "adjusted",
    "not_played",
)
#: The kinds in the order the director reads them; the first three block.
KINDS = (MISSING, UNCONFIRMED, DISPUTED, ADJUSTED, NOT_PLAYED)
BLOCKING = frozenset({MISSING, UNCONFIRMED, DISPUTED})
KIND_LABELS = {
    MISSING: gettext_lazy("missing"),
    UNCONFIRMED: gettext_lazy("unconfirmed"),
    DISPUTED: gettext_lazy("disputed"),
    ADJUSTED: gettext_lazy("adjusted"),
    NOT_PLAYED: gettext_lazy("not played"),
}


@dataclass(frozen=True)
class OpenResult:
    """One board play with something open: its ``kind`` (see the module), where it is, the
    figures the sides gave (NS tricks; EW's figure only in a dispute) and ``result_id``
    (None while missing)."""

    kind: str
    section_id: int
    section_label: str
    board: int
    round: int
    table: int
    ns: int
    ew: int
    result_id: int | None = None
    ns_figure: str = ""
    ew_figure: str = ""

    @property
    def blocks(self) -> bool:
        return self.kind in BLOCKING

    def as_dict(self) -> dict:
        return {
            "kind": self.kind,
            "blocks": self.blocks,
            "section": self.section_id,
            "section_label": self.section_label,
            "board": self.board,
            "round": self.round,
            "table": self.table,
            "ns": self.ns,
            "ew": self.ew,
            "result": self.result_id,
            "ns_figure": self.ns_figure,
            "ew_figure": self.ew_figure,
        }


@dataclass
class OpenReport:
    """Everything open in an event, with counts by kind."""

    items: list[OpenResult] = field(default_factory=list)

    def of(self, kind: str) -> list[OpenResult]:
        return [item for item in self.items if item.kind == kind]

    @property
    def counts(self) -> dict[str, int]:
        return {kind: len(self.of(kind)) for kind in KINDS}

    @property
    def blocking(self) -> dict[str, int]:
        """The counts of the blocking kinds that are not zero."""
        return {kind: n for kind, n in self.counts.items() if kind in BLOCKING and n}

    @property
    def groups(self) -> list[tuple[str, str, bool, list[OpenResult]]]:
        """``(kind, label, blocks, items)`` of each kind with something open, in order."""
        return [
            (kind, str(KIND_LABELS[kind]), kind in BLOCKING, items)
            for kind in KINDS
            if (items := self.of(kind))
        ]

    @property
    def settled(self) -> bool:
        return not self.blocking

    def summary(self) -> str:
        """ "60 missing, 3 unconfirmed, 1 disputed" (the blocking kinds only)."""
        return ", ".join(f"{n} {KIND_LABELS[kind]}" for kind, n in self.blocking.items())


#: The statuses from which a gated change leaves (worth listing what is open).
OPEN_RESULTS_STATUSES = frozenset({TournamentStatus.RUNNING, TournamentStatus.FINISHED})

_PROVIDERS: list[Callable[[Tournament], list[OpenResult]]] = []


def open_results_register(provider: Callable[[Tournament], list[OpenResult]]) -> None:
    """Called once by the app that holds results (scoring) in its ``ready()``."""
    if provider not in _PROVIDERS:
        _PROVIDERS.append(provider)


def event_open_results(tournament: Tournament) -> OpenReport:
    """What is open in ``tournament``'s results (nothing when no app holds results)."""
    return OpenReport([item for provider in _PROVIDERS for item in provider(tournament)])


def gated(before: str, after: str) -> bool:
    """Whether the change from ``before`` to ``after`` waits for the results to be settled:
    finishing play and releasing the standings."""
    S = TournamentStatus
    return (before, after) in {(S.RUNNING, S.FINISHED), (S.FINISHED, S.RELEASED)}


class OpenResultsError(StatusError):
    """Finishing or releasing refused: ``report`` says what is open."""

    code = "open_results"

    def __init__(self, message: str, report: OpenReport) -> None:
        super().__init__(message)
        self.report = report


def open_gate(tournament: Tournament, status: str, *, anyway: bool, reason: str) -> dict:
    """Refuse to finish or release ``tournament`` while results are open, unless ``anyway``
    with a ``reason``; returns what to keep in the status change's ``after`` (the counts
    of what was open when it went through anyway, else nothing)."""
    if not gated(tournament.status, status):
        return {}
    report = event_open_results(tournament)
    if report.settled:
        return {}
    finish = status == TournamentStatus.FINISHED
    if not anyway:
        message = (
            _("Not settled yet: %(open)s. Settle them, or finish play anyway with a reason.")
            if finish
            else _("Not settled yet: %(open)s. Settle them, or release anyway with a reason.")
        )
        raise OpenResultsError(message % {"open": report.summary()}, report)
    if not reason.strip():
        raise OpenResultsError(
            _("Say why you go on anyway with %(open)s.") % {"open": report.summary()}, report
        )
    return {"anyway": report.blocking}
