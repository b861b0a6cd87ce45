"""A whole night in Debian's chromium, as the people would do it, without typing an address
after the first: the director creates an event, adds pairs by ticking members, picks a
suggested movement, looks at the table cards, starts; a phone at every table enters round 1
(NS) and confirms it (EW), one EW disagreeing; the director sees the disagreement appear in
the control room by itself, fixes it, finishes and releases; a visitor then finds the
standings, the travellers and the hand records, and the season ladder counts the event.
Once in English and once in Spanish (buttons are found by what they do, not their words).

With ``TENACE_DOCS_SCREENSHOTS=1`` it also saves the control room's screenshots for
``docs/evening.md`` (laptop and phone) in ``docs/img/``.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest

from clubs.models import Club, Member, Membership, Role, Season, User
from tests.browser import PHONE, axe_findings, chromium_launch, language_cookie, needs_chromium
from tests.browser import session_cookie as _cookie
from tests.scoring.conftest import _forget_published_versions  # noqa: F401 - autouse

pytestmark = needs_chromium

LAPTOP = {"width": 1280, "height": 900}
DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
EVENT = "Thursday Howell"
CLUB = "Riverside Whist Club"


def _screenshot(page, name: str) -> None:
    """The page at laptop and phone width, full length, for the guide (when asked)."""
    if not os.environ.get("TENACE_DOCS_SCREENSHOTS"):
        return
    DOCS_IMG.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(DOCS_IMG / f"{name}-laptop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(DOCS_IMG / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(LAPTOP)


def _people():
    club = Club.objects.create(name=CLUB, slug="riverside")
    today = dt.date.today()
    Season.objects.create(
        club=club,
        name=f"Season {today.year}",
        starts=today.replace(month=1, day=1),
        ends=today.replace(month=12, day=31),
    )
    director = User.objects.create_user(username="marta", password="pw")
    Membership.objects.create(
        club=club,
        member=Member.objects.create(name="Marta Director", user=director),
        role=Role.SECRETARY,
        valid_from=dt.date(2020, 1, 1),
    )
    players = []
    for n, name in enumerate(
        [
            "Ana Alba",
            "Bea Bravo",
            "Carl Cruz",
            "Dora Diaz",
            "Eva Egea",
            "Fran Feo",
            "Gil Gomez",
            "Hugo Haro",
        ],
        1,
    ):
        user = User.objects.create_user(username=f"player{n}", password="pw")
        member = Member.objects.create(name=name, user=user)
        Membership.objects.create(
            club=club, member=member, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
        )
        players.append(user)
    return club, director, players


def _director_sets_up_and_starts(page, base: str, language: str) -> None:
    page.goto(base + "/")  # the only address typed
    page.click(f"a:has-text('{CLUB}')")
    page.click("a[href$='/new/'][href^='/events/']")
    page.fill("#id_name", EVENT)
    page.fill("#id_starts", dt.date.today().isoformat())
    page.click("main form button[type=submit]")
    page.click("a[href*='/control/']")
    # Add the pairs by ticking the members, partners one after the other.
    page.click("a[href*='/entries/list/']")
    for name in [
        "Ana Alba",
        "Bea Bravo",
        "Carl Cruz",
        "Dora Diaz",
        "Eva Egea",
        "Fran Feo",
        "Gil Gomez",
        "Hugo Haro",
    ]:
        page.check(f"label:has-text('{name}') input")
    page.click("button[name=picked]")
    assert page.locator("table tbody tr").count() == 4
    page.click("button[name=add]")
    assert "/control/" in page.url
    # The time available, then one click on the first suggestion (a Howell for four
    # pairs); its boards are dealt with it.
    page.fill("#id_minutes", "60")
    page.click("form[method=get] button[type=submit]")
    if language == "en":
        _screenshot(page, "control-room-draft")
    page.click("form[action*='/movement/use/'] button")
    assert page.locator(".checks .missing").count() == 0
    # The table cards to print, then back to the room.
    page.click("a[href*='/table-cards/']")
    assert page.locator("h1").count() == 1
    page.go_back()
    page.click("button[name=status][value=ready]")
    page.click("button[name=status][value=running]")
    assert page.locator("button[name=status][value=finished]").count() == 1


def _phone_opens_round_one(browser, cookies, base: str):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_cookies(cookies)
    phone = context.new_page()
    phone.goto(base + "/")
    phone.click(f"a:has-text('{CLUB}')")
    phone.click(f"a:has-text('{EVENT}')")
    phone.click("a[href$='/my-table/']")
    phone.click(".cards li a >> nth=0")  # round 1
    return phone


def _play_round_one(browser, players_cookies, base: str) -> None:
    phones = [_phone_opens_round_one(browser, c, base) for c in players_cookies]
    ns = [p for p in phones if "/confirm/" not in p.url]
    ew = [p for p in phones if "/confirm/" in p.url]
    assert len(ns) == 2 and len(ew) == 2  # two tables, a phone on each side
    for phone in ns:
        for field in phone.locator("input.tricks").all():
            field.fill("7")
        phone.click("form.table-entry button[type=submit]")
        phone.wait_for_selector(".status-entered")
    for phone in ew:
        phone.reload()  # opened before NS sent their figures
        if "/tables/2/" in phone.url:
            phone.locator("input.tricks").first.fill("9")  # EW at table 2 disagree
        phone.click("form.table-entry button[type=submit]")
        phone.wait_for_selector(".messages li, .error")


def _director_fixes_finishes_releases(page, language: str) -> None:
    # The disagreement appears in the open control room by itself (no reload), with NS's
    # and EW's figures and one button each; it is settled there, with a reason.
    page.wait_for_selector(".live-progress form.settle", timeout=15000)
    assert page.locator(".live-progress li.disputed").count() == 1
    if language == "en":
        _screenshot(page, "control-room-running")
    page.fill(".live-progress form.settle input[name=reason]", "Checked with both pairs")
    page.fill(".live-progress form.settle input[name=tricks]", "8")
    page.click(".live-progress form.settle button[value=other]")
    assert "/control/" in page.url  # back in the control room
    assert page.locator(".live-progress li.disputed").count() == 0
    # Rounds 2 and 3 were scored on paper: finishing and releasing wait for them, so the
    # director goes on anyway, with the reason the history keeps.
    assert page.locator("button[name=status][value=finished]").is_disabled()
    page.click("details.anyway summary")
    page.fill("#anyway-reason-finished", "All boards in on paper")
    page.click("details.anyway button[type=submit]")
    page.click("details.anyway summary")
    page.fill("#anyway-reason-released", "All boards in on paper")
    page.click("details.anyway button[type=submit]")
    assert page.locator("button[name=status][value=finished]").count() == 1  # hold back
    assert "All boards in on paper" in page.inner_text("section[aria-labelledby=history-heading]")
    if language == "en":
        _screenshot(page, "control-room-released")
    assert axe_findings(page) == []


def _visitor_sees_results(browser, base: str, language: str) -> None:
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([language_cookie(language, _Base(base))])
    visitor = context.new_page()
    visitor.goto(base + "/")
    visitor.click(f"a:has-text('{CLUB}')")
    visitor.click(f"a[href^='/results/events/']:has-text('{EVENT}')")
    standings = visitor.inner_text("table.standings")
    assert "Ana Alba" in standings and "Hugo Haro" in standings
    visitor.click("a[href$='/travellers/']")
    assert visitor.locator("table").count() >= 1
    visitor.click("a[href^='/events/']")  # back to the event
    visitor.click("a[href^='/events/sections/']")
    visitor.click("a[href*='/hand-records/']")
    assert visitor.locator(".hand-record").count() >= 3
    visitor.click("a.brand")
    visitor.click(f"a:has-text('{CLUB}')")
    visitor.click("a[href*='/ladder/']")
    ladder = visitor.inner_text("table.ladder")
    assert "Ana Alba" in ladder


class _Base:
    def __init__(self, url: str) -> None:
        self.url = url


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_whole_night_from_the_control_room(live_server, language):
    playwright_sync = pytest.importorskip("playwright.sync_api")
    _club, director, players = _people()
    base = live_server.url
    lang = language_cookie(language, live_server)
    director_cookies = [_cookie(director, live_server), lang]
    # One phone per pair: the first player of each (Ana, Carl, Eva, Gil).
    players_cookies = [[_cookie(u, live_server), lang] for u in players[::2]]
    with playwright_sync.sync_playwright() as playwright:
        browser = chromium_launch(playwright)
        try:
            context = browser.new_context(viewport=LAPTOP)
            context.add_cookies(director_cookies)
            page = context.new_page()
            _director_sets_up_and_starts(page, base, language)
            _play_round_one(browser, players_cookies, base)
            _director_fixes_finishes_releases(page, language)
            _visitor_sees_results(browser, base, language)
        finally:
            browser.close()
