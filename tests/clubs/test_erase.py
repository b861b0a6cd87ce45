"""Erasure in the clubs app alone: the person's roles end (they can no longer act), a club's
only secretary is refused (the club must keep one), and the login is gone."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

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


# --- a person shared by two clubs (issue #22) -----------------------------------------


@pytest.fixture
def shared(club):
    """Pia (with a login) plays in Casino and Ateneo; Sara is Casino's secretary only, Olga
    Ateneo's; Tere is a secretary of both."""
    ateneo = Club.objects.create(name="Ateneo", slug="ateneo")
    sara = _person(club, "sara", Role.SECRETARY)
    olga = _person(ateneo, "olga", Role.SECRETARY)
    tere = _person(club, "tere", Role.SECRETARY)
    Membership.objects.create(
        club=ateneo, member=tere, role=Role.SECRETARY, valid_from=dt.date(2020, 1, 1)
    )
    pia = _person(club, "pia", Role.PLAYER)
    Membership.objects.create(
        club=ateneo, member=pia, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
    )
    return SimpleNamespace(casino=club, ateneo=ateneo, sara=sara, olga=olga, tere=tere, pia=pia)


def _open_clubs(member: Member) -> list[str]:
    today = timezone.localdate()
    return sorted(
        Membership.objects.filter(member=member)
        .exclude(valid_to__lt=today)
        .values_list("club__slug", flat=True)
    )


def test_one_clubs_secretary_erases_a_shared_person_from_that_club_only(shared):
    client = Client()
    client.force_login(shared.sara.user)
    url = f"/clubs/casino/members/{shared.pia.pk}/erase/"
    page = client.get(url).content.decode()
    assert "erase them from this club only" in page
    done = client.post(url, {"understood": "on"}, follow=True)
    assert "Pia&#x27;s membership of Casino has ended" in done.content.decode()
    pia = Member.objects.get(pk=shared.pia.pk)
    assert (pia.name, pia.email, pia.erased, pia.user.is_active) == ("Pia", "pia@x.org", None, True)
    assert _open_clubs(pia) == ["ateneo"]  # Ateneo's membership is untouched
    assert Client().login(username="pia", password=PASSWORD)  # the login still works
    # Casino no longer reads her contact details; Ateneo still does.
    casino_page = client.get(f"/clubs/casino/members/{pia.pk}/edit/")
    assert "pia@x.org" not in casino_page.content.decode()


def test_the_erasure_service_refuses_a_secretary_of_only_one_of_the_persons_clubs(shared):
    with pytest.raises(ClubError, match="needs the person themselves, or a secretary of every"):
        person_erase(member=shared.pia, by=shared.sara.user)
    with pytest.raises(ClubError, match="needs the person themselves"):
        person_erase(member=shared.pia, by=shared.olga.user)
    pia = Member.objects.get(pk=shared.pia.pk)
    assert (pia.erased, _open_clubs(pia)) == (None, ["ateneo", "casino"])


def test_a_secretary_of_every_club_or_the_person_erases_everywhere(shared):
    client = Client()
    client.force_login(shared.tere.user)
    client.post(f"/clubs/casino/members/{shared.pia.pk}/erase/", {"understood": "on"})
    pia = Member.objects.get(pk=shared.pia.pk)
    assert pia.name.startswith(PSEUDONYM_START) and not pia.user.is_active
    assert _open_clubs(pia) == []
    # The person herself (Olga, secretary of Ateneo, where Tere is one too).
    assert person_erase(member=shared.olga, by=shared.olga.user).startswith(PSEUDONYM_START)
