"""The people pages read a fixed number of queries however many rows they show: the member
directory (with waiting invitations), the club's logins and tokens, My account, the invite
list."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.invitations import invitation_create
from clubs.models import Club, Member, Membership, Role, User
from clubs.roles import role_grant
from clubs.tokens import token_create

pytestmark = pytest.mark.django_db


def _world(rows: int):
    club = Club.objects.create(name="Casino", slug="casino")
    sara = User.objects.create_user("sara", password="pw")
    Membership.objects.create(
        club=club,
        member=Member.objects.create(name="Sara", user=sara),
        role=Role.SECRETARY,
        valid_from=dt.date(2020, 1, 1),
    )
    for n in range(rows):
        user = User.objects.create_user(f"user{n}", password="pw")
        member = Member.objects.create(name=f"Member {n}", user=user, email=f"m{n}@example.org")
        role_grant(
            club=club,
            member=member,
            role="player",
            valid_from=dt.date(2020, 1, 1),
            by=sara,
            new_member=True,
        )
        token_create(user=user, name=f"phone {n}")
        token_create(user=sara, name=f"script {n}")
        invited = Member.objects.create(name=f"Guest {n}", email=f"g{n}@example.org")
        Membership.objects.create(
            club=club, member=invited, role="player", valid_from=dt.date(2020, 1, 1)
        )
        invitation_create(club=club, member=invited, by=sara, accept_url=lambda c: c)
    return sara


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured.captured_queries)


@pytest.mark.parametrize(
    "url",
    [
        "/clubs/casino/members/",
        "/clubs/casino/logins/",
        "/account/",
        "/clubs/casino/members/invite/",
    ],
)
def test_people_pages_read_the_same_number_of_queries_for_1_and_many_rows(client, url):
    counts = []
    for rows in (1, 8):
        Club.objects.all().delete()
        Member.objects.all().delete()
        User.objects.all().delete()
        client.force_login(_world(rows))
        counts.append(_queries(client, url))
    assert counts[0] == counts[1], counts
