"""*Analyse now* on a board set's hand records page (issue #23): a director asks for the
double-dummy tables of the boards that lack them.

With a worker the request goes the usual way (:func:`scoring.tasks.board_set_analysis_enqueue`,
once per set). On the embedded default (no worker: tasks run eagerly) the solver must not
run inside the web request, so ``manage.py boards_analyse --board-set ID`` is started as a
process of its own, in the background; the page shows how many boards have their table and
reloads itself until every one has. A second press within :data:`START_GAP` seconds starts
nothing more.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from enum import StrEnum

from django.conf import settings
from django.core.cache import cache

from scoring import tasks
from tournaments.models import Board

logger = logging.getLogger(__name__)

#: The cache key of a background analysis started from the page, and how long it blocks another.
STARTED_KEY = "scoring:analyse-now:{}"
START_GAP = 60


class Started(StrEnum):
    WORKER = "worker"  # asked of the worker
    BACKGROUND = "background"  # a process of its own, on a site without a worker
    ALREADY = "already"  # started a moment ago, or already asked of the worker
    NOTHING = "nothing"  # every board with a deal has its table
    FAILED = "failed"  # the process could not start


def boards_missing_tables(board_set_id: int) -> int:
    return Board.objects.filter(board_set_id=board_set_id, dd_tricks="").exclude(deal="").count()


def _command(board_set_id: int) -> list[str]:
    return [sys.executable, "-m", "django", "boards_analyse", "--board-set", str(board_set_id)]


def _start_process(board_set_id: int) -> bool:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": settings.SETTINGS_MODULE}
    root = str(settings.BASE_DIR)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH", "")]))
    try:
        subprocess.Popen(  # noqa: S603 - our own interpreter and command, an integer argument
            _command(board_set_id),
            cwd=root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError:
        logger.exception("could not start the analysis of board set %s", board_set_id)
        return False
    return True


def board_set_analyse_now(*, board_set_id: int) -> Started:
    """Start the analysis of the boards of ``board_set_id`` that lack their table (the
    module's contract); says what was done."""
    if not boards_missing_tables(board_set_id):
        return Started.NOTHING
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        return Started.WORKER if tasks.board_set_analysis_enqueue(board_set_id) else Started.ALREADY
    if not cache.add(STARTED_KEY.format(board_set_id), 1, timeout=START_GAP):
        return Started.ALREADY
    if not _start_process(board_set_id):
        cache.delete(STARTED_KEY.format(board_set_id))
        return Started.FAILED
    return Started.BACKGROUND
