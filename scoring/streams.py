"""Live standings' event streams under ASGI: a coroutine per open page, one Redis
subscription per web process.

* **One publication per snapshot.** When a snapshot is written, :func:`scoring.live.
  published_version_note` publishes ``"<section>:<version>"`` once on :func:`scoring.live.standings_channel` (Redis
  pub/sub; the standings worker does it, whichever process it runs in).
* **Fan-out.** Each web process (each event loop) has one :class:`Hub`: one subscription,
  started by the first stream, that wakes the streams of the section a message names. An open
  page costs a coroutine and a socket, no thread and no database query while it waits.
* **Without Redis** (the embedded default: tasks run in the web process, the cache is local
  memory) a stream looks at the published version every :data:`POLL_TICK` seconds instead.

Under WSGI the stream view keeps its synchronous generator (:mod:`scoring.views`): a WSGI
server cannot hold a thousand open pages, so there each process serves a few and tells the
others to poll.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import struct
import weakref
import zlib
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection

from scoring import live, live_table

logger = logging.getLogger(__name__)

#: Seconds between two looks at the published version when there is no Redis.
POLL_TICK = 0.2
#: A comment line this often keeps proxies from closing a quiet stream.
KEEPALIVE = 15.0
#: Seconds before the hub tries to subscribe again after losing Redis.
RECONNECT_DELAY = 1.0
#: Seconds between two askings, by an open stream, of whether its reader may still see the
#: standings (a stream lasts minutes; the organisers may hold them back meanwhile).
RECHECK = 10.0


def message_parse(data: bytes | str) -> tuple[int, int] | None:
    """``b"12:34"`` → ``(12, 34)``; None for anything else."""
    if isinstance(data, bytes):
        data = data.decode("ascii", "replace")
    section, _, version = data.partition(":")
    if not (section.isdigit() and version.isdigit()):
        return None
    return int(section), int(version)


class Hub:
    """The newest version heard for each section, and an :class:`asyncio.Event` per section
    that is set (and replaced) when a newer one arrives. One per event loop."""

    def __init__(self) -> None:
        self.versions: dict[int, int] = {}
        self.events: dict[int, asyncio.Event] = {}
        #: Counts (re)subscriptions: a stream that sees it change re-reads the published
        #: version (messages sent while the hub was not subscribed are lost).
        self.generation = 0
        self.subscribed = asyncio.Event()
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._listen())

    def event(self, section_id: int) -> asyncio.Event:
        event = self.events.get(section_id)
        if event is None:
            event = self.events[section_id] = asyncio.Event()
        return event

    def heard(self, section_id: int, version: int) -> None:
        if version > self.versions.get(section_id, -1):
            self.versions[section_id] = version
            self._wake(section_id)

    def _wake(self, section_id: int) -> None:
        event = self.events.pop(section_id, None)
        if event is not None:
            event.set()

    async def _listen(self) -> None:
        import redis.asyncio as redis

        while True:
            client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(live.standings_channel())
                self.generation += 1
                self.subscribed.set()
                for section_id in list(self.events):
                    self._wake(section_id)  # re-read: messages may have been missed
                async for message in pubsub.listen():
                    parsed = message_parse(message["data"])
                    if parsed is not None:
                        self.heard(*parsed)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis gone: streams wait, the hub retries
                logger.warning("live standings: Redis subscription lost; retrying")
                self.subscribed.clear()
            finally:
                await pubsub.aclose()
                await client.aclose()
            await asyncio.sleep(RECONNECT_DELAY)


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """This event loop's hub, subscribed (or subscribing)."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        found = _hubs[loop] = Hub()
    found.start()
    return found


def connection_release() -> None:
    """Give this thread's database connection back (to the pool, under ASGI) once a stream's
    synchronous work is done: the stream itself may stay open for minutes. Not inside a
    transaction (a test's)."""
    if not connection.in_atomic_block:
        connection.close()


def _published(section_id: int) -> int:
    try:
        return live.published_version(section_id)
    finally:
        connection_release()


def _table(section_id: int, language: str) -> tuple[int, tuple[bytes, bytes]]:
    try:
        version, html = live_table.table_current(section_id, language)
    finally:
        connection_release()
    event = table_event(version, html)
    return version, (event, deflated(event))


#: The start of a gzip member (deflate, no name, no time) and its last, empty block.
GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
GZIP_LAST_BLOCK = b"\x03\x00"


