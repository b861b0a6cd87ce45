"""Contact details are the person's own: once they have a login only they change them; a
secretary changes them only while the record is the club's alone (no login, no other club);
a club sees them only while a membership there has not ended; no club attaches another
club's member by email."""

from __future__ import annotations

import datetime as dt

import pytest
from rest_framework.test import APIClient

from clubs.models import Club, Member, Membership, Role, User
from clubs.services import member_add

pytestmark = pytest.mark.django_db


def _member(club: Club, name: str, *, user: User | None = None, **membership) -> Member:
    member = Member.objects.create(
        name=name, user=user, email=f"{name.lower()}@example.org", phone="600"
    )
    Membership.objects.create(
        club=club,
        member=member,
        role=membership.pop("role", Role.PLAYER),
        valid_from=dt.date(2020, 1, 1),
        **membership,
    )
    return member


@pytest.fixture
def world():
    casino = Club.objects.create(name="Casino", slug="casino")
    ateneo = Club.objects.create(name="Ateneo", slug="ateneo")
    sara = User.objects.create_user("sara", password="pw")
    _member(casino, "Sara", user=sara, role=Role.SECRETARY)
    oscar = User.objects.create_user("oscar", password="pw")
    _member(ateneo, "Oscar", user=oscar, role=Role.SECRETARY)
    ana_user = User.objects.create_user("ana", password="pw")
    return {
        "casino": casino,
        "ateneo": ateneo,
        "sara": sara,
        "oscar": oscar,
        "ana_user": ana_user,
        "ana": _member(casino, "Ana", user=ana_user),  # has a login
        "luis": _member(casino, "Luis"),  # the club's alone
        "both": _member(ateneo, "Both"),  # no login, in both clubs
    }


def _api(user: User) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def test_secretary_edits_a_record_that_is_the_clubs_alone(world):
    answer = _api(world["sara"]).patch(
        f"/api/clubs/casino/members/{world['luis'].pk}/", {"phone": "611"}, format="json"
    )
    assert answer.status_code == 200 and Member.objects.get(pk=world["luis"].pk).phone == "611"


def test_secretary_cannot_edit_a_member_with_a_login_page_or_api(client, world):
    ana = world["ana"]
    answer = _api(world["sara"]).patch(
        f"/api/clubs/casino/members/{ana.pk}/", {"phone": "611"}, format="json"
    )
    assert answer.status_code == 403 and "their own" in answer.json()["detail"]
    client.force_login(world["sara"])
    page = client.get(f"/clubs/casino/members/{ana.pk}/edit/").content.decode()
    assert 'name="phone"' not in page and "are the member's own" in page
    client.post(f"/clubs/casino/members/{ana.pk}/edit/", {"name": "X", "phone": "1"})
    assert Member.objects.get(pk=ana.pk).name == "Ana"


def test_no_club_edits_what_another_club_sees(world):
    both = world["both"]
    Membership.objects.create(
        club=world["casino"], member=both, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
    )
    for secretary, slug in (("sara", "casino"), ("oscar", "ateneo")):
        answer = _api(world[secretary]).patch(
            f"/api/clubs/{slug}/members/{both.pk}/", {"phone": "699"}, format="json"
        )
        assert answer.status_code == 403
    assert Member.objects.get(pk=both.pk).phone == "600"


def test_the_person_edits_their_own_details_but_not_their_email_without_the_link(world):
    api = _api(world["ana_user"])
    url = f"/api/clubs/casino/members/{world['ana'].pk}/"
    assert api.patch(url, {"phone": "622"}, format="json").status_code == 200
    refused = api.patch(url, {"email": "new@example.org"}, format="json")
    assert refused.status_code == 400 and "confirmed by a link" in refused.json()["detail"]
    ana = Member.objects.get(pk=world["ana"].pk)
    assert (ana.phone, ana.email) == ("622", "ana@example.org")


def test_another_clubs_secretary_never_reads_the_contacts(world):
    listed = _api(world["oscar"]).get("/api/clubs/casino/members/").json()["results"]
    assert listed and not any("email" in m or "phone" in m for m in listed)
    mine = _api(world["sara"]).get("/api/clubs/casino/members/").json()["results"]
    assert {m["name"]: m.get("email") for m in mine}["Ana"] == "ana@example.org"


def test_a_former_members_contacts_are_hidden_from_the_club(client, world):
    gone = _member(world["casino"], "Gone", valid_to=dt.date(2021, 1, 1))
    listed = _api(world["sara"]).get("/api/clubs/casino/members/").json()["results"]
    entry = next(m for m in listed if m["name"] == "Gone")
    assert "email" not in entry and "phone" not in entry
    client.force_login(world["sara"])
    page = client.get("/clubs/casino/members/").content.decode()
    assert "Gone" in page and gone.email not in page and "ana@example.org" in page


def test_adding_a_member_never_attaches_another_clubs_person_by_email(world):
    answer = _api(world["sara"]).post(
        "/api/clubs/casino/members/",
        {"name": "Both C.", "email": "BOTH@example.org", "valid_from": "2026-01-01"},
        format="json",
    )
    assert answer.status_code == 201 and answer.json()["id"] != world["both"].pk
    Member.objects.filter(pk=answer.json()["id"]).update(email="")
    membership = member_add(
        club=world["casino"],
        name="Both B.",
        email="both@example.org",
        role="player",
        valid_from=dt.date(2026, 1, 1),
        by=world["sara"],
    )
    assert membership.member.pk != world["both"].pk
    assert not Membership.objects.filter(club=world["casino"], member=world["both"]).exists()
