"""Background jobs of the scoring app: thin wrappers around one service each.

* ``scoring.standings_recompute`` — recompute a section's standings and store a snapshot
  (coalesced: see :mod:`scoring.live`); at the end it enqueues any section left stale.
* ``scoring.standings_sweep`` — periodic: enqueue stale or lagging sections (add it to the
  beat schedule, e.g. every 30 s).
* ``scoring.board_set_analyse`` — double-dummy tricks for every board of a board set. The
  solver is imported inside :mod:`scoring.analysis_jobs` only when this task runs, never in
  the web process. It is enqueued when a board set is created (by the tournaments app) and,
  as a safety net, by the first recompute of a section whose boards still lack their tables.

Tasks are acknowledged late: a worker killed mid-recompute hands the task back, and since a
snapshot is written in one transaction with the version it reflects, nothing half-done is
ever published.
"""

from __future__ import annotations

from celery import shared_task

from scoring import live


@shared_task(name="scoring.standings_recompute", acks_late=True, max_retries=5, ignore_result=True)
def standings_recompute_task(section_id: int) -> int | None:
    """Publish the standings of ``section_id``; returns the snapshot version written."""
    from scoring.standings import standings_publish

    live.queued_clear(section_id)
    snapshot = standings_publish(section_id=section_id)
    live.standings_catch_up()
    live.analysis_request(section_id)
    return snapshot.version if snapshot else None


@shared_task(name="scoring.standings_sweep", acks_late=True, ignore_result=True)
def standings_sweep_task() -> list[int]:
    """Enqueue every stale or lagging section; returns their ids."""
    return live.standings_catch_up()


@shared_task(name="scoring.board_set_analyse", acks_late=True, max_retries=2)
def board_set_analyse_task(board_set_id: int) -> int:
    """Store double-dummy tricks on the boards of ``board_set_id``; returns how many."""
    from scoring.analysis_jobs import board_set_analyse

    return board_set_analyse(board_set_id=board_set_id)
