"""Helpers for the browser tests: Debian's chromium through Playwright, a phone-sized
viewport, a logged-in session, axe-core's accessibility findings and sideways scrolling.

- :func:`chromium_launch` starts headless chromium (``/usr/bin/chromium``);
- :func:`session_cookie` logs a user in (call it before Playwright starts: Django's
  database calls are refused inside Playwright's event loop);
- :func:`axe_findings` injects the vendored axe-core (``tests/vendor/axe-core``) into a page
  and returns its serious and critical findings;
- :func:`sideways_scroll` returns how wide the page is when it is wider than the viewport,
  with the widest elements, to say what to fix.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.test import Client

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PHONE = {"width": 375, "height": 812}  # the narrowest phone a page must fit (iPhone mini)
AXE_JS = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")

#: Mark a module's browser tests with this (``pytestmark = needs_chromium``).
needs_chromium = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which("chromium"), reason="needs Debian's chromium"),
]


def chromium_launch(playwright):
    return playwright.chromium.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    )


def session_cookie(user, live_server) -> dict:
    """A session cookie for ``user`` on ``live_server``, for ``context.add_cookies``."""
    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}


def language_cookie(code: str, live_server) -> dict:
    from django.conf import settings

    return {"name": settings.LANGUAGE_COOKIE_NAME, "value": code, "url": live_server.url}


def axe_findings(page, impacts: tuple[str, ...] = SERIOUS) -> list[str]:
    """axe-core's findings of the given impacts on the open page, one line each:
    ``rule (impact): help — the offending elements``."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_JS))
    results = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    lines = []
    for violation in results:
        if violation["impact"] not in impacts:
            continue
        targets = ", ".join(" ".join(node["target"]) for node in violation["nodes"][:4])
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']} — {targets}")
    return lines


_WIDEST = """(limit) => {
  const clipped = (el) => {
    if (['absolute', 'fixed'].includes(getComputedStyle(el).position)) return false;
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(up).overflowX)) return true;
    }
    return false;
  };
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.right > limit + 1 && !clipped(el)) {
      const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
        (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
      out.push([Math.round(box.right), name]);
    }
  }
  return out.sort((a, b) => b[0] - a[0]).slice(0, 4);
}"""


def sideways_scroll(page, width: int = PHONE["width"]) -> str:
    """Empty when the page fits ``width`` pixels; else its width and the widest elements."""
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    if scroll_width <= width:
        return ""
    widest = page.evaluate(_WIDEST, width)
    return f"{scroll_width} px wide; widest: {widest}"
