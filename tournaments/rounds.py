"""Where a pair has got in the schedule: **its current round**, the one definition behind
who may enter a result (``scoring.access``) and who sees a deal (:mod:`tournaments.
visibility`) — issue #22, "fair play, closed".

An entry's **current round** in its section is the first of its rounds with a board still
waiting for its result (a result of any kind stands for the board; a board a withdrawn pair
left *not played* waits for nothing). None when every board of the entry has its result.

* NS enter a result only for a board of their current round or an earlier one: the boards
  are played, and so entered, in the schedule's order.
* A pair sees a board's deal (before the release) once it has played it in that order: the
  board has a result and lies in the pair's current round or an earlier one. A result for
  a later round (entered by a director ahead of time) opens nothing.

The table screen shows the first round with something left to do (to enter or to confirm),
which is never later than this one: it waits for EW's confirmation, this round does not
(EW may confirm after moving on).

:func:`round_now` is a SQL expression (the schedule facts of scoring embed it in their one
query; the deal rule annotates board plays with it), :func:`open_plays` the rows it reads.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.apps import apps
from django.db.models import Q, QuerySet, Subquery

from tournaments.models import BoardPlay

SEATS = ("ns", "ew", "south", "west")


def open_plays(*, section: Any, entries: Iterable[Any]) -> QuerySet[BoardPlay]:
    """The board plays of ``entries`` (ids, or SQL expressions naming them) in ``section``
    still waiting for a result."""
    seated = Q()
    for entry in entries:
        for seat in SEATS:
            seated |= Q(**{f"seating__{seat}_id": entry})
    plays = BoardPlay.objects.filter(seated, seating__section_id=section, not_played=False)
    if apps.is_installed("scoring"):
        plays = plays.filter(result__isnull=True)
    return plays.order_by("seating__round")


def round_now(*, section: Any, entries: Iterable[Any]) -> Subquery:
    """The current round of ``entries`` in ``section`` (see the module), as an expression:
    NULL when every board has its result. With several entries (North and South of an
    individual event), the earliest of theirs."""
    return Subquery(open_plays(section=section, entries=entries).values("seating__round")[:1])


def reached(round_: int, now: int | None) -> bool:
    """Whether a board of round ``round_`` is within an entry whose current round is
    ``now``."""
    return now is None or round_ <= now
