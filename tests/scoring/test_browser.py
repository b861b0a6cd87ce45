"""As a person would: on phone-sized screens NS enter a round, EW confirm it, and the
director's open standings page shows the new standings without a reload. Headless Debian chromium
driven by Playwright against Django's live server; skipped where chromium is missing."""

from __future__ import annotations

import shutil

import pytest
from django.test import Client

from clubs.models import Role
from tests.scoring.factories import person_make

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which("chromium"), reason="needs Debian's chromium"),
]


def _session_cookie(user, live_server) -> dict:
    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}


@pytest.mark.django_db(transaction=True)
def test_ns_enter_ew_confirm_and_open_standings_update_by_themselves(live_server, seated):
    playwright_sync = pytest.importorskip("playwright.sync_api")
    scheduled, ns_user, ew_user = seated
    # Players enter while the event runs; its standings are then the directors' (here the
    # club's secretary, who does not play) until they are released.
    director = person_make(scheduled.club, Role.SECRETARY)[0]
    section = scheduled.section.pk
    table_url = f"{live_server.url}/results/sections/{section}/tables/1/rounds/1/"
    # Log in before Playwright starts its event loop (no database calls inside it).
    ns_cookie, ew_cookie, director_cookie = (
        _session_cookie(user, live_server) for user in (ns_user, ew_user, director)
    )
    with playwright_sync.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            directors = browser.new_context(viewport=PHONE)
            directors.add_cookies([director_cookie])
            public = directors.new_page()
            public.goto(f"{live_server.url}/results/sections/{section}/standings/")
            assert "No results yet" in public.inner_text("#standings")

            ns_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
            ns_context.add_cookies([ns_cookie])
            ns = ns_context.new_page()
            ns.goto(table_url)
            for field in ns.locator("input.tricks").all():
                field.fill("8")
            ns.click("form.table-entry button[type=submit]")
            ns.wait_for_selector("text=Waiting for confirmation")

            ew_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
            ew_context.add_cookies([ew_cookie])
            ew = ew_context.new_page()
            ew.goto(f"{table_url}confirm/")
            ew.click("form.table-entry button[type=submit]")
            ew.wait_for_selector("text=is confirmed. Thank you")

            # The public page was never reloaded: the live script fetched the new table.
            public.wait_for_function(
                "Number(document.querySelector('#standings').dataset.liveVersion) >= 4"
                " && document.querySelector('#standings').innerText.includes('2 results')",
                timeout=15000,  # generous under CI load; the latency itself is measured in bench/
            )
            text = public.inner_text("#standings")
            assert "2 results" in text and "waiting" not in text
            assert "Player" in text  # the pairs' names are in the table
        finally:
            browser.close()
