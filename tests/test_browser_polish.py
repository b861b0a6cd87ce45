"""In the browser, as a person with a keyboard: the language switcher does not reload on the
first arrow key; entry pages put the cursor on their first field and bring it back there
after a hand or a round is stored. Headless Debian chromium through Playwright."""

from __future__ import annotations

import datetime as dt

import pytest

from clubs.models import Club, Member, Membership, Role, User
from clubs.nights import night_create, table_add
from tests.browser import PHONE, chromium_launch, needs_chromium, session_cookie
from tests.scoring.factories import mitchell_section, person_make

pytestmark = needs_chromium

ACTIVE_NAME = "document.activeElement && document.activeElement.name"


def _browse(live_server, cookies, steps) -> None:
    """Run ``steps(tab)`` in a fresh phone-sized tab carrying ``cookies``."""
    playwright_sync = pytest.importorskip("playwright.sync_api")
    with playwright_sync.sync_playwright() as playwright:
        browser = chromium_launch(playwright)
        try:
            context = browser.new_context(viewport=PHONE)
            context.add_cookies(cookies)
            steps(context.new_page())
        finally:
            browser.close()


@pytest.mark.django_db(transaction=True)
def test_the_language_switcher_waits_for_enter_when_used_with_arrow_keys(live_server):
    def steps(tab):
        tab.goto(live_server.url + "/")
        tab.focus("#language-select")
        tab.keyboard.press("ArrowDown")
        tab.wait_for_timeout(700)  # a reload would have started by now
        assert tab.evaluate("document.documentElement.lang") == "en"
        assert tab.input_value("#language-select") == "es"
        with tab.expect_navigation():
            tab.keyboard.press("Enter")
        assert tab.evaluate("document.documentElement.lang") == "es"

    _browse(live_server, [], steps)


@pytest.mark.django_db(transaction=True)
def test_a_club_night_table_puts_the_cursor_back_on_the_tricks_after_each_hand(live_server):
    club = Club.objects.create(name="Casino", slug="casino")
    user = User.objects.create_user(username="ana", password="pw")
    ana = Member.objects.create(name="Ana", user=user)
    others = [Member.objects.create(name=f"P{k}") for k in range(3)]
    for member in (ana, *others):
        Membership.objects.create(
            club=club, member=member, role=Role.PLAYER, valid_from=dt.date(2026, 1, 1)
        )
    night = night_create(club=club, date=dt.date(2026, 3, 5))
    table_add(night=night, members=[ana, *others], first_dealer="E")
    url = f"{live_server.url}/clubs/casino/nights/{night.pk}/tables/1/"

    def steps(tab):
        tab.goto(url)
        tab.wait_for_function(f"{ACTIVE_NAME} === 'ns_tricks'")
        tab.keyboard.type("9")
        with tab.expect_navigation():
            tab.keyboard.press("Enter")
        assert "Hand 1 stored." in tab.inner_text("main")
        tab.wait_for_function(f"{ACTIVE_NAME} === 'ns_tricks'")
        assert tab.input_value("input[name=expected_number]") == "2"

    _browse(live_server, [session_cookie(user, live_server)], steps)


@pytest.mark.django_db(transaction=True)
def test_result_entry_puts_the_cursor_on_the_first_board(live_server):
    ns_user, ns_member = person_make(Club.objects.create(name="Club", slug="club"))
    club = Club.objects.get(slug="club")
    partner = person_make(club)[1]
    scheduled = mitchell_section(tables=3, club=club, members={1: (ns_member, partner)})
    url = f"{live_server.url}/results/sections/{scheduled.section.pk}/tables/1/rounds/1/"

    def steps(tab):
        tab.goto(url)
        first = tab.get_attribute("input.tricks >> nth=0", "name")
        tab.wait_for_function(f"{ACTIVE_NAME} === '{first}'")

    _browse(live_server, [session_cookie(ns_user, live_server)], steps)
