"""API tokens: made by their owner on their page or through the API, stored hashed, expiring,
revoked by the owner or the club's secretaries, listed with their last use, which is
recorded at most once a minute per token (never a write per request)."""

from __future__ import annotations

import datetime as dt
import hashlib
from types import SimpleNamespace

import pytest
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.errors import ClubError
from clubs.models import ApiToken, Club, Member, Membership, Role, User
from clubs.tokens import ApiTokenAuthentication, token_create, token_revoke

pytestmark = pytest.mark.django_db


def _person(club: Club, username: str, role: str = Role.PLAYER, **membership) -> User:
    user = User.objects.create_user(username, password="a-long-pass-phrase")
    member = Member.objects.create(name=username.title(), user=user)
    Membership.objects.create(
        club=club, member=member, role=role, valid_from=dt.date(2020, 1, 1), **membership
    )
    return user


@pytest.fixture
def club():
    return Club.objects.create(name="Casino", slug="casino")


@pytest.fixture
def people(club):
    other = Club.objects.create(name="Ateneo", slug="ateneo")
    return {
        "player": _person(club, "pia"),
        "organiser": _person(club, "olga", Role.ORGANISER),
        "secretary": _person(club, "sara", Role.SECRETARY),
        "other_secretary": _person(other, "oscar", Role.SECRETARY),
    }


def _me(key: str):
    return APIClient(HTTP_AUTHORIZATION=f"Token {key}").get("/api/me/")


def _refused(key: str) -> str:
    """The reason a key is refused (401, or 403 where the session comes first)."""
    answer = _me(key)
    assert answer.status_code in (401, 403), answer.status_code
    return answer.json()["detail"]


def test_token_is_stored_as_its_hash_only_and_its_key_authenticates(people):
    issued = token_create(user=people["player"], name="phone")
    stored = ApiToken.objects.get()
    assert stored.key_hash == hashlib.sha256(issued.key.encode()).hexdigest()
    assert issued.key.startswith(stored.prefix) and len(stored.prefix) < len(issued.key) / 3
    columns = [f.attname for f in ApiToken._meta.concrete_fields]
    assert issued.key not in {str(getattr(stored, c)) for c in columns}
    answer = _me(issued.key)
    assert (answer.status_code, answer.json()["username"]) == (200, "pia")


def test_revoked_and_expired_tokens_are_refused_with_a_reason(people):
    user = people["player"]
    revoked = token_create(user=user, name="old phone")
    token_revoke(token=revoked.token, by=user)
    assert _refused(revoked.key) == "Invalid token."
    soon = token_create(user=user, name="script", expires=timezone.now() + dt.timedelta(hours=1))
    ApiToken.objects.filter(pk=soon.token.pk).update(
        expires=timezone.now() - dt.timedelta(seconds=1)
    )
    assert _refused(soon.key) == "Token expired."
    assert _refused("tnc_not-a-key") == "Invalid token."


@pytest.mark.parametrize(
    "name, expires, message",
    [
        ("  ", None, "Give the token a name"),
        ("x", dt.timedelta(seconds=-5), "in the future"),
        ("x", dt.timedelta(days=400), "at most a year"),
    ],
)
def test_token_create_refuses_no_name_a_past_expiry_and_more_than_a_year(
    people, name, expires, message
):
    when = timezone.now() + expires if expires else None
    with pytest.raises(ClubError, match=message):
        token_create(user=people["player"], name=name, expires=when)
    assert not ApiToken.objects.exists()


def test_last_use_is_recorded_at_most_once_a_minute(people, django_assert_num_queries):
    """One statement authenticates; the use is written when the recorded one is older than
    a minute (PostgreSQL: inside that statement; elsewhere one UPDATE more)."""
    issued = token_create(user=people["player"], name="phone")
    auth = ApiTokenAuthentication()
    first = 1 if connection.vendor == "postgresql" else 2
    with django_assert_num_queries(first):
        auth.authenticate_credentials(issued.key)
    used = ApiToken.objects.get().last_used
    assert used is not None and timezone.now() - used < dt.timedelta(seconds=5)
    with django_assert_num_queries(1):
        auth.authenticate_credentials(issued.key)
    assert ApiToken.objects.get().last_used == used
    long_ago = timezone.now() - dt.timedelta(seconds=61)
    ApiToken.objects.update(last_used=long_ago)
    with django_assert_num_queries(first):
        auth.authenticate_credentials(issued.key)
    assert ApiToken.objects.get().last_used > long_ago


