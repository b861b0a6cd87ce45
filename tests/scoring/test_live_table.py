"""The standings table carried in the stream (scoring.live_table, scoring.streams): rendered
once per version and language for every reader, sent as an ``event: table`` whose id is the
version; a reconnecting page is not sent the table it shows; a stream stops carrying it when
the reader may no longer see the standings; the polling fallback's ETag."""

from __future__ import annotations

import asyncio
import gzip
import os
import zlib

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.db import connection
from django.test import AsyncClient, override_settings
from django.test.utils import CaptureQueriesContext

from scoring import streams
from scoring.standings import standings_publish
from tests.scoring.factories import mitchell_section
from tests.scoring.live_world import chunks, live_keys_forget, record
from tournaments.models import Tournament

REDIS_URL = os.environ.get("REDIS_URL", "")


@pytest.fixture(autouse=True)
def _forget_live_keys():
    live_keys_forget()
    yield
    live_keys_forget()


_record = record


_chunks = chunks


def _table_data(chunk: str) -> tuple[str, str]:
    """(id, HTML) of an ``event: table`` chunk, as a browser reads it."""
    lines = chunk.rstrip("\n").split("\n")
    assert lines[1] == "event: table"
    html = "\n".join(line.removeprefix("data: ") for line in lines[2:])
    return lines[0].removeprefix("id: "), html


def test_a_table_event_keeps_every_line_of_the_html():
    event = streams.table_event(4, "<p>\n  a\r\nb</p>\n").decode()
    assert event == "id: 4\nevent: table\ndata: <p>\ndata:   a\ndata: b</p>\ndata: \n\n"
    assert _table_data(event) == ("4", "<p>\n  a\nb</p>\n")


@pytest.mark.django_db
@override_settings(REDIS_URL="")
def test_a_stream_carries_the_table_in_the_readers_language():
    scheduled = mitchell_section(tables=3, released=True)
    _record(scheduled, 1, 1, 1, 9)
    standings_publish(section_id=scheduled.section.pk)
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds=5&table=1"

    async def scenario():
        response = await AsyncClient().get(url, headers={"Accept-Language": "es"})
        retry, first = await _chunks(response, 2)
        assert retry == "retry: 1000\n\n"
        version, html = _table_data(first)
        assert version == "1" and 'data-version="1"' in html and "Pareja" in html
        await sync_to_async(_record)(scheduled, 1, 2, 3, 9)
        await sync_to_async(standings_publish)(section_id=scheduled.section.pk)
        version, html = _table_data((await _chunks(response, 1))[0])
        assert version == "2" and 'data-version="2"' in html and "50,00" in html
        await response.streaming_content.aclose()

    async_to_sync(scenario)()


@pytest.mark.django_db
@override_settings(REDIS_URL="")
def test_a_reconnecting_page_is_not_sent_the_table_it_shows():
    """The browser's Last-Event-ID (the version shown): the next chunk is the next table."""
    scheduled = mitchell_section(tables=3, released=True)
    _record(scheduled, 1, 1, 1, 9)
    standings_publish(section_id=scheduled.section.pk)
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds=5&table=1"

    async def scenario():
        response = await AsyncClient().get(url, headers={"Last-Event-ID": "1"})
        assert await _chunks(response, 1) == ["retry: 1000\n\n"]
        await sync_to_async(_record)(scheduled, 1, 2, 3, 9)
        await sync_to_async(standings_publish)(section_id=scheduled.section.pk)
        assert _table_data((await _chunks(response, 1))[0])[0] == "2"
        await response.streaming_content.aclose()

    async_to_sync(scenario)()


@pytest.mark.django_db
@override_settings(REDIS_URL="")
def test_an_open_stream_stops_when_the_standings_are_held_back(monkeypatch):
    """The standings pages' own check is asked again before a table goes out: standings
    held back while a page streams reach it no more (the stream ends)."""
    monkeypatch.setattr(streams, "RECHECK", 0.0)
    scheduled = mitchell_section(tables=3, released=True)
    _record(scheduled, 1, 1, 1, 9)
    standings_publish(section_id=scheduled.section.pk)
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds=5&table=1"

    def hold_back_and_publish():
        Tournament.objects.filter(pk=scheduled.section.session.tournament_id).update(
            status="finished"
        )
        _record(scheduled, 1, 2, 3, 9)
        standings_publish(section_id=scheduled.section.pk)

    async def scenario():
        response = await AsyncClient().get(url)
        assert _table_data((await _chunks(response, 2))[1])[0] == "1"
        await sync_to_async(hold_back_and_publish)()
        rest = [chunk async for chunk in response.streaming_content]
        assert rest == []

    async_to_sync(scenario)()


