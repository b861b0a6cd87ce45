"""The clubs API for a club's data: settings, the member directory (contact details only for
organisers and secretaries), the CSV import (all or nothing), memberships, seasons and the
ladder."""

from __future__ import annotations

import pytest

from clubs.models import Club, Member, Membership, Season
from clubs.rubbers import hand_enter
from tests.clubs.api_world import World, world_make

pytestmark = pytest.mark.django_db


@pytest.fixture
def world() -> World:
    return world_make()


def _results(response) -> list[dict]:
    assert response.status_code == 200, response.content
    return response.json()["results"]


def test_api_club_read_by_slug_gives_its_settings(world):
    data = world.client("anonymous").get(world.base).json()
    assert data["slug"] == "casino" and data["rule_profile"] == "short"
    names = [c["name"] for c in _results(world.client("anonymous").get("/api/clubs/"))]
    assert names == ["Ateneo", "Casino"]


def test_api_club_settings_refused_by_the_engine_are_400_and_nothing_changes(world):
    client = world.client("secretary")
    response = client.patch(world.base, {"rule_overrides": {"game_target": 0}}, format="json")
    assert response.status_code == 400
    assert "game_target" in response.json()["detail"]
    response = client.patch(world.base, {"time_zone": "Mars/Olympus"}, format="json")
    assert response.status_code == 400 and "Mars/Olympus" in response.json()["detail"]
    club = Club.objects.get(pk=world.club.pk)
    assert club.rule_overrides == {} and club.time_zone == "Europe/Madrid"


def test_api_club_slug_never_changes(world):
    response = world.client("secretary").patch(
        world.base, {"slug": "elsewhere", "rule_overrides": {"game_target": 7}}, format="json"
    )
    assert response.status_code == 200, response.content
    club = Club.objects.get(pk=world.club.pk)
    assert club.slug == "casino" and club.rule_overrides == {"game_target": 7}


@pytest.mark.parametrize(
    ("role", "sees_contact"),
    [
        ("anonymous", False),
        ("player", False),
        ("other_secretary", False),
        ("organiser", True),
        ("secretary", True),
    ],
)
def test_api_members_contact_details_only_for_organisers_and_secretaries(world, role, sees_contact):
    client = world.client(role)
    rows = {m["name"]: m for m in _results(client.get(world.base + "members/"))}
    player = rows[world.members["player"].name]
    assert player["memberships"][0]["role"] == "player"
    assert ("email" in player) is sees_contact
    if sees_contact:
        assert player["email"] == "player@example.org" and player["phone"] == "600 000 001"
    one = client.get(world.base + f"members/{world.members['player'].pk}/").json()
    assert ("phone" in one) is sees_contact


def test_api_members_lists_only_this_clubs_members(world):
    rows = _results(world.client("anonymous").get(world.base + "members/"))
    assert world.members["other_secretary"].name not in {m["name"] for m in rows}
    assert len(rows) == 6  # player, organiser, secretary and three more at the table
    url = world.base + f"members/{world.members['other_secretary'].pk}/"
    assert world.client("anonymous").get(url).status_code == 404


def test_api_member_add_reuses_a_known_email_and_refuses_bad_dates(world):
    client = world.client("secretary")
    body = {
        "name": "Player again",
        "email": "PLAYER@example.org",
        "role": "organiser",
        "valid_from": "2026-01-01",
    }
    response = client.post(world.base + "members/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["id"] == world.members["player"].pk
    assert Member.objects.filter(email__iexact="player@example.org").count() == 1
    body = {"name": "Late", "valid_from": "2026-05-01", "valid_to": "2026-01-01"}
    response = client.post(world.base + "members/", body, format="json")
    assert response.status_code == 400
    assert not Member.objects.filter(name="Late").exists()


def test_api_member_import_with_a_bad_row_imports_nothing_and_lists_it(world):
    text = (
        "name,role,from,email\n"
        "Ana Ruiz,player,2026-01-01,ana@example.org\n"
        "Bad Role,captain,2026-01-01,\n"
        "No Date,player,,\n"
    )
    response = world.client("secretary").post(
        world.base + "members/import/", {"csv": text}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["created"] == 0
    assert [r["line"] for r in body["refused"]] == [3, 4]
    assert "captain" in body["refused"][0]["reason"]
    assert not Member.objects.filter(name="Ana Ruiz").exists()


def test_api_member_import_as_an_uploaded_file(world):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile(
        "members.csv", b"\xef\xbb\xbfname,role,from\nEva Sanz,organiser,2026-01-01\n"
    )
    response = world.client("secretary").post(
        world.base + "members/import/", {"file": upload}, format="multipart"
    )
    assert response.status_code == 201, response.content
    assert response.json() == {"created": 1, "refused": []}
    membership = Membership.objects.get(member__name="Eva Sanz")
    assert membership.club == world.club and membership.role == "organiser"


def test_api_member_import_without_csv_is_400(world):
    response = world.client("secretary").post(world.base + "members/import/", {}, format="json")
    assert response.status_code == 400


def test_api_membership_dates_out_of_order_are_refused(world):
    membership = world.members["player"].memberships.get()
    response = world.client("secretary").patch(
        world.base + f"memberships/{membership.pk}/", {"valid_to": "2019-01-01"}, format="json"
    )
    assert response.status_code == 400
    membership.refresh_from_db()
    assert membership.valid_to is None


def test_api_season_counting_rule_is_checked(world):
    client = world.client("secretary")
    body = {"name": "Bad", "starts": "2027-01-01", "ends": "2027-12-31", "count_best": 0}
    assert client.post(world.base + "seasons/", body, format="json").status_code == 400
    body = {"name": "Back", "starts": "2027-12-31", "ends": "2027-01-01"}
    assert client.post(world.base + "seasons/", body, format="json").status_code == 400
    body = {"name": "2026", "starts": "2026-01-01", "ends": "2026-06-30"}  # the name is taken
    assert client.post(world.base + "seasons/", body, format="json").status_code == 400
    assert Season.objects.filter(club=world.club).count() == 1


def test_api_ladder_names_members_and_ties_share_a_rank(world):
    for n in (3, 4):  # finish rubber 1: after 9 and 5 tricks, NS wins two games
        hand_enter(rubber=world.rubber, expected_number=n, ns_tricks=13, by=None)
    data = world.client("anonymous").get(world.base + f"seasons/{world.season.pk}/ladder/").json()
    assert data["count_best"] is None and data["min_attendance"] == 1
    rows = data["rows"]
    assert len(rows) == 4
    winners = {world.members["player"].name}
    assert [r["rank"] for r in rows] == [1, 1, 3, 3]
    assert winners <= {r["member_name"] for r in rows[:2]}
    assert rows[0]["total"] == -rows[2]["total"] > 0
    assert rows[0]["played"] == rows[0]["counted"] == 1
    assert data["tournaments"] == []


def test_api_member_import_of_a_file_that_is_not_utf8_is_400(world):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile(
        "members.csv", "name,role,from\nJosé,player,2026-01-01\n".encode("latin-1")
    )
    response = world.client("secretary").post(
        world.base + "members/import/", {"file": upload}, format="multipart"
    )
    assert response.status_code == 400 and "UTF-8" in response.json()["file"][0]
    assert not Member.objects.filter(name__startswith="Jos").exists()
