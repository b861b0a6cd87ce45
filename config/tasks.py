"""Site-wide tasks."""

from celery import shared_task

import config


@shared_task(name="tenace.ping")
def ping(value: str) -> dict[str, str]:
    """Answer with ``value`` and the version: proves a round trip through the broker."""
    return {"pong": value, "version": config.__version__}
