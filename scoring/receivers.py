"""What the scoring app does when a lower app announces something (connected in
:meth:`scoring.apps.ScoringConfig.ready`). Each receiver calls one service."""

from __future__ import annotations

from scoring import tasks


def board_set_dealt_analyse(sender, *, board_set_id: int, **kwargs) -> None:
    """A board set's deals were committed: ask a worker for their double-dummy tables."""
    tasks.board_set_analysis_enqueue(board_set_id)


def worker_ready_sweep(sender=None, **kwargs) -> None:
    """A Celery worker is ready: sweep stale standings (see the task module)."""
    tasks.sweep_at_worker_start()


def tournament_released_email(sender, *, tournament_id: int, change_id: int, **kwargs) -> None:
    """An event's results were released: email each player their result (once per
    release, :mod:`scoring.release_emails`)."""
    tasks.release_emails_enqueue(change_id)
