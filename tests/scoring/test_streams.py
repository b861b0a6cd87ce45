"""The live standings' event stream under ASGI (scoring.streams): a new snapshot reaches an
open stream through Redis pub/sub, or through the embedded fallback; bad parameters are
refused before anything is held; the queries a page's refresh costs."""

from __future__ import annotations

import asyncio
import os

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient, override_settings

from scoring import live, streams, views
from scoring.standings import standings_publish
from tests.scoring.factories import club_make, mitchell_section, person_make
from tests.scoring.live_world import chunks, live_keys_forget, record

REDIS_URL = os.environ.get("REDIS_URL", "")


@pytest.fixture(autouse=True)
def _forget_live_keys():
    live_keys_forget()
    yield
    live_keys_forget()


_record = record


_chunks = chunks


async def _hubs_stop() -> None:
    listening = streams._hubs.get(asyncio.get_running_loop())
    if listening is not None and listening.task is not None:
        listening.task.cancel()
        await asyncio.gather(listening.task, return_exceptions=True)


@pytest.mark.django_db
@override_settings(REDIS_URL="")
def test_asgi_stream_sends_a_new_snapshot_without_redis():
    """The embedded default: the stream looks at the published version (local cache)."""
    scheduled = mitchell_section(tables=3, released=True)
    _record(scheduled, 1, 1, 1, 9)
    standings_publish(section_id=scheduled.section.pk)
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds=5"

    async def scenario():
        response = await AsyncClient().get(url)
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        assert await _chunks(response, 2) == ["retry: 1000\n\n", "event: version\ndata: 1\n\n"]
        await sync_to_async(_record)(scheduled, 1, 2, 3, 9)
        await sync_to_async(standings_publish)(section_id=scheduled.section.pk)
        assert await _chunks(response, 1) == ["event: version\ndata: 2\n\n"]
        await response.streaming_content.aclose()

    async_to_sync(scenario)()


@pytest.mark.django_db
@pytest.mark.skipif(not REDIS_URL, reason="needs REDIS_URL (a Redis server for pub/sub)")
@override_settings(REDIS_URL=REDIS_URL)
def test_asgi_stream_hears_a_new_snapshot_through_redis_pub_sub():
    scheduled = mitchell_section(tables=3, released=True)
    _record(scheduled, 1, 1, 1, 9)
    standings_publish(section_id=scheduled.section.pk)
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds=10"

    async def scenario():
        try:
            response = await AsyncClient().get(url)
            assert await _chunks(response, 2) == [
                "retry: 1000\n\n",
                "event: version\ndata: 1\n\n",
            ]
            # What the worker does after writing a snapshot: one publication.
            await sync_to_async(_record)(scheduled, 1, 2, 3, 9)
            await sync_to_async(standings_publish)(section_id=scheduled.section.pk)
            assert await _chunks(response, 1) == ["event: version\ndata: 2\n\n"]
            listening = streams._hubs[asyncio.get_running_loop()]
            assert listening.versions[scheduled.section.pk] == 2
            # Heard from Redis, not read: a publication alone (cache untouched) reaches it.
            await sync_to_async(live._redis().publish)(
                live.standings_channel(), f"{scheduled.section.pk}:7"
            )
            assert await _chunks(response, 1) == ["event: version\ndata: 7\n\n"]
            await response.streaming_content.aclose()
        finally:
            await _hubs_stop()

    async_to_sync(scenario)()


@pytest.mark.django_db
@pytest.mark.parametrize("seconds", ["x", "-1", "1.5", "²"])
def test_bad_stream_parameters_are_refused_before_a_stream_is_held(client, seconds):
    scheduled = mitchell_section(tables=3, released=True)
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds={seconds}"
    held = 0
    while views._streams.acquire(blocking=False):  # every WSGI slot taken: still a 400
        held += 1
    try:
        assert client.get(url).status_code == 400
    finally:
        for _ in range(held):
            views._streams.release()
    assert held == views.STREAMS_PER_PROCESS  # none was lost to the bad requests

    async def under_asgi():
        return (await AsyncClient().get(url)).status_code

    assert async_to_sync(under_asgi)() == 400


