"""Live standings: the state behind "is this section's snapshot current?", kept in the
database and mirrored in the cache (no task is sent from here: that is :mod:`scoring.tasks`).

Contract:

* Every service that changes a section's results adds a
  :class:`~scoring.models.ResultVersion` (the section's data version is their count, see
  :func:`data_version`) and calls :func:`scoring.tasks.standings_request` to enqueue a
  recompute on commit (coalesced: see :mod:`scoring.tasks`).
* **Queued marker.** ``scoring:queued:<section>`` in the cache says a recompute is waiting;
  the task clears it (:func:`queued_clear`) *before* it reads the results.
* **Stale sections.** When a recompute cannot be enqueued the section is marked ``stale`` in
  the database (:func:`section_mark_stale`); stale sections and any whose published version
  lags behind its data are found by :func:`sections_lagging`.
* **Sweeps.** Each periodic sweep (:func:`scoring.tasks.standings_sweep_task`) notes its
  time in the cache (:func:`sweep_note`); ``/healthz`` reports the site degraded when the
  last one is older than :data:`SWEEP_OVERDUE` (no beat, or no worker).
* **Versions for the live pages.** After a snapshot is written its version is put in the
  cache (``scoring:published:<section>``) so that open pages can ask cheaply; the database
  (``SectionScoring.published_version``) stays the truth when the cache is empty or down.
"""

from __future__ import annotations

import functools
import logging
import os
import time
from datetime import UTC, datetime, timedelta
from urllib.parse import urlparse

from django.conf import settings
from django.core.cache import cache
from django.db.models import Max
from django.utils import timezone

from scoring.models import ResultVersion, SectionScoring

logger = logging.getLogger(__name__)

QUEUED_KEY = "scoring:queued:{}"
PUBLISHED_KEY = "scoring:published:{}"
STARTED_KEY = "scoring:started:{}"
#: A queued marker older than this is forgotten (a task lost before it started).
QUEUED_TTL = 30
#: Sections whose published standings lag this long behind their data are swept up
#: (``SCORING_SWEEP_LAG`` seconds in the environment; 20 by default).
LAG_BEFORE_SWEEP = timedelta(seconds=20)


#: The cache key of the last sweep's time (a POSIX timestamp).
SWEPT_KEY = "scoring:swept"
#: A sweep older than this means the periodic sweep is not running (it runs every 30 s).
SWEEP_OVERDUE = timedelta(seconds=60)


def sweep_lag() -> timedelta:
    """How long a section's standings may lag behind its data before a sweep picks it up."""
    value = os.environ.get("SCORING_SWEEP_LAG")
    return timedelta(seconds=float(value)) if value else LAG_BEFORE_SWEEP


def data_version(section_id: int) -> int:
    """How many changes the section's results have had (its count of result versions)."""
    return ResultVersion.objects.filter(section_id=section_id).count()


def recompute_started(section_id: int) -> None:
    """Note when a recompute of the section started (the next waits for the countdown)."""
    try:
        cache.set(STARTED_KEY.format(section_id), time.time(), timeout=60)
    except Exception:  # noqa: BLE001
        logger.warning("cache unreachable while noting the recompute of %s", section_id)


def recompute_started_at(section_id: int) -> float | None:
    """When the section's last recompute started (a Unix time), if lately."""
    try:
        return cache.get(STARTED_KEY.format(section_id))
    except Exception:  # noqa: BLE001
        return None


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
    """Put the newly published version in the cache for the live pages, then announce it once
    on Redis pub/sub for the open event streams (:mod:`scoring.streams`). Best effort: the
    database stays the truth."""
    try:
        cache.set(PUBLISHED_KEY.format(section_id), version, timeout=None)
    except Exception:  # noqa: BLE001
        logger.warning(
            "cache unreachable: live pages read section %s from the database", section_id
        )
    if settings.REDIS_URL:
        try:
            _redis().publish(standings_channel(), f"{section_id}:{version}")
        except Exception:  # noqa: BLE001
            logger.warning("Redis unreachable: open streams of section %s not told", section_id)


def standings_channel() -> str:
    """The pub/sub channel of this site's new snapshots (Redis channels ignore the database
    number, so it is part of the name: two sites on one server stay apart)."""
    database = urlparse(settings.REDIS_URL).path.strip("/") or "0"
    return f"tenace:{database}:standings"


@functools.cache
def _redis():
    import redis

    return redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1)


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
        .filter(last__lt=now - sweep_lag())
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


def sweep_note() -> None:
    """Remember that a sweep ran now (best effort: the cache may be down)."""
    try:
        cache.set(SWEPT_KEY, timezone.now().timestamp(), timeout=None)
    except Exception:  # noqa: BLE001
        logger.warning("cache unreachable: the time of this sweep is not recorded")


def sweep_last():
    """When the last sweep ran (an aware datetime), or None when none is recorded."""
    try:
        stamp = cache.get(SWEPT_KEY)
    except Exception:  # noqa: BLE001
        return None
    if stamp is None:
        return None
    return datetime.fromtimestamp(float(stamp), tz=UTC)


#: Set while a board set's double-dummy analysis is queued or running (scoring.tasks).
ANALYSIS_KEY = "scoring:analysis-requested:{}"
#: How long the marker outlives a lost task (the recompute's safety net then asks again).
ANALYSIS_TTL = 3600
