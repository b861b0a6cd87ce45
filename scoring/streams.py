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
import weakref
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection

from scoring import live

logger = logging.getLogger(__name__)

#: Seconds between two looks at the published version when there is no Redis.
POLL_TICK = 0.2
#: A comment line this often keeps proxies from closing a quiet stream.
KEEPALIVE = 15.0
#: Seconds before the hub tries to subscribe again after losing Redis.
RECONNECT_DELAY = 1.0


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


def _event(version: int) -> str:
    return f"event: version\ndata: {version}\n\n"


async def events(section_id: int, seconds: float) -> AsyncIterator[str]:
    """The stream's text: the published version now, then each newer one, for ``seconds``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    published = sync_to_async(_published)
    yield "retry: 1000\n\n"
    if not settings.REDIS_URL:
        sent = -1
        while True:
            version = await published(section_id)
            if version != sent:
                sent = version
                yield _event(version)
            if loop.time() >= deadline:
                return
            await asyncio.sleep(min(POLL_TICK, max(0.0, deadline - loop.time())))
    else:
        listening = hub()
        # Redis unreachable: the published version below, then whatever comes later.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(listening.subscribed.wait(), timeout=2)
        waiting = listening.event(section_id)  # before the read: nothing published is lost
        generation = listening.generation
        sent = await published(section_id)
        yield _event(sent)
        while True:
            left = deadline - loop.time()
            if left <= 0:
                return
            try:
                async with asyncio.timeout(min(left, KEEPALIVE)):  # no task per wait
                    await waiting.wait()
            except TimeoutError:
                if deadline - loop.time() > 0:
                    yield ": keepalive\n\n"
                continue
            waiting = listening.event(section_id)  # the next one, before anything awaits
            newer = listening.versions.get(section_id, -1)
            if listening.generation != generation:  # resubscribed: read the truth again
                generation = listening.generation
                newer = max(newer, await published(section_id))
            if newer > sent:
                sent = newer
                yield _event(sent)
