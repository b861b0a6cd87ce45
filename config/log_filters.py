"""Logging filters of the site (wired in ``config.settings.base.LOGGING``)."""

from __future__ import annotations

import logging


class RefusalWithoutTraceback(logging.Filter):
    """An ordinary refusal (403 Forbidden, 404 Not Found) is one line in the log, not a
    traceback: Django logs the exception behind a ``PermissionDenied`` or ``Http404`` with
    its stack, which buries the requests a terminal shows. Server errors keep theirs."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) in (403, 404):
            record.exc_info = None
            record.exc_text = None
        return True
