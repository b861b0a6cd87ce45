"""As the MC and the tables would, in a real browser: a 10-table drive of 37 players (three
ghosts), a late arrival and a leaver, from set-up on the home page to the prizes, in English
and in Spanish. The MC sets up, pastes the names, prints the table numbers (reading the
codes), one table enters on a phone with its code, the MC types the other tables from the
paper cards, calls each hand from the screen, and cuts the ties. Headless Debian chromium
driven by Playwright against Django's live server; skipped where chromium is missing."""

from __future__ import annotations

import random
import shutil
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.test import Client

from clubs.models import User
from drives.models import Drive
from tests.drives.conftest import card_at

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PHONE = {"width": 375, "height": 740}
DESK = {"width": 1280, "height": 900}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which("chromium"), reason="needs Debian's chromium"),
]


def _card_at_table_1() -> str:
    """The card code of a player at table 1 now, read from the database in a thread of its
    own (Playwright's loop runs in this one, where Django refuses the ORM)."""

    def read() -> str:
        try:
            return card_at(Drive.objects.latest("pk"), 1)
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(read).result()


WORDS = {
    "en": {
        "hand1": "Hand 1 — trumps: hearts",
        "stored": "Hand 1 stored",
        "joining": "Joining at the next round",
        "prize": "Ladies, place 1",
        "booby": "Gents' booby prize",
        "half": "Half-time",
    },
    "es": {
        "hand1": "Mano 1 — triunfo: corazones",
        "stored": "Mano 1 guardada",
        "joining": "Entran en la próxima ronda",
        "prize": "Damas, puesto 1",
        "booby": "Premio al último de los caballeros",
        "half": "Descanso",
    },
}


def _cookies(user, live_server, language) -> list[dict]:
    client = Client()
    client.force_login(user)
    return [
        {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url},
        {"name": "django_language", "value": language, "url": live_server.url},
    ]


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_37_player_drive_from_set_up_to_prizes(live_server, language):
    playwright_sync = pytest.importorskip("playwright.sync_api")
    words = WORDS[language]
    mc_user = User.objects.create_user("pat", password="pw")
    cookies = _cookies(mc_user, live_server, language)
    names = [f"Lady {n}, lady" for n in range(1, 20)] + [f"Gent {n}, gent" for n in range(1, 19)]
    rng = random.Random(7)
    with playwright_sync.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            mc_context = browser.new_context(viewport=DESK)
            mc_context.add_cookies(cookies)
            mc = mc_context.new_page()
            # From the home page, by links.
            mc.goto(live_server.url + "/")
            mc.click("main a[href='/drives/']")
            mc.click("a[href='/drives/new/']")
            mc.fill("input[name=name]", "Parish drive")
            mc.fill("input[name=hands]", "4")
            mc.fill("input[name=half_time_after]", "2")
            mc.click("form.drive-form button[type=submit]")
            mc.fill("textarea[name=lines]", "\n".join(names))
            mc.click("form:has(textarea[name=lines]) button[type=submit]")
            assert "Lady 19" in mc.inner_text("main")
            mc.click("form.start-form button")
            drive_url = mc.url.rsplit("/screen/", 1)[0]
            assert words["hand1"] in mc.inner_text("#screen")
            # The table numbers, with their codes.
            mc.goto(drive_url + "/print/tables/")
            codes = mc.locator(".table-sheet-code strong").all_inner_texts()
            assert len(codes) == 10
            # Table 1's phone joins with its code and enters hand 1.
            phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
            phone_context.add_cookies(cookies[1:])
            phone = phone_context.new_page()
            phone.goto(live_server.url + "/drives/join/")
            phone.fill("input[name=code]", codes[0].lower())
            phone.click("main form button[type=submit]")
            assert words["hand1"] in phone.inner_text("main")
            assert _fits(phone)
            phone.wait_for_load_state("load")  # the page's script listens from here on
            phone.fill("input[name=tricks_a]", "8")
            # 13 between them: the page fills the other side (waited for, not raced).
            phone.wait_for_function(
                "document.querySelector('input[name=tricks_b]').value === '5'", timeout=10000
            )
            # The card code of a player at the table (printed on their score card).
            phone.fill("input[name=card]", _card_at_table_1())
            phone.click("form.table-entry button[type=submit]")
            assert words["stored"] in phone.inner_text("main")
            for hand in range(1, 5):
                if hand == 2:  # a late gent arrives; a lady leaves after this round
                    mc.goto(drive_url + "/players/")
                    mc.fill("form:has(input[name=role]) input[name=name]", "Late Gent")
                    mc.check("input[name=role][value=gent]")
                    mc.click("form:has(input[name=role]) button[type=submit]")
                    mc.click("tr:has-text('Lady 5') form button")
                    mc.goto(drive_url + "/screen/")
                    assert words["joining"] in mc.inner_text("#screen")
                mc.goto(drive_url + "/enter/")
                for field in mc.locator("input[name^=a]").all():
                    field.fill(str(rng.randint(0, 13)))
                mc.click("form.entry-grid button[type=submit]")
                mc.goto(drive_url + "/screen/")
                if hand == 2:
                    assert words["half"] in mc.inner_text("#screen")
                mc.click("form.call-next button")
            # The prize list: cut every tie, as the MC would.
            assert "/prizes/" in mc.url
            for _ in range(12):
                if mc.locator("form.cut-form").count() == 0:
                    break
                mc.click("form.cut-form button")
            text = mc.inner_text("main")
            assert words["prize"] in text and words["booby"] in text
            mc.goto(drive_url + "/results/")
            assert words["prize"] in mc.inner_text("main")
        finally:
            browser.close()
    from drives.models import DriveStatus
    from drives.selectors import drive_state

    drive = Drive.objects.get(name="Parish drive")
    assert drive.status == DriveStatus.FINISHED and drive.tables == 10
    state = drive_state(drive)
    late = next(p for p in state.players.values() if p.name == "Late Gent")
    gone = next(p for p in state.players.values() if p.name == "Lady 5")
    assert [r.kind for r in state.cards[late.pk].rows] == [
        "absent",
        "absent",
        *(r.kind for r in state.cards[late.pk].rows[2:]),
    ] and late.first_round == 3
    assert state.cards[gone.pk].rows[-1].kind == "absent" and gone.last_round == 2
    assert state.entries[(1, 1)].tricks_a == 8 and state.entries[(1, 1)].via == "table"
    assert not [a for a in state.awards if a.status in ("cut_needed", "waiting")]


