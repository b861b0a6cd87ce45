"""The table screen in a phone's browser (375 px, Debian's chromium): NS send their round
with no signal and it goes once the signal is back; EW's screen, open all the while, shows
the figures to confirm by itself; after EW confirm, NS's screen tells them the round is
complete and shows the next one. Each screen fits the phone and has no serious or critical
axe-core finding.

The screenshots of docs/players.md come from this test: with ``TENACE_SCREENSHOTS=1`` they
are written to ``docs/img/`` (otherwise to a temporary directory), e.g.
``TENACE_SCREENSHOTS=1 .venv/bin/python -m pytest tests/scoring/test_browser_table_screen.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from clubs.models import Role
from scoring import devices
from scoring.models import Result, ResultStatus
from tests.browser import (
    PHONE,
    axe_findings,
    chromium_launch,
    language_cookie,
    needs_chromium,
    session_cookie,
    sideways_scroll,
)
from tests.scoring.factories import club_make, mitchell_section, person_make

pytestmark = needs_chromium
DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"


def _shots(tmp_path) -> Path:
    return DOCS_IMG if os.environ.get("TENACE_SCREENSHOTS") else tmp_path


def _checked(page, problems: list[str], name: str) -> None:
    if wide := sideways_scroll(page):
        problems.append(f"{name}: {wide}")
    problems += [f"{name}: {finding}" for finding in axe_findings(page)]


def _evening():
    club = club_make("Club de Whist")
    tomas_user, tomas = person_make(club, name="Tomás Jugador")
    lucia = person_make(club, name="Lucía Ortega")[1]
    eva_user, eva = person_make(club, name="Eva Dvořáková")
    petr = person_make(club, name="Petr Svoboda")[1]
    scheduled = mitchell_section(
        tables=3, boards_per_round=3, club=club, members={1: (tomas, lucia), 4: (eva, petr)}
    )
    scheduled.tournament.name = "Thursday Pairs"
    scheduled.tournament.save()
    director = person_make(club, Role.ORGANISER)[0]
    return scheduled, tomas_user, eva_user, director


@pytest.mark.django_db(transaction=True)
def test_a_round_at_the_table_on_two_phones_with_a_dropped_signal(live_server, tmp_path):
    playwright_sync = pytest.importorskip("playwright.sync_api")
    scheduled, tomas, eva, director = _evening()
    shots = _shots(tmp_path)
    url = f"{live_server.url}/results/table/"
    ns_cookies = [session_cookie(tomas, live_server), language_cookie("en", live_server)]
    ew_cookies = [session_cookie(eva, live_server), language_cookie("es", live_server)]
    issued = devices.device_create(section=scheduled.section, table=2, by=director)
    device_url = f"{live_server.url}/results/device/open/{issued.key}/"
    problems: list[str] = []
    with playwright_sync.sync_playwright() as playwright:
        browser = chromium_launch(playwright)
        try:
            ns_context = browser.new_context(viewport=PHONE)
            ns_context.add_cookies(ns_cookies)
            ns = ns_context.new_page()
            ns.goto(url)
            assert "Round 1 · Table 1" in ns.inner_text("h1")
            ns.screenshot(path=str(shots / "table-screen-phone.png"), full_page=True)
            _checked(ns, problems, "NS")

            ew_context = browser.new_context(viewport=PHONE)
            ew_context.add_cookies(ew_cookies)
            ew = ew_context.new_page()
            ew.goto(url)
            assert "Esperando a que Norte–Sur anoten los tableros." in ew.inner_text("main")

            # No signal: the round waits on the phone, then goes once the signal is back.
            for field in ns.locator("input.tricks").all():
                field.fill("7")
            ns_context.set_offline(True)
            ns.click("form.table-entry button[type=submit]")
            ns.wait_for_selector(".offline-note:not([hidden])")
            ns_context.set_offline(False)
            ns.wait_for_selector("text=Waiting for East–West to confirm.", timeout=20000)

            # EW's screen was open all along: it shows the figures to confirm by itself.
            ew.wait_for_selector("form.table-entry input.tricks", timeout=20000)
            ew.screenshot(path=str(shots / "table-screen-confirm-phone-es.png"), full_page=True)
            _checked(ew, problems, "EW")
            ew.click("form.table-entry button[type=submit]")
            ew.wait_for_selector("text=Ronda 1 está completa", timeout=20000)

            # NS's screen moves on to the next round by itself and says the last is done.
            ns.wait_for_selector("text=Round 1 is complete.", timeout=20000)
            assert "Round 2 · Table 1" in ns.inner_text("h1")

            device_context = browser.new_context(viewport=PHONE)
            device_context.add_cookies([language_cookie("cs", live_server)])
            device = device_context.new_page()
            device.goto(device_url)
            assert "Kolo 1 · Stůl 2" in device.inner_text("h1")
            device.screenshot(path=str(shots / "table-device-phone-cs.png"), full_page=True)
            _checked(device, problems, "device")
        finally:
            browser.close()
    assert not problems, "\n".join(problems)
    results = Result.objects.filter(section=scheduled.section, round=1, table=1)
    assert results.count() == 3  # sent once, though the form was submitted offline
    assert set(results.values_list("status", flat=True)) == {ResultStatus.CONFIRMED}
