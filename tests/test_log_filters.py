"""An ordinary refusal is one line in the terminal, not a traceback; a server error keeps
its traceback."""

from __future__ import annotations

import logging

import pytest

from config.log_filters import RefusalWithoutTraceback


def _record(status: int) -> logging.LogRecord:
    try:
        raise PermissionError("refused")
    except PermissionError:
        import sys

        record = logging.LogRecord(
            "django.request",
            logging.WARNING,
            __file__,
            1,
            "Forbidden: %s",
            ("/x/",),
            sys.exc_info(),
        )
    record.status_code = status
    return record


@pytest.mark.parametrize(("status", "traceback"), [(403, False), (404, False), (500, True)])
def test_refusals_lose_their_traceback_server_errors_keep_it(status, traceback):
    record = _record(status)
    assert RefusalWithoutTraceback().filter(record) is True
    assert (record.exc_info is not None) is traceback


def test_the_console_handler_filters_refusals():
    """Through the wired settings: the console handler carries the filter."""
    from django.conf import settings

    assert "refusal_without_traceback" in settings.LOGGING["handlers"]["console"]["filters"]
