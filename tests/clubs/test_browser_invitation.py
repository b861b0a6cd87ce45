"""As people would, in headless Chromium on a phone-sized screen: a secretary invites a
member from the member's page, the member opens the link that the console email backend
printed, chooses a username and password, logs in and lands on their own page."""

from __future__ import annotations

import datetime as dt
import re
import shutil

import pytest
from django.test import Client, override_settings

from clubs.models import Club, Member, Membership, Role, User

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PHONE = {"width": 375, "height": 812}
PASSWORD = "Ab3-long-pass-phrase"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not shutil.which("chromium"), reason="needs Debian's chromium"),
]


@pytest.mark.django_db(transaction=True)
@override_settings(EMAIL_BACKEND="django.core.mail.backends.console.EmailBackend")
def test_secretary_invites_and_the_member_logs_in_by_the_printed_link(live_server, capfd):
    playwright_sync = pytest.importorskip("playwright.sync_api")
    club = Club.objects.create(name="Casino", slug="casino")
    sara = User.objects.create_user("sara", password=PASSWORD)
    Membership.objects.create(
        club=club,
        member=Member.objects.create(name="Sara", user=sara),
        role=Role.SECRETARY,
        valid_from=dt.date(2020, 1, 1),
    )
    ana = Member.objects.create(name="Ana Ruiz", email="ana@example.org")
    Membership.objects.create(
        club=club, member=ana, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
    )
    client = Client()
    client.force_login(sara)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value}
    with playwright_sync.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            secretary = browser.new_context(viewport=PHONE, is_mobile=True)
            secretary.add_cookies([cookie | {"url": live_server.url}])
            page = secretary.new_page()
            page.goto(live_server.url)
            page.click("text=Members")
            page.locator("tr", has_text="Ana Ruiz").get_by_role("link", name="Edit").click()
            page.click("text=Invite by email")
            page.wait_for_selector("text=by email to ana@example.org")
            assert _fits(page)
            for link in ("Back to the members", "Invite members to log in"):
                page.click(f"text={link}")
                assert _fits(page), page.url
            page.goto(f"{live_server.url}/clubs/casino/members/")
            page.click("text=Logins and tokens")
            page.wait_for_selector("h2:has-text('Role history')")
            assert _fits(page)

            printed = capfd.readouterr().out
            link = re.search(r"http://\S+/account/invitation/[0-9A-Z]{12}/", printed).group(0)
            member = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
            member.goto(link)
            member.wait_for_selector("text=Welcome to Casino")
            member.fill("#id_username", "ana")
            member.fill("#id_password1", PASSWORD)
            member.fill("#id_password2", PASSWORD)
            assert _fits(member)
            member.click("text=Create my login")
            member.wait_for_selector("text=Your login is ready")
            assert member.input_value("#id_username") == "ana"
            member.fill("#id_password", PASSWORD)
            member.click("form.stack button[type=submit]")
            member.wait_for_selector("h1:has-text('My page')")  # a player lands on My page
            assert member.url == f"{live_server.url}/me/"
            member.goto(f"{live_server.url}/account/")
            assert "Casino" in member.inner_text("#clubs ~ ul")
            assert _fits(member)
        finally:
            browser.close()
    assert User.objects.get(username="ana").member == ana


def _fits(page) -> bool:
    """No sideways scrolling on the phone."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
