"""Schedule pages of a 30-table Mitchell (60 pairs, 15 rounds of 2 boards, relay stand):
the section page, the table cards and the guide cards, rendered through the Django test
client as the organiser, with the number of SQL queries of each.

    .venv/bin/python bench/tournaments_pages.py                  # SQLite (throw-away test DB)
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tenace .venv/bin/python \
        bench/tournaments_pages.py                               # PostgreSQL (test_tenace)

A test database is created and destroyed (the named database is not touched). Each timing
is the median of 10 renders after one warm-up (DEBUG off, plain static storage). Building
the section includes the board set's double-dummy analysis when Celery runs eagerly.
"""

from __future__ import annotations

import datetime as dt
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
os.environ.setdefault("DEBUG", "0")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import (  # noqa: E402
    CaptureQueriesContext,
    setup_test_environment,
    teardown_test_environment,
)
from django.urls import reverse  # noqa: E402

#: ``BENCH_TINY=1``: the smoke run in CI (it starts, works and prints; timings mean nothing).
TINY = os.environ.get("BENCH_TINY") == "1"
TABLES = 4 if TINY else 30
RUNS = 2 if TINY else 10


def section_build():
    """An organiser and a ``TABLES``-table section with its schedule saved."""
    from clubs.models import Club, Member, Membership, Role, User
    from tournaments import schedule, services
    from tournaments.models import Section

    club = Club.objects.create(name="Bench club", slug="bench-club")
    user = User.objects.create_user(username="marta", password="x")
    member = Member.objects.create(name="Marta", user=user)
    Membership.objects.create(
        club=club, member=member, role=Role.ORGANISER, valid_from=dt.date(2020, 1, 1)
    )
    tournament = services.tournament_create(club=club, name="Bench", starts=dt.date(2026, 11, 24))
    section = Section.objects.get(session__tournament=tournament)
    for n in range(2 * TABLES):
        one = Member.objects.create(name=f"Player {2 * n}")
        two = Member.objects.create(name=f"Player {2 * n + 1}")
        for player in (one, two):  # entries come from the club's members
            Membership.objects.create(
                club=club, member=player, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
            )
        services.entry_add(section=section, member1=one, member2=two)
    section.board_set = services.board_set_generate(club=club, count=2 * TABLES, seed="bench")
    section.save()
    schedule.section_generate(section=section, kind="mitchell", boards_per_round=2, option="relay")
    return user, section


def page_time(client: Client, url: str) -> tuple[float, int, int]:
    """Median seconds, queries and bytes of ``url``."""
    client.get(url)
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code
    with CaptureQueriesContext(connection) as ctx:
        size = len(client.get(url).content)
    return statistics.median(times), len(ctx), size


def main() -> None:
    from django.conf import settings

    # No collectstatic here: plain static storage (a manifest is a deployment concern).
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        start = time.perf_counter()
        user, section = section_build()
        print(f"{connection.vendor}: {TABLES} tables built in {time.perf_counter() - start:.2f} s")
        client = Client()
        client.force_login(user)
        for name in ("section", "table_cards", "guide_cards"):
            seconds, queries, size = page_time(
                client, reverse(f"tournaments:{name}", args=[section.pk])
            )
            print(
                f"{name:12s} {seconds * 1000:7.1f} ms  {queries:3d} queries  {size / 1024:6.0f} KiB"
            )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


if __name__ == "__main__":
    main()
