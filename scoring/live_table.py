"""The standings table a live page shows: rendered **once per snapshot version and language**
and shared by every reader — the open streams (:mod:`scoring.streams`) carry it, the polling
fallback (``…/standings/fragment/``) answers it with an ETag.

Contract:

* The table holds nothing reader-specific. The reader's own pairs ("(you)") are marked by
  the page's script from the page's own list of the reader's pair ids (``data-live-mine``),
  so one rendering serves everyone; the full page marks them on the server as before.
* Who may see it is asked by the caller, through the one rule of the standings pages
  (:func:`scoring.standings_sight.standings_sight`); nothing here decides it. Where the
  event hides its last rounds, the caller passes ``up_to_round`` and the table is the one of
  the rounds before them (shared the same way, keyed by that round too).
* One render across the web processes: the first process to need a version takes a short
  lock in the shared cache (``cache.add``) and renders; the others wait for the cache to
  hold it (at most :data:`RENDER_WAIT` seconds, then they render themselves).
"""

from __future__ import annotations

import contextlib
import time

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import translation

from scoring import live, selectors
from scoring.presenters import standings_fields

TABLE_KEY = "scoring:table:{}:{}:{}:{}"
RENDERING_KEY = "scoring:table-rendering:{}:{}:{}:{}"
TABLE_SECONDS = 600
#: Seconds another process waits for the table being rendered before rendering it itself.
RENDER_WAIT = 1.0


def table_context(section, snapshot, up_to_round: int | None = None) -> dict:
    """What ``scoring/_standings_table.html`` needs, for no one reader in particular."""
    data = snapshot.data if snapshot else None
    if up_to_round is not None:
        from scoring.standings_sight import standings_cut

        data = standings_cut(section.pk, up_to_round)
    return {
        "section": section,
        "data": data,
        "fields": standings_fields(data),
        "version": snapshot.version if snapshot else 0,
        "my_entries": frozenset(),
    }


def table_render(
    section_id: int, language: str, section=None, up_to_round: int | None = None
) -> tuple[int, str]:
    """The newest snapshot's table in ``language`` (of the rounds up to ``up_to_round``
    when given): ``(its version, the HTML)``."""
    section = section or selectors.section_get(section_id)
    snapshot = selectors.snapshot_latest(section_id)
    context = table_context(section, snapshot, up_to_round)
    with translation.override(language):
        html = render_to_string("scoring/_standings_table.html", context)
    return (snapshot.version if snapshot else 0), html


def _get(key: str):
    try:
        return cache.get(key)
    except Exception:  # noqa: BLE001 - the cache is down: render
        return None


def _lock(key: str) -> bool:
    try:
        return bool(cache.add(key, 1, timeout=int(RENDER_WAIT * 5)))
    except Exception:  # noqa: BLE001
        return True


def table_current(
    section_id: int, language: str, section=None, up_to_round: int | None = None
) -> tuple[int, str]:
    """``(version, HTML)`` of the section's published table in ``language`` (of the rounds
    up to ``up_to_round`` when given), from the cache when someone already rendered it (the
    version is the snapshot's: at least the published one). ``section``: when the caller
    holds it already (one query fewer)."""
    version = live.published_version(section_id)
    cut = "" if up_to_round is None else up_to_round
    key = TABLE_KEY.format(section_id, version, language, cut)
    cached = _get(key)
    if cached is None and not _lock(RENDERING_KEY.format(section_id, version, language, cut)):
        deadline = time.monotonic() + RENDER_WAIT
        while cached is None and time.monotonic() < deadline:
            time.sleep(0.02)
            cached = _get(key)
    if cached is not None:
        return cached
    rendered = table_render(section_id, language, section, up_to_round)
    with contextlib.suppress(Exception):  # the cache is down: the next reader renders too
        cache.set_many(
            {key: rendered, TABLE_KEY.format(section_id, rendered[0], language, cut): rendered},
            timeout=TABLE_SECONDS,
        )
    return rendered
