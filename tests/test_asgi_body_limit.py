"""Under ASGI a body is refused as it streams in: a chunked upload with no declared length
is cut at the cap (``config.middleware.BodyLimitASGI``) with the same 413 as a declared one,
and the rest of it is never read."""

from __future__ import annotations

import asyncio
import json

from django.test import override_settings

from config.asgi import application

LIMIT = 1000
CHUNK = 100


def _scope(path: str, headers: list[tuple[bytes, bytes]]) -> dict:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"localhost"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("localhost", 80),
    }


def _drive(path: str, chunks: int, headers=()) -> tuple[int, bytes, int]:
    """POST ``chunks`` chunks of ``CHUNK`` bytes through the ASGI application: the status,
    the body answered, and how many chunks the application took."""
    taken = 0
    sent: list[dict] = []

    async def receive():
        nonlocal taken
        if taken == chunks:
            await asyncio.sleep(3600)  # the client waits for its answer
        taken += 1
        return {"type": "http.request", "body": b"x" * CHUNK, "more_body": taken < chunks}

    async def send(message):
        sent.append(message)

    scope = _scope(path, [(b"content-type", b"application/json"), *headers])
    asyncio.run(asyncio.wait_for(application(scope, receive, send), 30))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], body, taken


@override_settings(REQUEST_BODY_LIMIT=LIMIT)
def test_a_chunked_body_over_the_cap_is_a_413_before_the_rest_is_read():
    status, body, taken = _drive("/api/tournaments/", chunks=2000)  # 200 kB, no length
    assert status == 413
    assert json.loads(body)["detail"] == (
        "The request is too large: at most 1,000 bytes are accepted."
    )
    assert taken == LIMIT // CHUNK + 1  # 11 chunks of 2,000: reading stopped at the cap


@override_settings(REQUEST_BODY_LIMIT=LIMIT)
def test_a_page_gets_the_styled_413_for_a_chunked_body():
    status, body, taken = _drive("/login/", chunks=50)
    assert status == 413 and "<h1>Too large</h1>" in body.decode()
    assert taken == 11


@override_settings(REQUEST_BODY_LIMIT=LIMIT)
def test_a_declared_length_over_the_cap_reads_nothing():
    status, _, taken = _drive(
        "/api/tournaments/", chunks=50, headers=[(b"content-length", b"5000")]
    )
    assert status == 413 and taken == 0


@override_settings(REQUEST_BODY_LIMIT=LIMIT)
def test_a_chunked_body_within_the_cap_reaches_the_view(db):
    status, body, taken = _drive("/api/tournaments/", chunks=5)  # 500 bytes, read whole
    assert taken == 5
    assert status == 403  # the view's own answer (not logged in), not a 413