def deflated(event: bytes) -> bytes:
    """``event`` as deflate blocks that need nothing before them (a fresh compressor) and
    end on a byte boundary (a sync flush): appended to any gzip stream they decode to
    ``event`` at once. So a table is compressed once per process and version, and every
    stream sends the same bytes."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
    return compressor.compress(event) + compressor.flush(zlib.Z_SYNC_FLUSH)


def gzip_end(crc: int, size: int) -> bytes:
    return GZIP_LAST_BLOCK + struct.pack("<II", crc, size & 0xFFFFFFFF)


def _event(version: int) -> bytes:
    return f"event: version\ndata: {version}\n\n".encode()


def table_event(version: int, html: str) -> bytes:
    """An ``event: table`` whose id is the snapshot's version and whose data is the table
    (one ``data:`` line per line of HTML; the browser joins them with newlines)."""
    lines = html.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    body = "".join(f"data: {line}\n" for line in lines)
    return f"id: {version}\nevent: table\n{body}\n".encode()


class Tables:
    """The newest table event of each (section, language) in this event loop, so that its
    open streams share one cache read per new version (and one encoding: every stream sends
    the same bytes)."""

    def __init__(self) -> None:
        self.held: dict[tuple[int, str], tuple[int, tuple[bytes, bytes]]] = {}
        self.pending: dict[tuple[int, str], asyncio.Future] = {}

    async def newest(self, section_id: int, language: str, wanted: int):
        """The table of ``wanted`` or newer if it has been published (else the newest)."""
        key = (section_id, language)
        for _attempt in range(2):  # a read begun before ``wanted`` was heard: once more
            held = self.held.get(key)
            if held is not None and held[0] >= wanted:
                return held
            future = self.pending.get(key)
            if future is None:
                future = self.pending[key] = asyncio.ensure_future(
                    sync_to_async(_table)(section_id, language)
                )
                future.add_done_callback(lambda done: self._done(key, done))
            got = await asyncio.shield(future)
            if got[0] >= wanted:
                return got
        return got

    def _done(self, key: tuple[int, str], future: asyncio.Future) -> None:
        if self.pending.get(key) is future:
            del self.pending[key]
        if not future.cancelled() and future.exception() is None:
            got = future.result()
            if key not in self.held or got[0] >= self.held[key][0]:
                self.held[key] = got


_tables: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Tables] = weakref.WeakKeyDictionary()


def tables() -> Tables:
    loop = asyncio.get_running_loop()
    found = _tables.get(loop)
    if found is None:
        found = _tables[loop] = Tables()
    return found


_verdicts: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict] = weakref.WeakKeyDictionary()


class Reader:
    """What one open page asked for: the table in its language (else the version alone),
    what it already shows (``Last-Event-ID``), and whether it may still see the standings:
    ``may_see`` (the standings pages' own check) is asked again at most every
    :data:`RECHECK` seconds per (section, reader) in this event loop: the readers who are not
    logged in share one answer."""

    def __init__(self, *, language: str | None, shown: int, may_see, who, gzip=False) -> None:
        self.language = language
        self.gzip = gzip
        self.shown = shown
        self.may_see = may_see
        self.who = who
        self.checked = asyncio.get_running_loop().time()

    async def allowed(self, section_id: int) -> bool:
        loop = asyncio.get_running_loop()
        if loop.time() - self.checked < RECHECK:
            return True
        self.checked = loop.time()
        known = _verdicts.setdefault(loop, {})
        key = (section_id, self.who)
        found = known.get(key)
        if found is None or loop.time() - found[0] >= RECHECK:
            found = known[key] = (loop.time(), asyncio.ensure_future(self.may_see()))
        return await asyncio.shield(found[1])

    async def event(self, section_id: int, version: int, sent: int):
        """What to send for ``version`` when ``sent`` was last sent: ``(version, bytes)``
        (a table: ``(version, (bytes, deflated bytes))``), or ``(sent, None)`` when nothing
        newer."""
        if self.language is None:
            return (version, _event(version)) if version > sent else (sent, None)
        got, text = await tables().newest(section_id, self.language, version)
        return (got, text) if got > sent else (sent, None)


async def events(section_id: int, seconds: float, reader: Reader) -> AsyncIterator[bytes]:
    """The stream's bytes: the published version (or its table) now, then each newer one,
    for ``seconds``; it ends early when the reader may no longer see the standings. When
    ``reader.gzip``, one gzip stream whose tables were compressed once for every reader."""
    if not reader.gzip:
        async for item in _events(section_id, seconds, reader):
            yield item if isinstance(item, bytes) else item[0]
        return
    crc = size = 0
    yield GZIP_HEADER
    async for item in _events(section_id, seconds, reader):
        raw, packed = (item, deflated(item)) if isinstance(item, bytes) else item
        crc, size = zlib.crc32(raw, crc), size + len(raw)
        yield packed
    yield gzip_end(crc, size)


async def _events(section_id: int, seconds: float, reader: Reader):
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    published = sync_to_async(_published)
    yield b"retry: 1000\n\n"
    sent = reader.shown
    if not settings.REDIS_URL:
        while True:
            sent, text = await reader.event(section_id, await published(section_id), sent)
            if text is not None:
                if not await reader.allowed(section_id):
                    return
                yield text
            if loop.time() >= deadline:
                return
            await asyncio.sleep(min(POLL_TICK, max(0.0, deadline - loop.time())))
    listening = hub()
    # Redis unreachable: the published version below, then whatever comes later.
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(listening.subscribed.wait(), timeout=2)
    waiting = listening.event(section_id)  # before the read: nothing published is lost
    generation = listening.generation
    newer = await published(section_id)
    while True:
        sent, text = await reader.event(section_id, newer, sent)
        if text is not None:
            if not await reader.allowed(section_id):
                return
            yield text
        while True:
            left = deadline - loop.time()
            if left <= 0:
                return
            try:
                async with asyncio.timeout(min(left, KEEPALIVE)):  # no task per wait
                    await waiting.wait()
                break
            except TimeoutError:
                if deadline - loop.time() > 0:
                    yield b": keepalive\n\n"
        waiting = listening.event(section_id)  # the next one, before anything awaits
        newer = listening.versions.get(section_id, -1)
        if listening.generation != generation:  # resubscribed: read the truth again
            generation = listening.generation
            newer = max(newer, await published(section_id))
