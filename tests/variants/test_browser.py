"""As a person would, on a 375 px phone: from the club night page a seated player follows
the links to a Romanian whist table, enters a deal's bids and tricks, and sees the scores
and the next deal; the page never scrolls sideways."""

from __future__ import annotations

import shutil

import pytest
from django.test import Client

from variants.services import variant_table_create

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PHONE = {"width": 375, "height": 812}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which("chromium"), reason="needs Debian's chromium"),
]


@pytest.mark.django_db(transaction=True)
def test_a_seated_player_enters_an_exact_bid_deal_on_a_phone(live_server, night, people):
    table = variant_table_create(
        club_night=night, game="exact", members=[people[str(i)].member for i in range(4)]
    )
    client = Client()
    client.force_login(people["1"])
    cookie = {
        "name": "sessionid",
        "value": client.cookies["sessionid"].value,
        "url": live_server.url,
    }
    playwright_sync = pytest.importorskip("playwright.sync_api")
    with playwright_sync.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
            context.add_cookies([cookie])
            page = context.new_page()
            page.goto(f"{live_server.url}/clubs/casino/nights/{night.pk}/")
            page.click("text=Whist-family tables")
            page.click(f"a[href$='/tables/{table.pk}/']")
            for p, (bid, tricks) in enumerate([(0, 0), (1, 1), (0, 0), (1, 0)]):
                page.fill(f"input[name=bid_{p}]", str(bid))
                page.fill(f"input[name=tricks_{p}]", str(tricks))
            page.click("form.variant-entry button[type=submit]")
            page.wait_for_selector("text=Deal 2 of 24")
            assert "Hand 1 stored" in page.inner_text("body")
            width = page.evaluate("document.scrollingElement.scrollWidth")
            assert width <= PHONE["width"], width
        finally:
            browser.close()
