"""Site-level pages: the home page and the health check."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

import config
from clubs.models import Club
from tenace.control import sessions_to_direct


def home(request: HttpRequest) -> HttpResponse:
    clubs = Club.objects.order_by("name")
    return render(
        request,
        "home.html",
        {"clubs": clubs, "directing": sessions_to_direct(request.user)},
    )


def _database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # noqa: BLE001 - any failure means "down"
        return f"down: {type(error).__name__}"
    return "ok"


def _broker_status() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER and not settings.REDIS_URL:
        return "eager"
    try:
        import redis

        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1
        )
        client.ping()
    except Exception as error:  # noqa: BLE001
        return f"down: {type(error).__name__}"
    return "ok"


def healthz(request: HttpRequest) -> JsonResponse:
    """Database, broker (or "eager") and version; 503 when the database is down."""
    database = _database_status()
    broker = _broker_status()
    body = {
        "status": "ok" if database == "ok" else "error",
        "database": database,
        "broker": broker,
        "version": config.__version__,
    }
    return JsonResponse(body, status=200 if database == "ok" else 503)
