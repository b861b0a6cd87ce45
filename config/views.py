"""Site-level pages: the home page and the health check (``/healthz``)."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone

import config
from clubs.models import Club
from scoring import live
from tenace.landing import sessions_directed


def home(request: HttpRequest) -> HttpResponse:
    clubs = Club.objects.order_by("name")
    return render(
        request,
        "home.html",
        {"clubs": clubs, "directing": sessions_directed(request.user)},
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


def _sweep_status() -> tuple[dict | str, str | None]:
    """The last standings sweep (its time and age) and, when it is overdue, why the site is
    degraded. On the embedded default (no worker: every recompute runs in the request) no
    sweep is needed."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "eager", None
    last = live.sweep_last()
    if last is None:
        return {"last": None, "age_seconds": None}, (
            "no standings sweep recorded: start a Celery worker (it sweeps when it starts) "
            "and exactly one `celery -A config beat` (every 30 s)"
        )
    age = max(0, int((timezone.now() - last).total_seconds()))
    sweep = {"last": last.isoformat(), "age_seconds": age}
    if age > live.SWEEP_OVERDUE.total_seconds():
        return sweep, (
            f"the standings sweep last ran {age} s ago: is `celery -A config beat` running, "
            "and a worker?"
        )
    return sweep, None


def healthz(request: HttpRequest) -> JsonResponse:
    """Database, broker (or "eager"), the standings sweep and the version.

    ``status`` is "ok"; "degraded" (HTTP 200: pages and results still work, but standings
    may lag) when the broker is down or the last sweep is older than a minute, with the
    ``reasons``; "error" (HTTP 503: take the node out) when the database is down."""
    database = _database_status()
    broker = _broker_status()
    sweep, sweep_reason = _sweep_status() if database == "ok" else ("unknown", None)
    reasons = []
    if database != "ok":
        reasons.append(f"database {database}")
    if broker.startswith("down"):
        reasons.append(f"broker {broker}: results are saved, standings wait for it")
    if sweep_reason:
        reasons.append(sweep_reason)
    status = "error" if database != "ok" else ("degraded" if reasons else "ok")
    body = {
        "status": status,
        "database": database,
        "broker": broker,
        "sweep": sweep,
        "version": config.__version__,
    }
    if reasons:
        body["reasons"] = reasons
    return JsonResponse(body, status=503 if status == "error" else 200)