@pytest.mark.django_db
def test_asgi_stream_of_held_back_standings_is_refused():
    scheduled = mitchell_section(tables=3)

    async def under_asgi():
        url = f"/results/sections/{scheduled.section.pk}/standings/stream/"
        return (await AsyncClient().get(url)).status_code

    assert async_to_sync(under_asgi)() == 403


def test_pub_sub_messages_are_parsed_strictly():
    assert streams.message_parse(b"12:34") == (12, 34)
    for bad in (b"", b"12", b"x:1", b"1:-2", "1:2:3"):
        assert streams.message_parse(bad) is None


@pytest.mark.django_db
def test_a_pages_refresh_costs_the_same_queries_for_3_and_12_tables(
    client, django_assert_num_queries
):
    """The fragment the page fetches on each new version: rendered once per version and
    language (the section and the snapshot: 2 queries, whatever the section's size), then
    from the cache (the section only); the stream's start costs one query (the section)."""
    for tables in (3, 12):
        scheduled = mitchell_section(tables=tables, released=True)
        _record(scheduled, 1, 1, 1, 9)
        standings_publish(section_id=scheduled.section.pk)
        base = f"/results/sections/{scheduled.section.pk}/standings/"
        client.get(f"/results/sections/{scheduled.section.pk}/standings/version/")
        with django_assert_num_queries(2):
            first = client.get(base + "fragment/")
        with django_assert_num_queries(1):
            again = client.get(base + "fragment/")
        assert first.content == again.content and b'data-version="1"' in first.content
        with django_assert_num_queries(1):
            response = client.get(base + "stream/?seconds=0")
            assert b"data: 1" in b"".join(response.streaming_content)


@pytest.mark.django_db
def test_the_cached_fragment_follows_the_new_version_and_the_language(client):
    scheduled = mitchell_section(tables=3, released=True)
    _record(scheduled, 1, 1, 1, 9)
    standings_publish(section_id=scheduled.section.pk)
    url = f"/results/sections/{scheduled.section.pk}/standings/fragment/"
    assert b'data-version="1"' in client.get(url).content
    _record(scheduled, 1, 2, 3, 9)
    standings_publish(section_id=scheduled.section.pk)
    assert b'data-version="2"' in client.get(url).content
    english = client.get(url).content.decode()
    spanish = client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "50.00" in english and "50,00" in spanish  # each language's own rendering


@pytest.mark.django_db
def test_a_players_own_row_is_marked_on_their_page_alone(client):
    """The table the streams carry and the fragment answers is the same for every reader:
    it never marks anyone's row; the reader's own page lists their pairs for its script to
    mark (and marks them itself, server-side, on the first load)."""
    club = club_make()
    user, member = person_make(club)
    _other_user, partner = person_make(club)
    scheduled = mitchell_section(tables=3, released=True, club=club, members={1: (member, partner)})
    _record(scheduled, 1, 1, 1, 9)
    standings_publish(section_id=scheduled.section.pk)
    base = f"/results/sections/{scheduled.section.pk}/standings/"
    mine = scheduled.section.entries.get(number=1).pk
    client.force_login(user)
    page = client.get(base).content.decode()
    assert f'data-live-mine="{mine}"' in page and page.count('class="you"') == 1
    fragment = client.get(base + "fragment/").content.decode()
    assert f'<tr data-entry="{mine}">' in fragment and 'class="you"' not in fragment
    client.logout()
    page = client.get(base).content.decode()
    assert 'data-live-mine=""' in page and 'class="you"' not in page
    assert client.get(base + "fragment/").content.decode() == fragment


@pytest.mark.django_db
@override_settings(REDIS_URL="")
def test_asgi_streams_take_no_wsgi_slot():
    """Under ASGI a stream holds no thread: with every WSGI slot taken it still opens."""
    scheduled = mitchell_section(tables=3, released=True)
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds=0"
    held = 0
    while views._streams.acquire(blocking=False):
        held += 1

    async def under_asgi():
        response = await AsyncClient().get(url)
        return response.status_code, [chunk async for chunk in response.streaming_content]

    try:
        status, chunks = async_to_sync(under_asgi)()
    finally:
        for _ in range(held):
            views._streams.release()
    assert status == 200 and b"event: version\ndata: 0\n\n" in chunks
