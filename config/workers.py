"""``make worker``: the README's default worker layout — two Celery workers, in the foreground.

* ``standings@<host>`` consumes the main queue (``CELERY_TASK_DEFAULT_QUEUE``: standings
  recomputes and sweeps, emails) with Celery's default concurrency (a process per core);
  the arguments before ``--`` go to it.
* ``analysis@<host>`` consumes only the double-dummy solver's queue
  (``TENACE_ANALYSIS_QUEUE``), one process (the solver serialises its calls within a process
  anyway); the arguments after ``--`` go to it.

So an analysis (tens of seconds per board set) never holds a process that a recompute is
waiting for: standings keep up while a new set is analysed. Ctrl-C or SIGTERM stops both
(a warm shutdown; tasks are acknowledged late, so one cut off returns to its queue); when
one worker exits, the other is stopped too.

    python -m config.workers [standings worker options] [-- analysis worker options]
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence


def worker_commands(
    standings_args: Sequence[str] = (), analysis_args: Sequence[str] = ()
) -> list[list[str]]:
    """The two workers' command lines (the layout above)."""
    from django.conf import settings

    celery = [sys.executable, "-m", "celery", "-A", "config", "worker", "-l", "INFO"]
    return [
        [*celery, "-n", "standings@%h", "-Q", settings.CELERY_TASK_DEFAULT_QUEUE, *standings_args],
        [
            *celery,
            "-n",
            "analysis@%h",
            "-Q",
            settings.TENACE_ANALYSIS_QUEUE,
            "--concurrency",
            "1",
            *analysis_args,
        ],
    ]


def _split(argv: Sequence[str]) -> tuple[list[str], list[str]]:
    if "--" in argv:
        at = list(argv).index("--")
        return list(argv[:at]), list(argv[at + 1 :])
    return list(argv), []


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    standings_args, analysis_args = _split(sys.argv[1:] if argv is None else argv)
    # Own sessions: Ctrl-C reaches this process only, which stops each worker once.
    workers = [
        subprocess.Popen(command, start_new_session=True)
        for command in worker_commands(standings_args, analysis_args)
    ]

    def stop(*_args) -> None:
        for worker in workers:
            if worker.poll() is None:
                worker.send_signal(signal.SIGTERM)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    while all(worker.poll() is None for worker in workers):
        time.sleep(0.5)
    stop()
    return max(worker.wait() for worker in workers)


if __name__ == "__main__":
    sys.exit(main())