def test_my_account_page_makes_a_token_shows_its_key_once_and_revokes_it(client, people):
    client.force_login(people["player"])
    made = client.post("/account/tokens/", {"name": "Table 3 phone", "days": "30"})
    assert made.status_code == 201
    token = ApiToken.objects.get()
    page = made.content.decode()
    key = page.split('<code id="new-token">')[1].split("</code>")[0]
    assert hashlib.sha256(key.encode()).hexdigest() == token.key_hash
    assert dt.timedelta(days=29) < token.expires - timezone.now() <= dt.timedelta(days=30)
    listing = client.get("/account/").content.decode()
    assert "Table 3 phone" in listing and token.prefix in listing and key not in listing
    assert client.post(f"/account/tokens/{token.pk}/revoke/").status_code == 302
    assert ApiToken.objects.get().revoked is not None and _refused(key) == "Invalid token."


def test_a_person_cannot_revoke_someone_elses_token_on_their_page(client, people):
    token = token_create(user=people["secretary"], name="laptop").token
    client.force_login(people["player"])
    assert client.post(f"/account/tokens/{token.pk}/revoke/").status_code == 404
    assert ApiToken.objects.get().revoked is None


def test_api_my_tokens_create_list_and_revoke_without_any_admin(people):
    api = APIClient()
    api.force_authenticate(people["player"])
    made = api.post("/api/me/tokens/", {"name": "results script"}, format="json")
    assert made.status_code == 201, made.content
    key = made.json()["key"]
    listed = api.get("/api/me/tokens/").json()
    assert [t["name"] for t in listed] == ["results script"] and "key" not in listed[0]
    assert _me(key).status_code == 200
    revoked = api.post(f"/api/me/tokens/{made.json()['id']}/revoke/")
    assert revoked.status_code == 200 and revoked.json()["revoked"]
    assert _refused(key) == "Invalid token."
    refused = api.post("/api/me/tokens/", {"name": ""}, format="json")
    assert refused.status_code == 400 and "name" in refused.json()


def test_a_token_cannot_make_tokens_that_would_outlive_it(people):
    """Issue #22: tokens are made from a logged-in session only, never with a token."""
    first = token_create(user=people["player"], name="script")
    with_token = APIClient(HTTP_AUTHORIZATION=f"Token {first.key}")
    refused = with_token.post("/api/me/tokens/", {"name": "child"}, format="json")
    assert refused.status_code == 403
    assert refused.json()["detail"].startswith("A token cannot make tokens: make them on your")
    assert list(ApiToken.objects.values_list("name", flat=True)) == ["script"]
    assert with_token.get("/api/me/tokens/").status_code == 200  # it still reads
    logged_in = APIClient()
    logged_in.force_login(people["player"])  # a session, as after /api/auth/login/
    made = logged_in.post("/api/me/tokens/", {"name": "phone"}, format="json")
    assert made.status_code == 201
    token_revoke(token=first.token, by=people["player"])
    assert _refused(first.key) == "Invalid token."
    assert _me(made.json()["key"]).status_code == 200  # made by the person, not the token


def test_club_secretary_lists_and_revokes_members_tokens_page_and_api(client, people):
    issued = token_create(user=people["player"], name="phone")
    token_create(user=people["other_secretary"], name="elsewhere")
    api = APIClient()
    api.force_authenticate(people["secretary"])
    listed = api.get("/api/clubs/casino/tokens/").json()["results"]
    assert [(t["member_name"], t["name"]) for t in listed] == [("Pia", "phone")]
    assert listed[0]["last_used"] is None
    client.force_login(people["secretary"])
    page = client.get("/clubs/casino/logins/").content.decode()
    assert "phone" in page and "elsewhere" not in page
    assert client.post(f"/clubs/casino/logins/tokens/{issued.token.pk}/revoke/").status_code == 302
    assert _refused(issued.key) == "Invalid token."
    assert ApiToken.objects.get(pk=issued.token.pk).revoked_by == people["secretary"]


