"""A session's printouts in a real browser (Debian's chromium through Playwright): on a
375 px phone nothing scrolls sideways; printed on A4 each table card fills one page, six
hand records share a page, guide cards and slips are never cut in two, and the site's
navigation is left out.

With ``TENACE_SCREENSHOTS=1`` the test also writes the table card's pictures used by
``docs/organiser.md``: ``docs/img/table-card-phone.png`` and ``docs/img/table-card-a4.png``
(the A4 one is the printed page, rendered at 794 px, A4's width in CSS pixels, with print
media)::

    TENACE_SCREENSHOTS=1 .venv/bin/python -m pytest tests/tournaments/test_printouts_browser.py
"""

from __future__ import annotations

import datetime as dt
import math
import os
import re
from pathlib import Path

import pytest

from clubs.models import Member, Membership, Role
from tests.browser import PHONE, chromium_launch, needs_chromium, session_cookie, sideways_scroll
from tests.tournaments.factories import ROLES, ClubFactory, user_with_role
from tournaments import schedule, services
from tournaments.models import Section

pytestmark = needs_chromium

A4 = {"width": 794, "height": 1123}
DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
NAMES = [
    "Ana García",
    "Luis Moreno",
    "Jana Nováková",
    "Petr Svoboda",
    "Marta Ruiz",
    "Tomás Vega",
    "Eva Dvořáková",
    "Karel Černý",
    "Lucía Romero",
    "Pablo Navarro",
    "Alena Horáková",
    "Jiří Procházka",
    "Carmen Ortega",
    "Diego Castro",
    "Hana Kučerová",
    "Martin Veselý",
]


def _club_night(tables: int) -> tuple[Section, object]:
    """A Mitchell of ``tables`` tables with an arrow switch, pairs with real names."""
    club = ClubFactory(slug="print", name="Club de Whist Triana")
    organiser = user_with_role(club, ROLES["organiser"], "printer")
    tournament = services.tournament_create(
        club=club, name="Thursday pairs", starts=dt.date(2026, 11, 26)
    )
    section = tournament.sessions.get().sections.get()
    members = [Member.objects.create(name=name) for name in NAMES[: 4 * tables]]
    for member in members:  # players come from the club's members
        Membership.objects.create(
            club=club, member=member, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
        )
    for first, second in zip(members[::2], members[1::2], strict=True):
        services.entry_add(section=section, member1=first, member2=second)
    services.section_board_set_choose(
        section=section,
        board_set=services.board_set_generate(club=club, count=3 * tables, seed="print"),
    )
    schedule.section_generate(section=section, kind="mitchell", boards_per_round=3, option="arrow")
    return section, organiser


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.mark.django_db(transaction=True)
def test_printouts_fit_a_phone_and_print_on_a4(live_server, tmp_path):
    playwright_sync = pytest.importorskip("playwright.sync_api")
    tables = 3
    section, organiser = _club_night(tables)
    cookie = session_cookie(organiser, live_server)
    base = f"{live_server.url}/events/sessions/{section.session_id}/print/"
    pages = {
        "index": base,
        "tables": base + "table-cards/",
        "guides": base + "guide-cards/",
        "slips": base + "travellers/",
        "hands": base + "hand-records/",
    }
    shots = DOCS_IMG if os.environ.get("TENACE_SCREENSHOTS") else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    with playwright_sync.sync_playwright() as playwright:
        browser = chromium_launch(playwright)
        try:
            phone = browser.new_context(viewport=PHONE, device_scale_factor=2)
            phone.add_cookies([cookie])
            tab = phone.new_page()
            for name, url in pages.items():
                tab.goto(url)
                assert not sideways_scroll(tab), (name, sideways_scroll(tab))
            tab.goto(pages["tables"])
            tab.locator(".table-card").first.screenshot(path=str(shots / "table-card-phone.png"))

            paper = browser.new_context(viewport=A4)
            paper.add_cookies([cookie])
            sheet = paper.new_page()
            sheet.emulate_media(media="print")
            printed = {}
            for name, url in pages.items():
                sheet.goto(url)
                assert not sideways_scroll(sheet, A4["width"]), name
                hidden = sheet.evaluate(
                    "[...document.querySelectorAll('.site-header, .site-footer, .print-tools')]"
                    ".every(e => getComputedStyle(e).display === 'none')"
                )
                assert hidden, name
                pdf = sheet.pdf(prefer_css_page_size=True, print_background=True)
                boxes = set(re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf))
                assert boxes and all(
                    abs(float(w) - 595.28) < 1 and abs(float(h) - 841.89) < 1 for w, h in boxes
                ), (name, boxes)
                printed[name] = _pdf_pages(pdf)
            # One table card a page; six hand records a page.
            assert printed["tables"] == tables, printed
            assert printed["hands"] == math.ceil(3 * tables / 6), printed
            # Cards, slips and hand records ask the printer not to cut them in two.
            for name, selector in (
                ("guides", ".guide-card"),
                ("slips", ".traveller-slip"),
                ("hands", ".hand-record"),
                ("tables", ".table-card"),
            ):
                sheet.goto(pages[name])
                kept = sheet.evaluate(
                    f"[...document.querySelectorAll('{selector}')]"
                    ".map(e => getComputedStyle(e).breakInside)"
                )
                assert kept and set(kept) == {"avoid"}, (name, kept)
            # The first printed page: the first card alone, the page's margins (@page,
            # 12 mm) drawn as padding.
            sheet.goto(pages["tables"])
            sheet.add_style_tag(
                content="body { padding: 12mm; } .table-card ~ .table-card { display: none; }"
            )
            sheet.screenshot(path=str(shots / "table-card-a4.png"))
        finally:
            browser.close()
    assert (shots / "table-card-phone.png").stat().st_size > 0
    assert (shots / "table-card-a4.png").stat().st_size > 0
