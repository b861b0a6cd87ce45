"""Live standings: coalesced recomputes, the Redis-down path, atomic snapshots, the
version and event-stream endpoints, the rebuild command, and no solver in the web process."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import DatabaseError

from scoring import live, tasks
from scoring.checks import ResultInput
from scoring.models import Result, SectionScoring, StandingsSnapshot
from scoring.services import result_record
from scoring.standings import standings_publish
from tests.scoring.factories import mitchell_section

ROOT = Path(__file__).resolve().parents[2]


def _record(scheduled, round_, table, board, tricks):
    play = scheduled.play(round_, table, board)
    return result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=tricks), by=None)


@pytest.fixture(autouse=True)
def _forget_live_keys():
    """Section ids restart in each test database: forget this app's cache keys (only them,
    never the whole cache, which may be the broker's Redis)."""

    def forget():
        keys = [
            k.format(n)
            for k in (live.QUEUED_KEY, live.PUBLISHED_KEY, live.STARTED_KEY)
            for n in range(1, 200)
        ]
        cache.delete_many(keys)

    forget()
    yield
    forget()


@pytest.mark.django_db
def test_a_burst_waiting_for_one_task_gives_one_recompute_that_reads_every_result(monkeypatch):
    """While a recompute is queued (not started), further results enqueue nothing; the
    queued task, when it runs, reads them all."""
    scheduled = mitchell_section(tables=3)
    sent = []
    monkeypatch.setattr(
        tasks.standings_recompute_task, "apply_async", lambda args, **kw: sent.append(args[0])
    )
    for table in (1, 2, 3):
        _record(scheduled, 1, table, scheduled.boards_at(1, table)[0], 7)
        tasks.standings_enqueue(scheduled.section.pk)
    assert sent == [scheduled.section.pk]
    version = tasks.standings_recompute_task.run(scheduled.section.pk)
    snapshot = StandingsSnapshot.objects.get(section=scheduled.section)
    assert snapshot.version == version == 3
    assert snapshot.data["results"] == 3
    # The task cleared the queued marker before reading: the next result enqueues again.
    _record(scheduled, 2, 1, scheduled.boards_at(2, 1)[0], 7)
    tasks.standings_enqueue(scheduled.section.pk)
    assert sent == [scheduled.section.pk, scheduled.section.pk]


@pytest.mark.django_db
def test_the_last_snapshot_reflects_the_last_result(django_capture_on_commit_callbacks):
    scheduled = mitchell_section(tables=3)
    with django_capture_on_commit_callbacks(execute=True):
        for round_ in (1, 2, 3):
            for table in (1, 2, 3):
                for board in scheduled.boards_at(round_, table):
                    _record(scheduled, round_, table, board, (board + table) % 14)
    state = SectionScoring.objects.get(section=scheduled.section)
    latest = StandingsSnapshot.objects.filter(section=scheduled.section).order_by("-version")[0]
    assert live.data_version(scheduled.section.pk) == state.published_version == latest.version
    assert latest.version == 18
    assert latest.data["results"] == Result.objects.count() == 18


@pytest.mark.django_db
def test_with_redis_down_results_are_saved_and_the_section_marked_stale_then_caught_up(
    monkeypatch, django_capture_on_commit_callbacks
):
    scheduled = mitchell_section(tables=3)

    def down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(cache, "add", down)
    with django_capture_on_commit_callbacks(execute=True):
        result = _record(scheduled, 1, 1, 1, 9)
    assert Result.objects.filter(pk=result.pk).exists()
    state = SectionScoring.objects.get(section=scheduled.section)
    assert state.stale and state.published_version == 0
    assert not StandingsSnapshot.objects.exists()
    monkeypatch.undo()
    # Redis is back: the periodic sweep (or the end of any recompute) catches up.
    assert tasks.standings_sweep_task.run() == [scheduled.section.pk]
    state.refresh_from_db()
    assert not state.stale and state.published_version == live.data_version(state.section_id) == 1
    assert StandingsSnapshot.objects.get(section=scheduled.section).data["results"] == 1


@pytest.mark.django_db
def test_a_recompute_that_dies_writing_leaves_no_snapshot_and_the_next_run_repairs(monkeypatch):
    scheduled = mitchell_section(tables=3)
    _record(scheduled, 1, 1, 1, 9)

    def crash(*args, **kwargs):
        raise DatabaseError("server closed the connection unexpectedly")

    monkeypatch.setattr(StandingsSnapshot.objects, "update_or_create", crash)
    with pytest.raises(DatabaseError):
        standings_publish(section_id=scheduled.section.pk)
    state = SectionScoring.objects.get(section=scheduled.section)
    assert (state.published_version, StandingsSnapshot.objects.count()) == (0, 0)
    monkeypatch.undo()
    snapshot = standings_publish(section_id=scheduled.section.pk)
    assert snapshot.version == 1 and snapshot.data["results"] == 1


@pytest.mark.django_db
def test_an_older_run_never_overwrites_a_newer_snapshot():
    scheduled = mitchell_section(tables=3)
    _record(scheduled, 1, 1, 1, 9)
    _record(scheduled, 1, 2, 3, 9)
    assert standings_publish(section_id=scheduled.section.pk).version == 2
    # A newer run has published version 3 meanwhile: this run's version 2 is older.
    SectionScoring.objects.filter(section=scheduled.section).update(published_version=3)
    assert standings_publish(section_id=scheduled.section.pk) is None
    assert SectionScoring.objects.get(section=scheduled.section).published_version == 3
    assert StandingsSnapshot.objects.filter(section=scheduled.section).count() == 1


