"""Every page of the demo, reached by links from the home page as each person would: a
visitor, Marta (secretary), Jana (organiser) and Tomás (player), each in a language.

First with Django's test client, every page of every person: no link leads to a missing
page or an error, no title or heading says something twice, each page has one ``h1`` and
no empty table header. Then in Debian's chromium, 375 px wide, one page of each kind
(URL name) per person, three people in three languages: no sideways scrolling; and the
first page of each kind has no serious or critical axe-core finding.
``TENACE_PAGE_WALK_PER_VIEW=all`` opens every page, and runs axe on each.
"""

from __future__ import annotations

import os
import shutil

import pytest
from django.core.management import call_command
from django.test import Client

from clubs.models import User
from tests.browser import (
    PHONE,
    axe_findings,
    chromium_launch,
    language_cookie,
    session_cookie,
    sideways_scroll,
)
from tests.pagewalk import page_problems, page_walk, pages_per_view

#: (login, language, in the browser too): every role, and every language in the browser.
PEOPLE = [(None, "en", True), ("marta", "cs", True), ("jana", "en", False), ("tomas", "es", True)]


def _per_view() -> int | None:
    value = os.environ.get("TENACE_PAGE_WALK_PER_VIEW", "1")
    return None if value == "all" else int(value)


def _exhaustive() -> bool:
    return _per_view() is None


def _walk(username: str | None, language: str):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies.load({"django_language": language})
    if username:
        client.force_login(User.objects.get(username=username))
    return page_walk(client)


def _browser_problems(live_server, visits) -> list[str]:
    """Open each (cookies, pages) visit at 375 px: sideways scrolling; axe on the first
    page of each kind (on every page when the walk is exhaustive). A desktop browser 375 px
    wide, not an emulated phone: a phone would zoom out to fit a page too wide for it."""
    playwright_sync = pytest.importorskip("playwright.sync_api")
    problems, axed = [], set()
    with playwright_sync.sync_playwright() as playwright:
        browser = chromium_launch(playwright)
        try:
            for cookies, pages in visits:
                context = browser.new_context(viewport=PHONE)
                context.add_cookies(cookies)
                tab = context.new_page()
                for page in pages:
                    tab.goto(live_server.url + page.url)
                    who = f"{cookies[-1]['value']} {page.url}"
                    if wide := sideways_scroll(tab):
                        problems.append(f"{who}: {wide}")
                    if _exhaustive() or page.view_name not in axed:
                        axed.add(page.view_name)
                        problems += [f"{who}: {finding}" for finding in axe_findings(tab)]
                context.close()
        finally:
            browser.close()
    return problems


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_every_page_reached_by_links_works_fits_a_phone_and_passes_axe(live_server, capsys):
    call_command("demo")
    capsys.readouterr()
    problems, visits = [], []
    for username, language, in_browser in PEOPLE:
        pages = _walk(username, language)
        problems += [p for page in pages for p in page_problems(page)]
        if not (in_browser or _exhaustive()):
            continue
        cookies = [language_cookie(language, live_server)]
        if username:
            cookies.insert(0, session_cookie(User.objects.get(username=username), live_server))
        visits.append((cookies, pages_per_view(pages, _per_view())))
    if shutil.which("chromium"):
        problems += _browser_problems(live_server, visits)
    assert not problems, "\n".join(problems)
