"""In a real browser: the public session page on a phone (no sideways scrolling) and inside
another site's frame; the standings, a score card and the hand records printed on A4
(without the site's navigation, nothing wider than the page). Headless Debian chromium
driven by Playwright against Django's live server; skipped where chromium is missing."""

from __future__ import annotations

import re
import shutil

import pytest

from tests.scoring.results_world import played_mitchell, public_session_url

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PHONE = {"width": 375, "height": 812}
#: A4 in CSS pixels (96 per inch): 210 mm × 297 mm.
A4 = {"width": 794, "height": 1123}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which("chromium"), reason="needs Debian's chromium"),
]


def _browser(playwright):
    # The club's site is made up by the browser, so Chrome takes it for a public page
    # reaching a local server: its local-network checks are off for these tests.
    local_network = "LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests"
    return playwright.chromium.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            f"--disable-features={local_network},PrivateNetworkAccessRespectPreflightResults",
        ],
    )


def _overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


@pytest.mark.django_db(transaction=True)
def test_public_page_fits_a_phone_and_sits_in_another_sites_frame(live_server):
    playwright_sync = pytest.importorskip("playwright.sync_api")
    scheduled = played_mitchell(tables=4 - 1)
    url = live_server.url + public_session_url(scheduled)
    standings = f"{live_server.url}/results/sections/{scheduled.section.pk}/standings/"
    club_site = (
        f'<h1>Our club</h1><iframe id="r" src="{url}" width="600" height="500"></iframe>'
        f'<iframe id="s" src="{standings}" width="600" height="300"></iframe>'
    )
    with playwright_sync.sync_playwright() as playwright:
        browser = _browser(playwright)
        try:
            phone = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
            phone.goto(url)
            assert "North–South" in phone.inner_text("body")
            assert _overflow(phone) <= 0
            site = browser.new_page()
            # The club's own website, on another origin (served by the browser itself).
            site.route(
                "http://club.example/**",
                lambda route: route.fulfill(body=club_site, content_type="text/html"),
            )
            site.goto("http://club.example/results.html")
            frame = site.frame_locator("#r")
            assert "Travellers and hand records" in frame.locator("body").inner_text()
            # Any other page of the site refuses to be framed.
            assert "North–South" not in site.frame_locator("#s").locator("body").inner_text()
        finally:
            browser.close()


@pytest.mark.django_db(transaction=True)
def test_standings_score_card_and_hand_records_print_on_a4(live_server):
    playwright_sync = pytest.importorskip("playwright.sync_api")
    scheduled = played_mitchell(tables=5)
    section = scheduled.section
    entry = scheduled.entries[1]
    boards = section.board_set.boards.count()
    pages = [
        f"/results/sections/{section.pk}/standings/",
        f"/results/sections/{section.pk}/entries/{entry.pk}/",
        f"/events/board-sets/{section.board_set_id}/hand-records/",
        f"/results/sections/{section.pk}/travellers/",
        public_session_url(scheduled),
    ]
    with playwright_sync.sync_playwright() as playwright:
        browser = _browser(playwright)
        try:
            page = browser.new_context(viewport=A4).new_page()
            page.emulate_media(media="print")
            for path in pages:
                page.goto(live_server.url + path)
                assert _overflow(page) <= 0, path
                hidden = page.evaluate(
                    "[...document.querySelectorAll('.site-header, .section-nav, button, nav.jump')]"
                    ".every(e => getComputedStyle(e).display === 'none')"
                )
                assert hidden, path
                pdf = page.pdf(prefer_css_page_size=True, print_background=True)
                boxes = set(re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf))
                assert boxes and all(
                    abs(float(w) - 595.28) < 1 and abs(float(h) - 841.89) < 1 for w, h in boxes
                ), (path, boxes)
                # Links print as their text, never followed by their address; a table's
                # heading row is repeated on every page it runs to.
                printed = page.evaluate(
                    "[[...document.querySelectorAll('main a')].map("
                    "a => getComputedStyle(a, '::after').content),"
                    " [...document.querySelectorAll('thead')].map(t => getComputedStyle(t).display)]"
                )
                assert set(printed[0]) <= {"none", "normal"}, path
                assert set(printed[1]) <= {"table-header-group"}, path
                if "hand-records" in path:
                    # Six hand records to an A4 page.
                    pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))
                    assert pages == -(-boards // 6), pages
        finally:
            browser.close()