@pytest.mark.django_db
def test_standings_rebuild_recomputes_every_section_from_the_database():
    first, second = mitchell_section(tables=3), mitchell_section(tables=3)
    _record(first, 1, 1, 1, 9)
    _record(second, 1, 1, 1, 4)
    out = io.StringIO()
    call_command("standings_rebuild", stdout=out)
    assert "2 section(s) rebuilt" in out.getvalue()
    for scheduled in (first, second):
        snapshot = StandingsSnapshot.objects.get(section=scheduled.section)
        assert snapshot.data["results"] == 1


@pytest.mark.django_db
def test_version_endpoint_answers_304_while_nothing_changed(client, secretary, club):
    scheduled = mitchell_section(tables=3, club=club, released=True)
    _record(scheduled, 1, 1, 1, 9)
    standings_publish(section_id=scheduled.section.pk)
    url = f"/results/sections/{scheduled.section.pk}/standings/version/"
    first = client.get(url)
    assert first.json() == {"version": 1}
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    _record(scheduled, 1, 2, 3, 9)
    standings_publish(section_id=scheduled.section.pk)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).json() == {"version": 2}


@pytest.mark.django_db
def test_event_stream_sends_the_published_version(client):
    scheduled = mitchell_section(tables=3, released=True)
    _record(scheduled, 1, 1, 1, 9)
    standings_publish(section_id=scheduled.section.pk)
    response = client.get(f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds=0")
    assert response["Content-Type"] == "text/event-stream"
    body = b"".join(response.streaming_content).decode()
    assert "event: version\ndata: 1\n\n" in body


@pytest.mark.django_db
def test_live_endpoints_are_held_back_until_release(client):
    scheduled = mitchell_section(tables=3)
    base = f"/results/sections/{scheduled.section.pk}/standings/"
    for suffix in ("", "version/", "stream/", "fragment/"):
        assert client.get(base + suffix).status_code == 403


def test_web_process_never_imports_the_solver():
    """Load the WSGI application and render the scoring pages: endplay stays unloaded."""
    script = (
        "import os, sys\n"
        "os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings.test'\n"
        "from django.core.wsgi import get_wsgi_application\n"
        "get_wsgi_application()\n"
        "import scoring.views, scoring.views_entry, scoring.api.views, scoring.services\n"
        "import scoring.tasks, config.urls\n"
        "from django.urls import resolve; resolve('/results/sections/1/standings/')\n"
        "print('endplay' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


@pytest.mark.django_db
def test_event_streams_beyond_the_process_share_are_told_to_poll(client):
    from scoring import views

    scheduled = mitchell_section(tables=3, released=True)
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds=0"
    held = 0
    while views._streams.acquire(blocking=False):
        held += 1
    try:
        assert client.get(url).status_code == 204
    finally:
        for _ in range(held):
            views._streams.release()
    response = client.get(url)
    assert response.status_code == 200
    b"".join(response.streaming_content)  # the stream ends and gives its place back
    for _ in range(views.STREAMS_PER_PROCESS):  # a client gone before the first byte, too
        assert views._streams.acquire(blocking=False)
        views._Stream(views._events(scheduled.section.pk, 0)).close()
    assert views._streams.acquire(blocking=False)
    views._streams.release()


@pytest.mark.django_db
def test_standings_snapshots_are_compressed_with_lz4_on_postgresql():
    """Migration 0002: snapshots are written with LZ4 where the server has it."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL column setting (set DATABASE_URL)")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'"
        )
        if not cursor.fetchone()[0]:
            pytest.skip("this PostgreSQL was built without LZ4")
        cursor.execute(
            "SELECT attcompression FROM pg_attribute WHERE attname = 'data'"
            " AND attrelid = 'scoring_standingssnapshot'::regclass"
        )
        assert cursor.fetchone()[0] == "l"


@pytest.mark.django_db
def test_recomputes_start_a_countdown_apart_and_at_once_after_a_quiet_spell(monkeypatch):
    """The first result of a quiet spell is recomputed at once; one arriving while the last
    recompute started less than the countdown ago waits for the rest of it."""
    import time

    scheduled = mitchell_section(tables=3)
    section_id = scheduled.section.pk
    sent = []
    monkeypatch.setattr(
        tasks.standings_recompute_task,
        "apply_async",
        lambda args, countdown=None, **kw: sent.append(countdown),
    )
    monkeypatch.setattr(tasks.settings, "SCORING_RECOMPUTE_COUNTDOWN", 0.25, raising=False)
    assert tasks.standings_enqueue(section_id)
    live.queued_clear(section_id)
    live.recompute_started(section_id)  # what the task does first
    assert tasks.standings_enqueue(section_id)
    live.queued_clear(section_id)
    cache.set(live.STARTED_KEY.format(section_id), time.time() - 1, timeout=60)
    assert tasks.standings_enqueue(section_id)
    assert sent[0] is None and 0.1 < sent[1] <= 0.25 and sent[2] is None
