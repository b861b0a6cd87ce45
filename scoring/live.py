"""Live standings: how a saved result turns into a new snapshot, few times however many.

Contract:

* Every service that changes a section's results adds a
  :class:`~scoring.models.ResultVersion` (the section's data version is their count, see
  :func:`data_version`) and calls :func:`standings_request` to enqueue a recompute on commit.
* **Coalescing.** :func:`standings_enqueue` enqueues the recompute task only when none is
  already waiting for that section: a cache key ``scoring:queued:<section>`` is added
  (atomically, set-if-absent) before sending and deleted by the task *before* it reads the
  results. So a result committed while a task waits is read by that task, and a result
  committed after the task started enqueues exactly one more: a burst of results gives few
  recomputes and the last snapshot reflects the last result. The task is sent with a short
  countdown (``SCORING_RECOMPUTE_COUNTDOWN``, 0.25 s) so that a burst gathers behind it: at
  most about four recomputes a second per section, however fast results arrive.
* **Broker or Redis down.** Enqueueing never raises: the failure is logged and the section
  is marked ``stale`` in the database. Stale sections (and any whose published version lags
  behind its data) are picked up by :func:`standings_catch_up`, which runs at the end of every
  recompute task, from the periodic ``scoring.standings_sweep`` task and from
  ``manage.py standings_rebuild``.
* **Versions for the live pages.** After a snapshot is written its version is put in the
  cache (``scoring:published:<section>``) so that open pages can ask cheaply; the database
  (``SectionScoring.published_version``) stays the truth when the cache is empty or down.
"""

from __future__ import annotations

import logging
import os
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from scoring.models import ResultVersion, SectionScoring

logger = logging.getLogger(__name__)

QUEUED_KEY = "scoring:queued:{}"
PUBLISHED_KEY = "scoring:published:{}"
#: A queued marker older than this is forgotten (a task lost before it started).
QUEUED_TTL = 30
#: Sections whose published standings lag this long behind their data are swept up
#: (``SCORING_SWEEP_LAG`` seconds in the environment; 20 by default).
LAG_BEFORE_SWEEP = timedelta(seconds=20)


def _sweep_lag() -> timedelta:
    value = os.environ.get("SCORING_SWEEP_LAG")
    return timedelta(seconds=float(value)) if value else LAG_BEFORE_SWEEP


def data_version(section_id: int) -> int:
    """How many changes the section's results have had (its count of result versions)."""
    return ResultVersion.objects.filter(section_id=section_id).count()


def _countdown() -> float | None:
    """Seconds a recompute waits before it starts, gathering the results of a burst
    (``SCORING_RECOMPUTE_COUNTDOWN``, default 0.25 s; eager mode runs at once)."""
    value = getattr(settings, "SCORING_RECOMPUTE_COUNTDOWN", None)
    if value is None:
        value = float(os.environ.get("SCORING_RECOMPUTE_COUNTDOWN", "0.25"))
    return value or None


def standings_request(section_id: int) -> None:
    """Enqueue a recompute of ``section_id`` once the current transaction commits."""
    transaction.on_commit(lambda: standings_enqueue(section_id))


def standings_enqueue(section_id: int) -> bool:
    """Send the recompute task unless one is already waiting. Never raises: returns False
    (and marks the section stale) when the cache or the broker cannot be reached."""
    from scoring.tasks import standings_recompute_task

    key = QUEUED_KEY.format(section_id)
    try:
        if not cache.add(key, 1, timeout=QUEUED_TTL):
            return True
        standings_recompute_task.apply_async(args=[section_id], countdown=_countdown())
    except Exception:  # noqa: BLE001 - whatever the broker raises, the result is saved
        logger.exception("could not enqueue the standings of section %s; marked stale", section_id)
        _forget_queued(section_id)
        section_mark_stale(section_id)
        return False
    return True


def queued_clear(section_id: int) -> None:
    """Called by the task before it reads: later results enqueue a new run."""
    _forget_queued(section_id)


def _forget_queued(section_id: int) -> None:
    try:
        cache.delete(QUEUED_KEY.format(section_id))
    except Exception:  # noqa: BLE001
        logger.warning("cache unreachable while clearing the queued marker of %s", section_id)


def section_mark_stale(section_id: int) -> None:
    """Remember in the database that the section's standings must be recomputed."""
    SectionScoring.objects.get_or_create(section_id=section_id)
    SectionScoring.objects.filter(section_id=section_id, stale=False).update(
        stale=True, stale_since=timezone.now()
    )


def published_version_note(section_id: int, version: int) -> None:
    """Put the newly published version in the cache for the live pages (best effort)."""
    try:
        cache.set(PUBLISHED_KEY.format(section_id), version, timeout=None)
    except Exception:  # noqa: BLE001
        logger.warning(
            "cache unreachable: live pages read section %s from the database", section_id
        )


def published_version(section_id: int) -> int:
    """The version of the newest snapshot: from the cache, else the database."""
    try:
        cached = cache.get(PUBLISHED_KEY.format(section_id))
    except Exception:  # noqa: BLE001
        cached = None
    if cached is not None:
        return int(cached)
    version = (
        SectionScoring.objects.filter(section_id=section_id)
        .values_list("published_version", flat=True)
        .first()
    ) or 0
    published_version_note(section_id, version)
    return version


def sections_lagging() -> list[int]:
    """Sections marked stale, and sections changed in the last day whose snapshot has lagged
    behind their data for a while."""
    stale = set(SectionScoring.objects.filter(stale=True).values_list("section_id", flat=True))
    now = timezone.now()
    recent = (
        ResultVersion.objects.filter(at__gte=now - timedelta(days=1))
        .values("section_id")
        .annotate(last=Max("at"))
        .filter(last__lt=now - _sweep_lag())
        .values_list("section_id", flat=True)
    )
    published = dict(
        SectionScoring.objects.filter(section_id__in=list(recent)).values_list(
            "section_id", "published_version"
        )
    )
    lagging = {
        section_id
        for section_id in recent
        if data_version(section_id) > published.get(section_id, 0)
    }
    return sorted(stale | lagging)


def standings_catch_up() -> list[int]:
    """Enqueue every lagging section (see :func:`sections_lagging`); returns their ids."""
    lagging = sections_lagging()
    for section_id in lagging:
        _forget_queued(section_id)
        standings_enqueue(section_id)
    return lagging


ANALYSIS_KEY = "scoring:analysis-requested:{}"


def analysis_request(section_id: int) -> bool:
    """Enqueue the double-dummy analysis of the section's board set if some of its boards
    have a deal but no table yet (at most once an hour per board set). Never raises.

    Only with a real worker: when tasks run eagerly (the embedded default) they run in the
    web process, which must never load the solver."""
    from scoring.tasks import board_set_analyse_task

    if board_set_analyse_task.app.conf.task_always_eager:
        return False
    from tournaments.models import Board, Section

    board_set_id = Section.objects.filter(pk=section_id).values_list("board_set_id", flat=True)
    board_set_id = next(iter(board_set_id), None)
    if board_set_id is None:
        return False
    if not Board.objects.filter(board_set_id=board_set_id, dd_tricks="").exclude(deal="").exists():
        return False
    try:
        if cache.add(ANALYSIS_KEY.format(board_set_id), 1, timeout=3600):
            board_set_analyse_task.delay(board_set_id)
            return True
    except Exception:  # noqa: BLE001 - the analysis can wait for the next recompute
        logger.warning("could not enqueue the analysis of board set %s", board_set_id)
    return False