def test_a_secretary_issues_a_token_for_the_clubs_work_from_the_club_page(client, people):
    """No superuser, no admin: the club's Logins and tokens page makes one, shows its key
    once, and lists it with its last use once it has been used."""
    client.force_login(people["secretary"])
    page = client.get("/clubs/casino/logins/").content.decode()
    assert 'action="/clubs/casino/logins/tokens/new/#tokens"' in page
    made = client.post("/clubs/casino/logins/tokens/new/", {"name": "results laptop", "days": 90})
    assert made.status_code == 201
    key = made.context["issued"].key
    assert key in made.content.decode()
    token = ApiToken.objects.get(name="results laptop")
    assert token.user == people["secretary"] and token.key_hash != key
    assert _me(key).status_code == 200
    again = client.get("/clubs/casino/logins/")
    assert key not in again.content.decode()  # shown once only
    listed = next(t for t in again.context["tokens"] if t.pk == token.pk)
    assert listed.last_used is not None
    refused = client.post("/clubs/casino/logins/tokens/new/", {"name": " ", "days": 90})
    assert refused.status_code == 400 and "name" in refused.context["token_form"].errors


@pytest.mark.parametrize("who", ["organiser", "player", "other_secretary"])
def test_only_the_clubs_secretaries_issue_club_tokens(client, people, who):
    client.force_login(people[who])
    answer = client.post("/clubs/casino/logins/tokens/new/", {"name": "x", "days": 90})
    assert answer.status_code == 403
    assert not ApiToken.objects.exists()


def test_another_clubs_secretary_and_an_organiser_cannot_touch_the_clubs_tokens(people):
    issued = token_create(user=people["player"], name="phone")
    for who, status in (("other_secretary", 403), ("organiser", 403), ("player", 403)):
        api = APIClient()
        api.force_authenticate(people[who])
        assert api.get("/api/clubs/casino/tokens/").status_code == status
        assert api.post(f"/api/clubs/casino/tokens/{issued.token.pk}/revoke/").status_code == status
    outsider = APIClient()
    outsider.force_authenticate(people["other_secretary"])
    assert outsider.post(f"/api/clubs/ateneo/tokens/{issued.token.pk}/revoke/").status_code == 404
    assert ApiToken.objects.get().revoked is None


def test_former_members_tokens_are_not_the_clubs_to_list(club, people):
    gone = _person(club, "gone", valid_to=dt.date(2021, 1, 1))
    token_create(user=gone, name="old")
    api = APIClient()
    api.force_authenticate(people["secretary"])
    assert api.get("/api/clubs/casino/tokens/").json()["results"] == []


@pytest.mark.parametrize("count", [1, 12])
def test_club_tokens_list_queries_do_not_grow_with_tokens(
    club, people, count, django_assert_num_queries
):
    for n in range(count):
        token_create(user=_person(club, f"member{n}"), name=f"phone {n}")
    api = APIClient()
    api.force_authenticate(people["secretary"])
    with django_assert_num_queries(4):  # club, roles, count, page of tokens with members
        answer = api.get("/api/clubs/casino/tokens/")
    assert answer.json()["count"] == count


def test_plain_keys_of_the_old_token_table_become_hashed_tokens_and_are_deleted(people):
    """The migration from DRF's authtoken table: the old key keeps working, hashed."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("clubs.migrations.0007_api_tokens_from_authtoken")
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE {quote('authtoken_token')} ({quote('key')} varchar(40) PRIMARY KEY,"
            f" {quote('created')} varchar(40), {quote('user_id')} bigint)"
        )
        cursor.execute(
            f"INSERT INTO {quote('authtoken_token')} VALUES (%s, %s, %s)",
            ["0123456789abcdef0123456789abcdef01234567", "2024-01-01", people["player"].pk],
        )
    try:
        migration.hash_old_tokens(apps, SimpleNamespace(connection=connection))
        assert _me("0123456789abcdef0123456789abcdef01234567").status_code == 200
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT COUNT(*) FROM {quote('authtoken_token')}")
            assert cursor.fetchone()[0] == 0
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE {quote('authtoken_token')}")
