"""A person's own account: reached from the home page after logging in; their name and
phone; the email changed only through a link sent to the new address; password change and
reset by email; logging out of every session."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core import mail
from django.test import Client

from clubs.models import Club, Member, Membership, Role, User

pytestmark = pytest.mark.django_db
PASSWORD = "Ab3-long-pass-phrase"


@pytest.fixture
def ana():
    club = Club.objects.create(name="Casino", slug="casino")
    user = User.objects.create_user("ana", password=PASSWORD, email="ana@example.org")
    member = Member.objects.create(name="Ana Ruiz", user=user, email="ana@example.org")
    Membership.objects.create(
        club=club, member=member, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
    )
    return user


def _logged_in(user: User) -> Client:
    client = Client()
    assert client.post("/login/", {"username": user.username, "password": PASSWORD}).status_code
    return client


def _link(body: str) -> str:
    return "/" + re.search(r"https?://[^/\s]+/(\S+)", body).group(1)


def test_after_logging_in_the_person_lands_on_their_page_linked_from_every_page(ana):
    client = Client()
    answer = client.post("/login/", {"username": "ana", "password": PASSWORD})
    assert answer["Location"] == "/me/"  # a player lands on My page (tenace.landing)
    home = client.get("/").content.decode()
    assert 'href="/account/"' in home
    page = client.get("/account/").content.decode()
    for part in ("Casino", "Change my password", "Log out everywhere", "API tokens", "Erase me"):
        assert part in page


def test_a_person_changes_their_name_and_phone(ana):
    client = _logged_in(ana)
    answer = client.post("/account/details/", {"name": "Ana R. Gil", "phone": "600 1"})
    assert answer.status_code == 302
    member = Member.objects.get(user=ana)
    assert (member.name, member.phone) == ("Ana R. Gil", "600 1")
    assert client.post("/account/details/", {"name": "", "phone": ""}).status_code == 400


def test_email_change_waits_for_the_link_sent_to_the_new_address(
    ana, django_capture_on_commit_callbacks
):
    client = _logged_in(ana)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            "/account/email/", {"new_email": "ana@new.example", "password": PASSWORD}
        )
    assert answer.status_code == 302
    ana.refresh_from_db()
    assert ana.email == "ana@example.org"  # not yet
    (message,) = mail.outbox
    assert message.to == ["ana@new.example"]
    link = _link(message.body)
    assert "Use this new address" in Client().get(link).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        assert Client().post(link).status_code == 302
    ana.refresh_from_db()
    assert ana.email == "ana@new.example"
    assert Member.objects.get(user=ana).email == "ana@new.example"
    assert mail.outbox[1].to == ["ana@example.org"]  # the former address is told
    assert Client().post(link).status_code == 400  # an old link does not work twice


def test_email_change_needs_the_password_and_a_valid_address(ana):
    client = _logged_in(ana)
    wrong = client.post("/account/email/", {"new_email": "x@example.org", "password": "nope"})
    assert wrong.status_code == 400 and "This is not your password" in wrong.content.decode()
    bad = client.post("/account/email/", {"new_email": "not-an-address", "password": PASSWORD})
    assert bad.status_code == 400 and not mail.outbox


def test_a_damaged_email_change_link_is_refused(ana):
    answer = Client().post("/account/email/confirm/abc:def/")
    assert answer.status_code == 400 and "not valid" in answer.content.decode()


def test_password_reset_by_email_then_log_in_with_the_new_one(
    ana, django_capture_on_commit_callbacks
):
    client = Client()
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post("/account/password/reset/", {"email": "ANA@example.org"})
    assert answer.status_code == 302
    (message,) = mail.outbox
    link = _link(message.body)
    form = client.get(link, follow=True)
    assert "new password" in form.content.decode().lower()
    new = "Zq9-another-long-one"
    done = client.post(form.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    assert done.status_code == 302
    assert Client().post("/login/", {"username": "ana", "password": new})["Location"] == ("/me/")


def test_password_reset_for_an_unknown_address_sends_nothing_and_says_the_same(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        answer = Client().post("/account/password/reset/", {"email": "who@example.org"})
    assert answer.status_code == 302 and not mail.outbox


def test_password_change_keeps_this_session_and_ends_the_others(ana):
    here, elsewhere = _logged_in(ana), _logged_in(ana)
    new = "Zq9-another-long-one"
    answer = here.post(
        "/account/password/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert answer.status_code == 302
    assert here.get("/account/").status_code == 200
    assert elsewhere.get("/account/").status_code == 302  # to the login page


def test_log_out_everywhere_ends_every_session(ana):
    here, elsewhere = _logged_in(ana), _logged_in(ana)
    assert elsewhere.get("/account/").status_code == 200
    assert here.post("/account/sessions/end/")["Location"] == "/login/"
    assert here.get("/account/").status_code == 302
    assert elsewhere.get("/account/").status_code == 302
    assert _logged_in(ana).get("/account/").status_code == 200  # the password still works
