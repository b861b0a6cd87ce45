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


@pytest.fixture(autouse=True)
def _no_requests_counted():
    """Each test starts with no password reset counted (the cache, Redis, outlives tests)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


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


def _reset(email: str, address: str = "10.1.0.1"):
    return Client(REMOTE_ADDR=address).post("/account/password/reset/", {"email": email})


def test_password_reset_does_the_same_work_for_a_known_and_an_unknown_address(
    ana, django_capture_on_commit_callbacks
):
    """Issue #22: the request queues one job either way (the job looks the address up), so
    neither the answer nor the work done tells whether the address is known."""
    answers, jobs = [], []
    for email in ("ana@example.org", "who@example.org"):
        with django_capture_on_commit_callbacks() as callbacks:
            answer = _reset(email)
        answers.append((answer.status_code, answer["Location"], answer.content))
        jobs.append(callbacks)
    assert answers[0] == answers[1] == (302, "/account/password/reset/sent/", b"")
    assert [len(queued) for queued in jobs] == [1, 1] and not mail.outbox
    for queued in jobs:
        queued[0]()  # the job runs (eagerly here): only Ana's sends
    assert [message.to for message in mail.outbox] == [["ana@example.org"]]


@pytest.mark.parametrize("email", ["ana@example.org", "who@example.org"])
def test_password_reset_is_limited_to_three_an_hour_per_address_known_or_not(
    ana, email, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        answers = [_reset(email, f"10.1.0.{n}").status_code for n in range(1, 6)]
    assert answers == [302, 302, 302, 429, 429]
    refused = _reset(email.upper(), "10.1.0.9")  # case does not make a new address
    assert refused.status_code == 429
    assert "Too many password reset requests for this address" in refused.content.decode()
    assert len(mail.outbox) == (3 if email.startswith("ana") else 0)


def test_password_reset_is_limited_to_ten_an_hour_per_client(ana):
    answers = [_reset(f"p{n}@example.org", "10.2.0.1").status_code for n in range(11)]
    assert answers == [302] * 10 + [429]
    assert _reset("ana@example.org", "10.2.0.1").status_code == 429
    assert _reset("ana@example.org", "10.2.0.2").status_code == 302  # another client


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