@pytest.mark.django_db
@override_settings(REDIS_URL="")
def test_the_table_is_rendered_once_for_every_reader(client):
    """One reader's request renders it; another's stream and fragment read it (no snapshot
    read); both receive the same HTML."""
    scheduled = mitchell_section(tables=3, released=True)
    _record(scheduled, 1, 1, 1, 9)
    standings_publish(section_id=scheduled.section.pk)
    base = f"/results/sections/{scheduled.section.pk}/standings/"
    fragment = client.get(base + "fragment/").content.decode()

    async def stream():
        response = await AsyncClient().get(base + "stream/?seconds=0&table=1")
        return [chunk async for chunk in response.streaming_content]

    with CaptureQueriesContext(connection) as queries:
        chunks = async_to_sync(stream)()
        again = client.get(base + "fragment/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert not [q for q in queries.captured_queries if "standingssnapshot" in q["sql"]]
    assert _table_data(chunks[1].decode()) == ("1", fragment) and again == fragment


@pytest.mark.django_db
def test_the_polling_fallback_is_told_not_modified_until_a_new_version(client):
    scheduled = mitchell_section(tables=3, released=True)
    _record(scheduled, 1, 1, 1, 9)
    standings_publish(section_id=scheduled.section.pk)
    url = f"/results/sections/{scheduled.section.pk}/standings/fragment/"
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"] == '"t1-en"'
    assert client.get(url, HTTP_IF_NONE_MATCH='"t1-en"').status_code == 304
    assert (
        client.get(url, HTTP_IF_NONE_MATCH='"t1-en"', HTTP_ACCEPT_LANGUAGE="cs").status_code == 200
    )
    _record(scheduled, 1, 2, 3, 9)
    standings_publish(section_id=scheduled.section.pk)
    second = client.get(url, HTTP_IF_NONE_MATCH='"t1-en"')
    assert second.status_code == 200 and b'data-version="2"' in second.content


@pytest.mark.django_db
def test_a_held_back_table_is_refused_even_to_a_page_holding_its_etag(client):
    scheduled = mitchell_section(tables=3)
    url = f"/results/sections/{scheduled.section.pk}/standings/fragment/"
    assert client.get(url, HTTP_IF_NONE_MATCH='"t0-en"').status_code == 403


@pytest.mark.django_db
@pytest.mark.parametrize("table", ["2", "x", "-1"])
def test_a_bad_table_parameter_is_refused(client, table):
    scheduled = mitchell_section(tables=3, released=True)
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?table={table}"
    assert client.get(url).status_code == 400


@pytest.mark.django_db
@pytest.mark.skipif(not REDIS_URL, reason="needs REDIS_URL (a Redis server for pub/sub)")
@override_settings(REDIS_URL=REDIS_URL)
def test_a_table_reaches_two_open_pages_through_redis_pub_sub():
    scheduled = mitchell_section(tables=3, released=True)
    _record(scheduled, 1, 1, 1, 9)
    standings_publish(section_id=scheduled.section.pk)
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds=10&table=1"

    async def scenario():
        try:
            pages = [await AsyncClient().get(url) for _ in range(2)]
            for page in pages:
                assert _table_data((await _chunks(page, 2))[1])[0] == "1"
            await sync_to_async(_record)(scheduled, 1, 2, 3, 9)
            await sync_to_async(standings_publish)(section_id=scheduled.section.pk)
            got = [(await _chunks(page, 1))[0] for page in pages]
            assert got[0] == got[1] and _table_data(got[0])[0] == "2"
            for page in pages:
                await page.streaming_content.aclose()
        finally:
            listening = streams._hubs.get(asyncio.get_running_loop())
            if listening is not None and listening.task is not None:
                listening.task.cancel()
                await asyncio.gather(listening.task, return_exceptions=True)

    async_to_sync(scenario)()


def test_tables_compressed_once_join_into_one_gzip_stream():
    """Each table is deflated once (no history, a sync flush); any sequence of them between
    the header and the end is one valid gzip stream, each decoded as soon as it arrives."""
    tables = [streams.table_event(n, f"<p data-version='{n}'>{'row ' * 500}</p>") for n in (1, 2)]
    parts = [streams.GZIP_HEADER] + [streams.deflated(t) for t in tables]
    reading = zlib.decompressobj(31)
    assert [reading.decompress(part) for part in parts] == [b"", *tables]
    crc = zlib.crc32(tables[1], zlib.crc32(tables[0]))
    whole = b"".join(parts) + streams.gzip_end(crc, len(tables[0]) + len(tables[1]))
    assert gzip.decompress(whole) == b"".join(tables)
    assert len(parts[1]) < len(tables[0]) // 10


@pytest.mark.django_db
@override_settings(REDIS_URL="")
def test_a_stream_is_gzipped_for_a_browser_that_accepts_it():
    scheduled = mitchell_section(tables=3, released=True)
    _record(scheduled, 1, 1, 1, 9)
    standings_publish(section_id=scheduled.section.pk)
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds=0&table=1"

    async def stream(headers):
        response = await AsyncClient().get(url, headers=headers)
        return response, b"".join([chunk async for chunk in response.streaming_content])

    plain_response, plain = async_to_sync(stream)({})
    response, body = async_to_sync(stream)({"Accept-Encoding": "br, gzip;q=0.8"})
    assert response["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain_response
    assert gzip.decompress(body) == plain and b'data-version="1"' in plain
    _response, refused = async_to_sync(stream)({"Accept-Encoding": "gzip;q=0"})
    assert refused == plain
