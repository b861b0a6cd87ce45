"""Erasure in the clubs app alone: the person's roles end (they can no longer act), a club's
only secretary is refused (the club must keep one), and the login is gone."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone

from clubs.errors import ClubError
from clubs.models import Club, Member, Membership, Role, RoleChange, User
from clubs.people import PSEUDONYM_START, person_erase
from clubs.services import member_update

pytestmark = pytest.mark.django_db
PASSWORD = "Ab3-long-pass-phrase"


def _person(club: Club, username: str, role: str, **dates) -> Member:
    user = User.objects.create_user(username, password=PASSWORD, email=f"{username}@x.org")
    member = Member.objects.create(name=username.title(), user=user, email=f"{username}@x.org")
    Membership.objects.create(
        club=club, member=member, role=role, valid_from=dates.get("start", dt.date(2020, 1, 1))
    )
    return member


@pytest.fixture
def club():
    return Club.objects.create(name="Casino", slug="casino")


def test_the_only_secretary_is_not_erased_and_is_told_why(club):
    sara = _person(club, "sara", Role.SECRETARY)
    client = Client()
    client.force_login(sara.user)
    answer = client.post("/account/erase/", {"password": PASSWORD, "understood": "on"})
    assert answer.status_code == 200 and "only secretary of Casino" in answer.content.decode()
    sara.refresh_from_db()
    assert (sara.name, sara.erased, sara.user.is_active) == ("Sara", None, True)
    assert not RoleChange.objects.exists()


def test_an_erased_players_roles_end_and_future_ones_go(club):
    _person(club, "sara", Role.SECRETARY)
    pia = _person(club, "pia", Role.PLAYER)
    future = Membership.objects.create(
        club=club,
        member=pia,
        role=Role.ORGANISER,
        valid_from=timezone.localdate() + dt.timedelta(days=5),
    )
    pseudonym = person_erase(member=pia, by=None)
    assert pseudonym.startswith(PSEUDONYM_START)
    (kept,) = Membership.objects.filter(member=pia)
    assert kept.valid_to == timezone.localdate() - dt.timedelta(days=1)
    assert not Membership.objects.filter(pk=future.pk).exists()
    assert RoleChange.objects.filter(member=pia).count() == 2
    assert Client().post("/login/", {"username": "pia", "password": PASSWORD}).status_code == 200
    assert person_erase(member=pia, by=None) == pseudonym  # again: nothing changes


def test_erasing_a_secretary_who_handed_over_works(club):
    sara = _person(club, "sara", Role.SECRETARY)
    _person(club, "tere", Role.SECRETARY)
    person_erase(member=sara, by=None)
    sara.refresh_from_db()
    assert sara.erased and sara.email == "" and not sara.user.is_active


def test_nobody_else_edits_an_erased_record(club):
    sara = _person(club, "sara", Role.SECRETARY)
    pia = Member.objects.create(name="Pia")
    Membership.objects.create(
        club=club, member=pia, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
    )
    person_erase(member=pia, by=sara.user)
    client = Client()
    client.force_login(sara.user)
    page = client.get(f"/clubs/casino/members/{pia.pk}/edit/").content.decode()
    assert "Erased at the member" in page and 'name="name"' not in page
    pia.refresh_from_db()
    with pytest.raises(ClubError):
        member_update(member=pia, name="Pia", by=sara.user)