@pytest.mark.django_db(transaction=True)
def test_every_drive_page_fits_a_phone(live_server):
    """No sideways scrolling at 375 px, for the MC at the door and for the players."""
    playwright_sync = pytest.importorskip("playwright.sync_api")
    from clubs.models import Club
    from drives.models import DriveTable
    from tests.drives.conftest import new_drive, play_out, seat

    mc_user = User.objects.create_user("pat", password="pw")
    club = Club.objects.create(name="Parish Hall", slug="parish")
    finished = new_drive(club, mc_user)
    seat(finished, 5, 4)
    finished = play_out(finished)
    running = new_drive(club, mc_user)
    seat(running, 6, 6)
    from drives.running import drive_start

    drive_start(drive=running)
    code = DriveTable.objects.filter(drive=running).first().code
    player = finished.players.first()
    pages = [
        "/drives/",
        "/drives/new/",
        "/drives/join/",
        f"/drives/t/{code}/",
        f"/drives/{running.pk}/",
        f"/drives/{running.pk}/players/",
        f"/drives/{running.pk}/screen/",
        f"/drives/{running.pk}/enter/",
        f"/drives/{running.pk}/settings/",
        f"/drives/{finished.pk}/prizes/",
        f"/drives/{finished.pk}/results/",
        f"/drives/{finished.pk}/players/{player.pk}/",
        f"/drives/{finished.pk}/print/cards/",
        "/clubs/parish/drives/",
    ]
    cookies = _cookies(mc_user, live_server, "cs")
    with playwright_sync.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
            context.add_cookies(cookies)
            page = context.new_page()
            wide = []
            for path in pages:
                page.goto(live_server.url + path)
                if not _fits(page):
                    wide.append(path)
            assert not wide, f"sideways scrolling at 375 px: {wide}"
        finally:
            browser.close()
