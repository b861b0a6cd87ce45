"""The Celery app, wired the standard way: settings from ``CELERY_*``, tasks autodiscovered
from each app's ``tasks.py``. Start a worker with ``make worker``."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("tenace")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(["config"])
