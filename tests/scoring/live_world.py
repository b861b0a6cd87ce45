"""What the live-standings tests share: forgetting the live keys (only this app's, never the
whole cache: it may be the broker's Redis), recording a result, reading a stream's chunks."""

from __future__ import annotations

import asyncio

from django.core.cache import cache

from scoring import live, live_table
from scoring.checks import ResultInput
from scoring.services import result_record


def live_keys_forget() -> None:
    keys = [k.format(n) for k in (live.QUEUED_KEY, live.PUBLISHED_KEY) for n in range(1, 200)]
    keys += [
        key.format(n, v, language, "")
        for key in (live_table.TABLE_KEY, live_table.RENDERING_KEY)
        for n in range(1, 200)
        for v in range(10)
        for language in ("en", "es", "cs")
    ]
    cache.delete_many(keys)


def record(scheduled, round_, table, board, tricks):
    play = scheduled.play(round_, table, board)
    return result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=tricks), by=None)


async def chunks(response, count: int, timeout: float = 5.0) -> list[str]:
    """The next ``count`` chunks of an async streaming response, as text."""
    iterator = aiter(response.streaming_content)
    return [(await asyncio.wait_for(anext(iterator), timeout)).decode() for _ in range(count)]
