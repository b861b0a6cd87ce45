"""The site's front door: home, health, API schema and docs, login, languages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import OperationalError
from django.urls import reverse

import config

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.django_db
def test_home_page_lists_clubs(client):
    from clubs.models import Club

    Club.objects.create(name="Club de Whist Sevilla", slug="sevilla")
    response = client.get("/")
    assert response.status_code == 200
    assert "Club de Whist Sevilla" in response.content.decode()
    assert 'name="viewport"' in response.content.decode()


@pytest.mark.django_db
def test_healthz_reports_database_broker_and_version(client, settings):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["database"] == "ok"
    assert body["version"] == config.__version__
    expected = "eager" if not settings.REDIS_URL else "ok"
    assert body["broker"] == expected


@pytest.mark.django_db
def test_healthz_answers_503_when_the_database_is_down(client, monkeypatch):
    from django.db import connection

    def broken_cursor(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "cursor", broken_cursor)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"].startswith("down")


@pytest.fixture
def with_a_worker(settings):
    """The site as deployed with Celery workers (not the embedded, eager default)."""
    from django.core.cache import cache

    from scoring import live

    settings.CELERY_TASK_ALWAYS_EAGER = False
    cache.delete(live.SWEPT_KEY)
    yield live
    cache.delete(live.SWEPT_KEY)


@pytest.mark.django_db
def test_healthz_is_ok_after_a_recent_sweep(client, with_a_worker):
    with_a_worker.sweep_note()
    body = client.get("/healthz").json()
    assert body["sweep"]["age_seconds"] <= 1
    if body["broker"] == "ok":
        assert body["status"] == "ok" and "reasons" not in body


@pytest.mark.django_db
def test_healthz_is_degraded_when_the_sweep_is_a_minute_old_or_never_ran(
    client, with_a_worker, monkeypatch
):
    import datetime as dt

    from django.core.cache import cache

    never = client.get("/healthz")
    assert never.status_code == 200  # the site works: standings may lag, nothing is lost
    assert never.json()["status"] == "degraded"
    assert any("no standings sweep recorded" in r for r in never.json()["reasons"])

    old = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=90)
    cache.set(with_a_worker.SWEPT_KEY, old.timestamp(), timeout=None)
    late = client.get("/healthz")
    body = late.json()
    assert late.status_code == 200 and body["status"] == "degraded"
    assert body["sweep"]["age_seconds"] >= 90
    assert any("last ran" in r and "beat" in r for r in body["reasons"])


@pytest.mark.django_db
def test_healthz_needs_no_sweep_on_the_embedded_default(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    body = client.get("/healthz").json()
    assert body["sweep"] == "eager"
    assert not any("sweep" in r for r in body.get("reasons", []))


@pytest.mark.django_db
def test_api_root_schema_and_docs_are_served(client):
    assert client.get("/api/").status_code == 200
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert schema.status_code == 200
    assert json.loads(schema.content)["info"]["title"] == "Tenace API"
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"swagger" in docs.content.lower()


@pytest.mark.django_db
def test_login_page_logs_a_user_in_and_api_knows_them(client, django_user_model):
    django_user_model.objects.create_user(username="marta", password="s3cret-pass")
    page = client.get(reverse("login"))
    assert page.status_code == 200
    response = client.post(reverse("login"), {"username": "marta", "password": "s3cret-pass"})
    assert response.status_code == 302
    me = client.get("/api/me/")
    assert me.status_code == 200
    assert me.json()["username"] == "marta"


@pytest.mark.django_db
def test_api_token_authentication_works(client, django_user_model):
    from clubs.tokens import token_create

    user = django_user_model.objects.create_user(username="jana", password="x-very-long-pass")
    key = token_create(user=user, name="laptop").key
    assert client.get("/api/me/").status_code in (401, 403)
    response = client.get("/api/me/", HTTP_AUTHORIZATION=f"Token {key}")
    assert response.status_code == 200
    assert response.json()["username"] == "jana"


@pytest.mark.django_db
def test_language_switcher_changes_the_page_language(client):
    response = client.post("/i18n/setlang/", {"language": "es", "next": "/"}, follow=True)
    assert response.status_code == 200
    content = response.content.decode()
    assert 'lang="es"' in content
    assert "Iniciar sesión" in content


def test_production_settings_pass_check_deploy(tmp_path):
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": "k" * 20 + "-a-real-looking-secret-value-with-entropy-8f3e9a1c7b",
        "ALLOWED_HOSTS": "tenace.example.org",
        "PATH": "/usr/bin:/bin",
        "TENACE_VAR_DIR": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_settings_refuse_a_missing_secret(tmp_path):
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "ALLOWED_HOSTS": "x.org",
        "PATH": "/usr/bin:/bin",
        "TENACE_VAR_DIR": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_the_redis_cache_reuses_one_client_and_still_works(settings):
    """config.cache.RedisCache: the same redis client for every call; add, get, delete and
    timeouts behave as Django's."""
    if not settings.REDIS_URL:
        pytest.skip("needs REDIS_URL (the embedded default caches in memory)")
    from django.core.cache import cache

    client = cache._cache.get_client(write=True)
    assert cache._cache.get_client(write=True) is client
    key = "tenace-test:cache-client"
    cache.delete(key)
    assert cache.add(key, {"v": 1}, timeout=5)
    assert not cache.add(key, {"v": 2}, timeout=5)
    assert cache.get(key) == {"v": 1}
    assert 0 < client.ttl(cache.make_and_validate_key(key)) <= 5
    cache.delete(key)
    assert cache.get(key) is None


@pytest.mark.django_db
def test_a_message_waits_through_api_calls_and_shows_on_the_next_page(client):
    """config.middleware.LazyMessageMiddleware: the message storage is built only when
    used, so an API call in between neither shows nor drops a waiting message."""
    from clubs.models import Club, Member, Membership, Role, User

    club = Club.objects.create(name="Club", slug="club")
    user = User.objects.create_user(username="sec", password="pw-sec-123")
    member = Member.objects.create(name="Sec", user=user)
    Membership.objects.create(
        club=club, member=member, role=Role.SECRETARY, valid_from="2020-01-01"
    )
    client.force_login(user)
    url = reverse("clubs:member_edit", args=[club.slug, member.pk])
    saved = client.post(url, {"name": "Sec Retary", "email": "", "phone": ""})
    assert saved.status_code == 302
    api = client.get("/api/me/")
    assert api.status_code == 200
    assert "messages" not in api.cookies
    page = client.get(saved["Location"])
    assert "Saved." in page.content.decode()
    again = client.get(saved["Location"])
    assert "Saved." not in again.content.decode()


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgres://u@127.0.0.1:5432/db", "-c plan_cache_mode=force_generic_plan"),
        (
            "postgres://u@127.0.0.1:5432/db?options=-c%20statement_timeout%3D5000",
            "-c statement_timeout=5000 -c plan_cache_mode=force_generic_plan",
        ),
    ],
)
def test_postgresql_connections_plan_prepared_statements_once(tmp_path, url, expected):
    """config/settings/base.py: psycopg may prepare (only scoring.rows.prepared_cursor
    does) and prepared statements keep one plan; server options from DATABASE_URL stay."""
    code = (
        "import django; django.setup(); from django.conf import settings;"
        "o = settings.DATABASES['default']['OPTIONS'];"
        "print(o['prepare_threshold']); print(o['options'])"
    )
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": url,
        "PATH": "/usr/bin:/bin",
        "TENACE_VAR_DIR": str(tmp_path),
    }
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["5", expected]
