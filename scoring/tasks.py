"""Background jobs of the scoring app, and how work is sent to them.

Tasks (thin wrappers around one service each):

* ``scoring.standings_recompute`` — recompute a section's standings and store a snapshot;
  at the end it enqueues any section left stale.
* ``scoring.standings_sweep`` — periodic: enqueue stale or lagging sections (add it to the
  beat schedule, e.g. every 30 s). Every worker also enqueues it when it starts
  (:func:`sweep_at_worker_start`, on Celery's ``worker_ready``), so a worker killed
  mid-publish is repaired by its restart even where beat is forgotten; ``/healthz`` says
  "degraded" when no sweep ran for a minute.
* ``scoring.board_set_analyse`` — double-dummy tricks for every board of a board set. The
  solver is imported inside :mod:`scoring.analysis_jobs` only when this task runs, never in
  the web process. It is enqueued when the tournaments app announces a board set's deals
  (:data:`tournaments.signals.board_set_dealt`) and, as a safety net, by a recompute of a
  section whose boards still lack their tables — once per set
  (:func:`board_set_analysis_enqueue`: not while one is queued or running), and routed to
  the solver's own queue (``TENACE_ANALYSIS_QUEUE``), which ``make worker`` consumes with a
  worker of its own (:mod:`config.workers`), so a recompute never waits behind it.
* ``scoring.release_emails_send`` — the results emails of one release: writes a row per
  player (:func:`scoring.release_emails.release_emails_prepare`, once per release and
  person) and enqueues ``scoring.release_email_deliver`` for each row waiting. Enqueued
  when the tournaments app announces a release (:data:`tournaments.signals.tournament_released`)
  and by the director's "send what is waiting".
* ``scoring.release_email_deliver`` — send one of them, retried like every email
  (:data:`clubs.tasks.EMAIL_RETRY`); the row records each try.

Sending (never raises; the data is saved whatever the broker does):

* **Coalescing.** :func:`standings_enqueue` enqueues the recompute only when none is already
  waiting for that section: the queued marker (:data:`scoring.live.QUEUED_KEY`) is added
  (atomically, set-if-absent) before sending and cleared by the task *before* it reads the
  results. So a result committed while a task waits is read by that task, and a result
  committed after the task started enqueues exactly one more: a burst of results gives few
  recomputes and the last snapshot reflects the last result. Recomputes of a section start
  at least ``SCORING_RECOMPUTE_COUNTDOWN`` (0.25 s) apart (the task is sent with the
  countdown left since the last one started, or none after a quiet spell), so a burst
  gathers behind the running one: at most about four recomputes a second per section,
  however fast results arrive.
* **Broker or Redis down.** The failure is logged and the section is marked stale
  (:func:`scoring.live.section_mark_stale`); :func:`standings_catch_up` picks it up at the end
  of every recompute, from the periodic sweep and from ``manage.py standings_rebuild``.

Tasks are acknowledged late: a worker killed mid-recompute hands the task back, and since a
snapshot is written in one transaction with the version it reflects, nothing half-done is
ever published.
"""

from __future__ import annotations

import logging
import os
import time

from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from clubs.tasks import EMAIL_RETRY
from scoring import live
from scoring.release_emails import release_email_deliver, release_emails_prepare
from scoring.standings import standings_publish
from tournaments.models import Board, Section

logger = logging.getLogger(__name__)


@shared_task(name="scoring.standings_recompute", acks_late=True, max_retries=5, ignore_result=True)
def standings_recompute_task(section_id: int) -> int | None:
    """Publish the standings of ``section_id``; returns the snapshot version written."""
    live.queued_clear(section_id)
    live.recompute_started(section_id)
    snapshot = standings_publish(section_id=section_id)
    standings_catch_up()
    analysis_request(section_id)
    return snapshot.version if snapshot else None


@shared_task(name="scoring.standings_sweep", acks_late=True, ignore_result=True)
def standings_sweep_task() -> list[int]:
    """Enqueue every stale or lagging section (and note the sweep's time for ``/healthz``);
    returns their ids."""
    lagging = standings_catch_up()
    live.sweep_note()
    return lagging


def sweep_at_worker_start() -> None:
    """A worker started: repair what a worker killed mid-publish left behind, without
    waiting for ``celery beat`` (many installations forget it). The sweep is enqueued now,
    and once more when the lag a sweep waits for has passed, so that a publish cut off in
    the last seconds before the restart is repaired too. Never raises."""
    try:
        standings_sweep_task.delay()
        standings_sweep_task.apply_async(countdown=live.sweep_lag().total_seconds() + 5)
    except Exception:  # noqa: BLE001 - the broker is down: beat or the next start sweeps
        logger.warning("could not enqueue the standings sweep at worker start")


@shared_task(name="scoring.board_set_analyse", acks_late=True, max_retries=2)
def board_set_analyse_task(board_set_id: int) -> int:
    """Store double-dummy tricks on the boards of ``board_set_id``; returns how many. When it
    ends the set may be asked for again: a deal corrected while the solver ran is analysed
    by one more run."""
    from scoring.analysis_jobs import board_set_analyse  # only workers load it (and the solver)

    try:
        stored = board_set_analyse(board_set_id=board_set_id)
    finally:
        _analysis_marker_clear(board_set_id)
    board_set_analysis_enqueue(board_set_id)
    return stored


