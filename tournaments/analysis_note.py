"""What a hand records page says about the double-dummy tricks (issue #23): how many boards
have their table, and — when some are missing — why, and whether an analysis is running.

The tricks are worked out by the solver (the ``analysis`` extra) in a worker, never in the
web process: on a site without a worker (the embedded default) nothing analyses a new board
set until someone asks (*Analyse now*, or ``manage.py boards_analyse``).
"""

from __future__ import annotations

import importlib.util
import time
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext as _

from clubs.inputs import whole_number

#: How long after *Analyse now* the page keeps reloading itself while tables are missing.
FOLLOW_SECONDS = 600


@dataclass(frozen=True)
class AnalysisNote:
    analysed: int
    total: int
    running: bool = False
    why: str = ""

    @property
    def missing(self) -> int:
        return self.total - self.analysed


def _why() -> str:
    if importlib.util.find_spec("endplay") is None:
        return _(
            "The double-dummy solver (the “analysis” extra) is not installed on this site, "
            "so the tricks cannot be worked out here."
        )
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return _(
            "This site runs without a worker, and the solver never runs inside a page: the "
            "tricks are worked out when someone asks for them (Analyse now, about a second "
            "per board)."
        )
    return _(
        "A worker works the tricks out after the boards are dealt; if they do not appear, "
        "check that a worker takes the analysis queue (make worker)."
    )


def analysis_note(boards, *, analysing: str | None) -> AnalysisNote:
    """The note for these hand records; ``analysing`` is the time (seconds since the epoch)
    *Analyse now* was pressed, from the page's address."""
    total = len(boards)
    analysed = sum(1 for board in boards if board.dd_tricks)
    if analysed == total:
        return AnalysisNote(analysed, total)
    pressed = whole_number(analysing or "")
    running = pressed is not None and 0 <= time.time() - pressed < FOLLOW_SECONDS
    return AnalysisNote(analysed, total, running=running, why=_why())
