"""The club's pages: list, home, member directory, adding and editing members and
memberships, the CSV import page and seasons, as a secretary, an organiser, a player and a
visitor see them."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from clubs.models import Club, ClubNight, Member, Membership, Role, Season
from tests.tournaments.factories import user_with_role
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club.objects.create(name="Casino de Madrid", slug="casino")


@pytest.fixture
def people(club):
    other = Club.objects.create(name="Círculo", slug="circulo")
    return {
        "player": user_with_role(club, Role.PLAYER, "pia"),
        "organiser": user_with_role(club, Role.ORGANISER, "olga"),
        "secretary": user_with_role(club, Role.SECRETARY, "sara"),
        "other_secretary": user_with_role(other, Role.SECRETARY, "oscar"),
    }


def test_club_list_links_every_club_home(client, club):
    page = client.get("/clubs/").content.decode()
    assert "/clubs/casino/" in page and "Casino de Madrid" in page


def test_club_home_shows_upcoming_events_latest_results_and_seasons(client, club):
    today = timezone.localdate()
    Tournament.objects.create(
        club=club,
        name="Spring pairs",
        slug="spring",
        starts=today + dt.timedelta(days=3),
        status="ready",
    )
    Tournament.objects.create(
        club=club, name="Draft cup", slug="draft", starts=today + dt.timedelta(days=3)
    )
    Tournament.objects.create(
        club=club,
        name="Winter pairs",
        slug="winter",
        starts=today - dt.timedelta(days=9),
        status="released",
    )
    Tournament.objects.create(
        club=club,
        name="Held back",
        slug="held",
        starts=today - dt.timedelta(days=9),
        status="finished",
    )
    night = ClubNight.objects.create(
        club=club, date=today + dt.timedelta(days=1), rule_profile="short"
    )
    season = Season.objects.create(
        club=club, name="2026", starts=today - dt.timedelta(days=60), ends=today
    )
    page = client.get("/clubs/casino/").content.decode()
    coming, _, latest = page.partition("Latest results")
    assert "Spring pairs" in coming and f"/clubs/casino/nights/{night.pk}/" in coming
    assert "Draft cup" not in page  # drafts are for organisers
    assert "Winter pairs" in latest and "Held back" not in page
    assert f"/clubs/casino/seasons/{season.pk}/ladder/" in page


def test_club_home_shows_drafts_to_organisers(client, club, people):
    Tournament.objects.create(
        club=club, name="Draft cup", slug="draft", starts=timezone.localdate()
    )
    client.force_login(people["organiser"])
    assert "Draft cup" in client.get("/clubs/casino/").content.decode()


@pytest.mark.parametrize(
    ("who", "sees_contacts"),
    [
        (None, False),
        ("player", False),
        ("other_secretary", False),
        ("organiser", True),
        ("secretary", True),
    ],
)
def test_directory_shows_email_and_phone_only_to_organisers_and_secretaries(
    client, club, people, who, sees_contacts
):
    member = Member.objects.create(name="Ana Ruiz", email="ana@example.org", phone="600 111")
    Membership.objects.create(
        club=club, member=member, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
    )
    if who:
        client.force_login(people[who])
    page = client.get("/clubs/casino/members/").content.decode()
    assert "Ana Ruiz" in page
    assert ("ana@example.org" in page) is sees_contacts
    assert ("600 111" in page) is sees_contacts


def test_directory_marks_former_members(client, club):
    member = Member.objects.create(name="Gone Away")
    Membership.objects.create(
        club=club,
        member=member,
        role=Role.PLAYER,
        valid_from=dt.date(2020, 1, 1),
        valid_to=dt.date(2021, 1, 1),
    )
    assert "former member" in client.get("/clubs/casino/members/").content.decode()


def test_secretary_adds_a_member_with_a_membership(client, club, people):
    client.force_login(people["secretary"])
    response = client.post(
        "/clubs/casino/members/new/",
        {
            "name": "Nuevo",
            "email": "n@example.org",
            "phone": "",
            "role": "player",
            "valid_from": "2026-01-01",
            "valid_to": "",
        },
    )
    assert response.status_code == 302
    membership = Membership.objects.get(member__name="Nuevo")
    assert (membership.club, membership.role) == (club, Role.PLAYER)


def test_adding_a_member_twice_is_refused_with_a_message_and_nothing_saved(client, club, people):
    client.force_login(people["secretary"])
    data = {"name": "Nuevo", "email": "n@example.org", "role": "player", "valid_from": "2026-01-01"}
    assert client.post("/clubs/casino/members/new/", data).status_code == 302
    response = client.post("/clubs/casino/members/new/", data)
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert Member.objects.filter(name="Nuevo").count() == 1
    assert Membership.objects.filter(member__name="Nuevo").count() == 1


def test_membership_cannot_end_before_it_starts(client, club, people):
    client.force_login(people["secretary"])
    response = client.post(
        "/clubs/casino/members/new/",
        {
            "name": "Backwards",
            "role": "player",
            "valid_from": "2026-05-01",
            "valid_to": "2026-01-01",
        },
    )
    assert response.status_code == 200
    assert "cannot end before it starts" in response.content.decode()
    assert not Member.objects.filter(name="Backwards").exists()


def test_secretary_edits_member_and_ends_a_membership(client, club, people):
    member = Member.objects.create(name="Ana")
    membership = Membership.objects.create(
        club=club, member=member, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
    )
    client.force_login(people["secretary"])
    base = f"/clubs/casino/members/{member.pk}/"
    assert client.post(base + "edit/", {"name": "Ana Ruiz", "phone": "1"}).status_code == 302
    assert Member.objects.get(pk=member.pk).name == "Ana Ruiz"
    response = client.post(
        f"/clubs/casino/memberships/{membership.pk}/edit/",
        {"role": "organiser", "valid_from": "2020-01-01", "valid_to": "2026-06-30"},
    )
    assert response.status_code == 302
    membership.refresh_from_db()
    assert (membership.role, membership.valid_to) == (Role.ORGANISER, dt.date(2026, 6, 30))
    response = client.post(
        base + "memberships/new/", {"role": "secretary", "valid_from": "2026-07-01"}
    )
    assert response.status_code == 302
    assert member.memberships.count() == 2


def test_secretary_cannot_edit_members_of_another_club(client, club, people):
    outsider = Member.objects.create(name="Outsider")
    Membership.objects.create(
        club=Club.objects.get(slug="circulo"),
        member=outsider,
        role=Role.PLAYER,
        valid_from=dt.date(2020, 1, 1),
    )
    client.force_login(people["secretary"])
    assert client.get(f"/clubs/casino/members/{outsider.pk}/edit/").status_code == 404
    client.force_login(people["other_secretary"])
    assert client.get(f"/clubs/casino/members/{outsider.pk}/edit/").status_code == 403


def _csv(text: str) -> SimpleUploadedFile:
    return SimpleUploadedFile("members.csv", text.encode(), content_type="text/csv")


def test_import_page_imports_a_good_file(client, club, people):
    client.force_login(people["secretary"])
    text = (
        "name,email,role,from\nAna,ana@example.org,player,2026-01-01\nBea,,organiser,2026-01-01\n"
    )
    response = client.post("/clubs/casino/members/import/", {"file": _csv(text)})
    assert response.status_code == 200
    assert "2 memberships imported" in response.content.decode()
    assert set(Membership.objects.filter(club=club).values_list("member__name", flat=True)) >= {
        "Ana",
        "Bea",
    }


def test_import_page_lists_refused_rows_and_imports_nothing(client, club, people):
    client.force_login(people["secretary"])
    before = Membership.objects.count()
    text = "name,role,from\nAna,player,2026-01-01\nBad,captain,2026-01-01\n,player,2026-01-01\n"
    page = client.post("/clubs/casino/members/import/", {"file": _csv(text)}).content.decode()
    assert "Nothing imported: 2 rows were refused" in page
    assert '<td class="num">3</td>' in page and "captain" in page
    assert '<td class="num">4</td>' in page
    assert Membership.objects.count() == before
    assert not Member.objects.filter(name="Ana").exists()


def test_import_page_refuses_a_file_that_is_not_utf8(client, club, people):
    client.force_login(people["secretary"])
    upload = SimpleUploadedFile("m.csv", "name,role,from\nJosé".encode("latin-1"))
    page = client.post("/clubs/casino/members/import/", {"file": upload}).content.decode()
    assert "not UTF-8" in page


def test_secretary_creates_and_edits_a_season_with_its_counting_rule(client, club, people):
    client.force_login(people["secretary"])
    data = {
        "name": "2026",
        "starts": "2026-01-01",
        "ends": "2026-12-31",
        "count_best": "8",
        "min_attendance": "3",
    }
    response = client.post("/clubs/casino/seasons/new/", data)
    season = Season.objects.get(club=club, name="2026")
    assert response.status_code == 302
    assert response["Location"] == f"/clubs/casino/seasons/{season.pk}/ladder/"
    assert (season.count_best, season.min_attendance) == (8, 3)
    response = client.post(f"/clubs/casino/seasons/{season.pk}/edit/", {**data, "count_best": ""})
    season.refresh_from_db()
    assert season.count_best is None
    page = client.get("/clubs/casino/seasons/").content.decode()
    assert "All results count" in page and "at least 3 results" in page


def test_season_twice_with_one_name_or_backwards_dates_is_refused(client, club, people):
    client.force_login(people["secretary"])
    data = {"name": "2026", "starts": "2026-01-01", "ends": "2026-12-31", "min_attendance": "1"}
    client.post("/clubs/casino/seasons/new/", data)
    page = client.post("/clubs/casino/seasons/new/", data).content.decode()
    assert "already exists" in page
    page = client.post(
        "/clubs/casino/seasons/new/", {**data, "name": "Back", "ends": "2025-01-01"}
    ).content.decode()
    assert "cannot end before it starts" in page
    page = client.post(
        "/clubs/casino/seasons/new/", {**data, "name": "Zero", "count_best": "0"}
    ).content.decode()
    assert "greater than or equal to 1" in page
    assert Season.objects.filter(club=club).count() == 1


def test_home_page_links_each_club_home(client, club):
    page = client.get("/").content.decode()
    assert 'href="/clubs/"' in page
    assert 'href="/clubs/casino/"' in page and 'href="/clubs/casino/seasons/"' in page
