"""Standings: load a section's results as plain values, compute with :mod:`scoring.calc`,
and store a :class:`~scoring.models.StandingsSnapshot` atomically with the version it
reflects.

Contract of :func:`standings_publish`:

* The data version (the count of result versions) and the results are read in one
  consistent read (REPEATABLE READ on
  PostgreSQL; SQLite transactions are serialised), so a snapshot labelled version ``v``
  holds exactly the results as of ``v``.
* The snapshot row and ``SectionScoring.published_version`` are written in one transaction,
  under a lock on the section's state row, and only if ``v`` is newer than what is
  published: a slow run can never overwrite a newer snapshot, and a run killed half-way
  leaves nothing behind.
* ``force=True`` (the rebuild command) writes a snapshot even when the version is current.

:data:`snapshot_written` is sent inside that transaction, after the snapshot is written and
before it commits (the worker-kill test pauses there, from its own worker module).
"""

from __future__ import annotations

from django.db import connection, transaction
from django.dispatch import Signal
from django.utils import timezone

from scoring import live
from scoring.models import SectionScoring, StandingsSnapshot
from scoring.tally import SectionInput, section_input_load, standings_compute

#: Sent with ``section_id`` inside the publishing transaction, once the snapshot is written
#: and before it commits.
snapshot_written = Signal()


def _consistent_read(section_id: int) -> tuple[int, SectionInput]:
    fresh = not connection.in_atomic_block  # the isolation level is set at the start only
    with transaction.atomic():
        if fresh and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        return live.data_version(section_id), section_input_load(section_id)


def standings_publish(*, section_id: int, force: bool = False) -> StandingsSnapshot | None:
    """Compute and store the standings of ``section_id``; None when nothing newer."""
    state, _ = SectionScoring.objects.get_or_create(section_id=section_id)
    if not force and not state.stale and live.data_version(section_id) <= state.published_version:
        return None  # already published (a coalesced or repeated run): nothing to compute
    version, section_input = _consistent_read(section_id)
    data = standings_compute(section_input)
    data["version"] = version
    data["computed_at"] = timezone.now().isoformat()
    with transaction.atomic():
        state = SectionScoring.objects.select_for_update().get(section_id=section_id)
        if version < state.published_version or (version == state.published_version and not force):
            if state.stale and live.data_version(section_id) == state.published_version:
                SectionScoring.objects.filter(pk=state.pk).update(stale=False, stale_since=None)
            return None
        snapshot, _ = StandingsSnapshot.objects.update_or_create(
            section_id=section_id, version=version, defaults={"data": data}
        )
        caught_up = live.data_version(section_id) == version
        SectionScoring.objects.filter(pk=state.pk).update(
            published_version=version,
            stale=state.stale and not caught_up,
            stale_since=None if caught_up else state.stale_since,
        )
        snapshot_written.send(sender=None, section_id=section_id)
    live.published_version_note(section_id, version)
    return snapshot


def snapshot_latest(section_id: int) -> StandingsSnapshot | None:
    """The newest snapshot of a section, or None before the first result."""
    return StandingsSnapshot.objects.filter(section_id=section_id).order_by("-version").first()
