"""Login throttling (django-axes): after N failures for one username or from one address,
every login form — the site's, the API's (browsable) and the admin's — refuses with a clear
message in the reader's language (429), and a club's organiser or secretary unlocks it from
the club's "Logins and tokens" page (never another club's members)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client, override_settings

from clubs.models import Club, Member, Membership, Role, User

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("_three_failures_lock")]
PASSWORD = "a-long-pass-phrase"


@pytest.fixture
def _three_failures_lock():
    with override_settings(AXES_FAILURE_LIMIT=3):
        yield


def _person(club: Club, username: str, role: str = Role.PLAYER) -> User:
    user = User.objects.create_user(username, password=PASSWORD)
    member = Member.objects.create(name=username.title(), user=user)
    Membership.objects.create(club=club, member=member, role=role, valid_from=dt.date(2020, 1, 1))
    return user


@pytest.fixture
def people():
    club = Club.objects.create(name="Casino", slug="casino")
    other = Club.objects.create(name="Ateneo", slug="ateneo")
    return {
        "player": _person(club, "pia"),
        "organiser": _person(club, "olga", Role.ORGANISER),
        "secretary": _person(club, "sara", Role.SECRETARY),
        "other_secretary": _person(other, "oscar", Role.SECRETARY),
        "outsider": _person(other, "otto"),
    }


def _login(username: str, password: str, *, address: str = "10.0.0.1", url: str = "/login/"):
    client = Client(REMOTE_ADDR=address)
    return client.post(url, {"username": username, "password": password})


def _lock(username: str, *, address: str = "10.0.0.1") -> None:
    """Three failures: the first two answer the form again, the third the lockout."""
    for attempt in range(3):
        status = _login(username, "wrong", address=address).status_code
        assert status == (429 if attempt == 2 else 200)


def test_three_failures_for_a_username_lock_it_even_with_the_right_password(people):
    _lock("pia")
    refused = _login("pia", PASSWORD, address="10.9.9.9")  # another address: still locked
    assert refused.status_code == 429
    assert "Too many failed logins" in refused.content.decode()
    assert _login("olga", PASSWORD, address="10.9.9.9").status_code == 302


def test_failures_from_one_address_lock_that_address_for_every_username(people):
    for username in ("nobody1", "nobody2", "nobody3"):
        _login(username, "wrong", address="10.0.0.7")
    assert _login("olga", PASSWORD, address="10.0.0.7").status_code == 429
    assert _login("olga", PASSWORD, address="10.0.0.8").status_code == 302


def test_the_lockout_message_is_in_the_readers_language(people):
    _lock("pia")
    client = Client(REMOTE_ADDR="10.0.0.2", HTTP_ACCEPT_LANGUAGE="es")
    refused = client.post("/login/", {"username": "pia", "password": PASSWORD})
    assert refused.status_code == 429
    assert "Demasiados intentos" in refused.content.decode()
    client = Client(REMOTE_ADDR="10.0.0.3", HTTP_ACCEPT_LANGUAGE="cs")
    refused = client.post("/login/", {"username": "pia", "password": PASSWORD})
    assert "Příliš mnoho" in refused.content.decode()


@pytest.mark.parametrize("url", ["/api/auth/login/", "/admin/login/"])
def test_the_api_and_admin_login_forms_are_throttled_too(people, url):
    for attempt in range(3):
        assert _login("pia", "wrong", url=url).status_code == (429 if attempt == 2 else 200)
    assert _login("pia", PASSWORD, url=url, address="10.5.5.5").status_code == 429


def test_a_script_asking_for_json_gets_the_reason_as_json(people):
    _lock("pia")
    client = Client(REMOTE_ADDR="10.0.0.4", HTTP_ACCEPT="application/json")
    refused = client.post("/api/auth/login/", {"username": "pia", "password": PASSWORD})
    assert refused.status_code == 429 and "Too many failed logins" in refused.json()["detail"]


@pytest.mark.parametrize("who", ["secretary", "organiser"])
def test_a_clubs_secretary_or_organiser_unlocks_a_member(client, people, who):
    _lock("pia")
    client.force_login(people[who])
    page = client.get("/clubs/casino/logins/").content.decode()
    assert "pia" in page and "10.0.0.1" in page
    answer = client.post("/clubs/casino/logins/unlock/", {"kind": "username", "value": "pia"})
    assert answer.status_code == 302
    assert _login("pia", PASSWORD, address="10.0.0.9").status_code == 302


def test_the_club_unlocks_an_address_its_members_failed_from(client, people):
    _lock("pia", address="10.0.0.5")
    client.force_login(people["secretary"])
    client.post("/clubs/casino/logins/unlock/", {"kind": "username", "value": "pia"})
    for username in ("x1", "x2", "pia"):
        _login(username, "wrong", address="10.0.0.5")
    assert _login("olga", PASSWORD, address="10.0.0.5").status_code == 429
    client.post("/clubs/casino/logins/unlock/", {"kind": "address", "value": "10.0.0.5"})
    assert _login("olga", PASSWORD, address="10.0.0.5").status_code == 302


def test_another_clubs_lockouts_are_neither_shown_nor_unlocked(client, people):
    _lock("otto")
    client.force_login(people["secretary"])
    assert "otto" not in client.get("/clubs/casino/logins/").content.decode()
    answer = client.post(
        "/clubs/casino/logins/unlock/", {"kind": "username", "value": "otto"}, follow=True
    )
    assert "not one of this club" in answer.content.decode()
    assert _login("otto", PASSWORD, address="10.9.9.1").status_code == 429


def test_a_player_cannot_see_or_unlock_logins(client, people):
    _lock("olga")
    client.force_login(people["player"])
    assert client.get("/clubs/casino/logins/").status_code == 403
    assert client.post("/clubs/casino/logins/unlock/", {"value": "olga"}).status_code == 403


def test_guessing_the_password_on_my_account_is_throttled_like_a_login(people):
    client = Client(REMOTE_ADDR="10.0.0.6")
    client.force_login(people["player"])
    for attempt in range(3):
        answer = client.post("/account/email/", {"new_email": "x@example.org", "password": "no"})
        assert answer.status_code == (429 if attempt == 2 else 400)
    assert _login("pia", PASSWORD, address="10.7.7.7").status_code == 429


def test_guessing_the_old_password_when_changing_it_is_throttled_like_a_login(people):
    client = Client(REMOTE_ADDR="10.0.0.11")
    client.force_login(people["player"])
    guess = {
        "old_password": "no",
        "new_password1": "x-Quite-new-9",
        "new_password2": "x-Quite-new-9",
    }
    for attempt in range(3):
        answer = client.post("/account/password/", guess)
        assert answer.status_code == (429 if attempt == 2 else 200)
    assert "Too many failed logins" in answer.content.decode()
    right = {**guess, "old_password": PASSWORD}
    assert client.post("/account/password/", right).status_code == 429  # locked, even so
    assert _login("pia", PASSWORD, address="10.7.7.8").status_code == 429


def test_the_right_old_password_still_changes_it(people):
    client = Client(REMOTE_ADDR="10.0.0.12")
    client.force_login(people["player"])
    new = "x-Quite-new-9"
    answer = client.post(
        "/account/password/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert answer.status_code == 302
    assert _login("pia", new, address="10.0.0.13").status_code == 302