def _countdown(section_id: int) -> float | None:
    """Seconds a recompute waits before it starts: recomputes of a section start at least
    ``SCORING_RECOMPUTE_COUNTDOWN`` (0.25 s) apart, so a burst gathers behind the running
    one, but a result arriving after a quiet spell is recomputed at once (the wait used to be
    the whole countdown every time: a quarter of a second on every live standings update).
    None: start now."""
    value = getattr(settings, "SCORING_RECOMPUTE_COUNTDOWN", None)
    if value is None:
        value = float(os.environ.get("SCORING_RECOMPUTE_COUNTDOWN", "0.25"))
    if not value:
        return None
    started = live.recompute_started_at(section_id)
    if started is None:
        return None
    wait = started + value - time.time()
    return wait if wait > 0.01 else None


def standings_request(section_id: int) -> None:
    """Enqueue a recompute of ``section_id`` once the current transaction commits."""
    transaction.on_commit(lambda: standings_enqueue(section_id))


def standings_enqueue(section_id: int) -> bool:
    """Send the recompute task unless one is already waiting. Never raises: returns False
    (and marks the section stale) when the cache or the broker cannot be reached."""
    key = live.QUEUED_KEY.format(section_id)
    try:
        if not cache.add(key, 1, timeout=live.QUEUED_TTL):
            return True
        standings_recompute_task.apply_async(args=[section_id], countdown=_countdown(section_id))
    except Exception:  # noqa: BLE001 - whatever the broker raises, the result is saved
        logger.exception("could not enqueue the standings of section %s; marked stale", section_id)
        live.queued_clear(section_id)
        live.section_mark_stale(section_id)
        return False
    return True


def standings_catch_up() -> list[int]:
    """Enqueue every lagging section (see :func:`scoring.live.sections_lagging`); returns
    their ids."""
    lagging = live.sections_lagging()
    for section_id in lagging:
        live.queued_clear(section_id)
        standings_enqueue(section_id)
    return lagging


def _boards_lack_tables(board_set_id: int) -> bool:
    return Board.objects.filter(board_set_id=board_set_id, dd_tricks="").exclude(deal="").exists()


def _analysis_marker_clear(board_set_id: int) -> None:
    try:
        cache.delete(live.ANALYSIS_KEY.format(board_set_id))
    except Exception:  # noqa: BLE001 - the marker expires by itself
        logger.warning("could not clear the analysis marker of board set %s", board_set_id)


def board_set_analysis_enqueue(board_set_id: int) -> bool:
    """Ask a worker for the double-dummy tables of ``board_set_id``, once: not when every
    board with a deal has its table, nor while an analysis of the set is queued or running
    (the marker :data:`scoring.live.ANALYSIS_KEY`, added here atomically and cleared by the
    task when it ends). The dealing (:data:`tournaments.signals.board_set_dealt`), a deal's
    correction and a section's recompute (the safety net) all come through here, so a set
    is analysed once, on the solver's own queue. Not on a site without a worker (eager
    tasks): the solver would run inside the web request or the recompute; there ``manage.py
    boards_analyse`` (or ``demo``) analyses. Never raises."""
    if board_set_analyse_task.app.conf.task_always_eager:
        return False
    key = live.ANALYSIS_KEY.format(board_set_id)
    try:
        if not _boards_lack_tables(board_set_id) or not cache.add(
            key, 1, timeout=live.ANALYSIS_TTL
        ):
            return False
    except Exception:  # noqa: BLE001 - the cache is unreachable: the next recompute asks again
        logger.warning("double-dummy analysis of board set %s not asked for", board_set_id)
        return False
    try:
        board_set_analyse_task.delay(board_set_id)
    except Exception:  # noqa: BLE001 - the broker is unavailable: the next recompute asks again
        logger.warning("double-dummy analysis of board set %s not started", board_set_id)
        _analysis_marker_clear(board_set_id)
        return False
    return True


def analysis_request(section_id: int) -> bool:
    """The safety net of a recompute: ask for the analysis of the section's board set when
    some of its boards still lack their table (:func:`board_set_analysis_enqueue`: once,
    never in the recompute itself)."""
    board_set_id = (
        Section.objects.filter(pk=section_id).values_list("board_set_id", flat=True).first()
    )
    if board_set_id is None:
        return False
    return board_set_analysis_enqueue(board_set_id)


@shared_task(name="scoring.release_emails_send", acks_late=True, ignore_result=True)
def release_emails_send_task(change_id: int) -> list[int]:
    """Write the results-email rows of release ``change_id`` and enqueue each one waiting;
    returns their ids. Running it again sends nothing twice."""
    waiting = release_emails_prepare(change_id=change_id)
    for email_id in waiting:
        release_email_enqueue(email_id)
    return waiting


@shared_task(
    bind=True,
    name="scoring.release_email_deliver",
    acks_late=True,
    ignore_result=True,
    **EMAIL_RETRY,
)
def release_email_deliver_task(self, email_id: int) -> str:
    """Send the results email ``email_id`` if it is still waiting; returns its status."""
    return release_email_deliver(
        email_id=email_id, final_try=self.request.retries >= self.max_retries
    )


def release_emails_enqueue(change_id: int) -> bool:
    """Ask a worker for the results emails of release ``change_id``. Never raises: a broker
    that cannot take the job is logged, and the director can send them later from the
    event's page (the rows make that safe)."""
    try:
        release_emails_send_task.delay(change_id)
    except Exception:  # noqa: BLE001 - the release is saved whatever the broker does
        logger.exception("could not enqueue the results emails of release %s", change_id)
        return False
    return True


def release_email_enqueue(email_id: int) -> bool:
    """Enqueue the sending of one results email. Never raises (on the embedded default the
    task runs here: a failed first try is recorded on its row and waits for "send what is
    waiting")."""
    try:
        release_email_deliver_task.delay(email_id)
    except Exception:  # noqa: BLE001 - recorded on the row; logged here
        logger.warning("results email %s not sent now", email_id, exc_info=True)
        return False
    return True
