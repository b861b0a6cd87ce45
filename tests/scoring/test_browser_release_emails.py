"""In a real browser, 375 px wide: the event page with the session's files and the results
email log (as its organiser), My account's emails, and the page the email's link opens —
no sideways scrolling, no serious or critical axe-core finding. Headless Debian chromium
through Playwright against Django's live server; skipped where chromium is missing."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from clubs.models import Role
from tests.browser import PHONE, axe_findings, chromium_launch, needs_chromium, session_cookie
from tests.scoring.factories import person_make
from tests.scoring.results_world import emails_world
from tournaments import services as event_services

pytestmark = needs_chromium


@pytest.mark.django_db(transaction=True)
def test_the_pages_of_the_results_emails_fit_a_phone_and_pass_axe(live_server):
    playwright_sync = pytest.importorskip("playwright.sync_api")
    scheduled, people = emails_world(language="cs")
    director, _member = person_make(scheduled.club, Role.ORGANISER)

    # A transactional test: the release commits, and its emails go out, for real.
    event_services.tournament_set_status(
        tournament=scheduled.tournament, status="released", by=director
    )
    link = re.search(r"(/account/emails/results-off/\S+/)", mail.outbox[0].body).group(1)
    pages = [
        (session_cookie(director, live_server), f"/events/{scheduled.tournament.pk}/"),
        (session_cookie(people["ana"].user, live_server), "/account/"),
        (None, link),
    ]
    problems = []
    with playwright_sync.sync_playwright() as playwright:
        browser = chromium_launch(playwright)
        try:
            for cookie, path in pages:
                context = browser.new_context(viewport=PHONE)
                if cookie is not None:
                    context.add_cookies([cookie])
                tab = context.new_page()
                tab.goto(live_server.url + path)
                width = tab.evaluate("document.documentElement.scrollWidth")
                if width > PHONE["width"]:
                    problems.append(f"{path}: {width} px wide")
                problems += [f"{path}: {finding}" for finding in axe_findings(tab)]
                if path.startswith("/events/"):
                    assert tab.locator(f"#release-emails-{scheduled.tournament.pk}").count()
                context.close()
        finally:
            browser.close()
    assert problems == []
