"""Tenace's project configuration: settings, URLs, the Celery app and the API router."""

from config.celery_app import app as celery_app

__all__ = ["celery_app"]
__version__ = "0.1.0"
