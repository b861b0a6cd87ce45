"""Every clubs API endpoint × every role (anonymous, a player of the club seated at the
table, an organiser, a secretary, a secretary of another club): anyone reads; writes by the
roles allowed succeed and the others are refused (403, or 401/403 when anonymous) with
nothing changed."""

from __future__ import annotations

import datetime as dt

import pytest

from clubs.models import (
    Club,
    ClubNight,
    HandCorrection,
    HandRecord,
    Member,
    Membership,
    RubberRecord,
    RubberTable,
    Season,
)
from clubs.rubbers import hand_enter
from tests.clubs.api_world import ROLES, World, person, world_make

pytestmark = pytest.mark.django_db


@pytest.fixture
def world() -> World:
    return world_make()


def read_urls(w: World) -> list[str]:
    membership = w.members["player"].memberships.get()
    return [
        "/api/clubs/",
        w.base,
        w.base + "members/",
        w.base + f"members/{w.members['player'].pk}/",
        w.base + "memberships/",
        w.base + f"memberships/{membership.pk}/",
        w.base + "seasons/",
        w.base + f"seasons/{w.season.pk}/",
        w.base + f"seasons/{w.season.pk}/ladder/",
        w.base + "nights/",
        w.base + f"nights/{w.night.pk}/",
        w.base + "tables/",
        w.base + f"tables/{w.table.pk}/",
        w.base + f"tables/{w.table.pk}/match/",
        w.base + "rubbers/",
        w.base + f"rubbers/{w.rubber.pk}/",
        w.base + "hands/",
        w.base + f"hands/{w.hand.pk}/",
        w.base + f"hands/{w.hand.pk}/corrections/",
    ]


@pytest.mark.parametrize("role", ROLES)
def test_api_clubs_every_read_is_open_to_every_role(world, role):
    client = world.client(role)
    for url in read_urls(world):
        response = client.get(url)
        assert response.status_code == 200, (url, role, response.status_code)


SECRETARY = {"secretary"}
ORGANISERS = {"organiser", "secretary"}
SCORERS = {"player", "organiser", "secretary"}


def finish_rubber_one(w: World) -> dict:
    """Play rubber 1 out (NS wins two games), so the next rubber may start; no body."""
    for n in (3, 4):
        hand_enter(rubber=w.rubber, expected_number=n, ns_tricks=13, by=None)
    return {}


def four_new_players(w: World) -> dict:
    players = [person(w.club, login=False) for _ in range(4)]
    return {"club_night": w.night.pk, "members": [m.pk for m in players]}


def _no_login(world):
    return Member.objects.filter(memberships__club=world.club, user__isnull=True).first()


# name → (method, url under the club, body, roles allowed, status when allowed, rows counted)
WRITES = {
    "club settings": (
        "patch",
        lambda w: w.base,
        lambda w: {"name": "Casino de Madrid"},
        SECRETARY,
        200,
        lambda w: Club.objects.filter(name="Casino de Madrid").count(),
    ),
    "member add": (
        "post",
        lambda w: w.base + "members/",
        lambda w: {"name": "Ana Ruiz", "role": "player", "valid_from": "2026-01-01"},
        SECRETARY,
        201,
        lambda w: Member.objects.filter(name="Ana Ruiz").count(),
    ),
    # A member without a login, of this club only: the club's secretaries edit them (a
    # member with a login edits their own details: tests/clubs/test_contacts.py).
    "member edit": (
        "patch",
        lambda w: w.base + f"members/{_no_login(w).pk}/",
        lambda w: {"phone": "611 222 333"},
        SECRETARY,
        200,
        lambda w: Member.objects.filter(phone="611 222 333").count(),
    ),
    "member import": (
        "post",
        lambda w: w.base + "members/import/",
        lambda w: {"csv": "name,role,from\nLuis Gil,player,2026-01-01\n"},
        SECRETARY,
        201,
        lambda w: Member.objects.filter(name="Luis Gil").count(),
    ),
    "membership add": (
        "post",
        lambda w: w.base + "memberships/",
        lambda w: {
            "member": w.members["player"].pk,
            "role": "organiser",
            "valid_from": "2026-02-01",
        },
        SECRETARY,
        201,
        lambda w: Membership.objects.filter(role="organiser", club=w.club).count() - 1,
    ),
    "membership end": (
        "patch",
        lambda w: w.base + f"memberships/{w.members['player'].memberships.get().pk}/",
        lambda w: {"valid_to": "2026-12-31"},
        SECRETARY,
        200,
        lambda w: Membership.objects.filter(valid_to=dt.date(2026, 12, 31)).count(),
    ),
    "season create": (
        "post",
        lambda w: w.base + "seasons/",
        lambda w: {"name": "2027", "starts": "2027-01-01", "ends": "2027-12-31", "count_best": 8},
        SECRETARY,
        201,
        lambda w: Season.objects.filter(name="2027").count(),
    ),
    "season rule": (
        "patch",
        lambda w: w.base + f"seasons/{w.season.pk}/",
        lambda w: {"min_attendance": 3},
        SECRETARY,
        200,
        lambda w: Season.objects.filter(min_attendance=3).count(),
    ),
    "night create": (
        "post",
        lambda w: w.base + "nights/",
        lambda w: {"date": "2026-04-02"},
        ORGANISERS,
        201,
        lambda w: ClubNight.objects.count() - 1,
    ),
    "table create": (
        "post",
        lambda w: w.base + "tables/",
        four_new_players,
        ORGANISERS,
        201,
        lambda w: RubberTable.objects.count() - 1,
    ),
    "next rubber": (
        "post",
        lambda w: w.base + f"tables/{w.table.pk}/next-rubber/",
        finish_rubber_one,
        SCORERS,
        201,
        lambda w: RubberRecord.objects.count() - 1,
    ),
    "hand entry": (
        "post",
        lambda w: w.base + f"rubbers/{w.rubber.pk}/hands/",
        lambda w: {"number": 3, "ns_tricks": 8},
        SCORERS,
        201,
        lambda w: HandRecord.objects.count() - 2,
    ),
    "hand correction": (
        "post",
        lambda w: w.base + f"hands/{w.hand.pk}/corrections/",
        lambda w: {"reason": "NS took 8, not 9", "ns_tricks": 8},
        SECRETARY,
        201,
        lambda w: HandCorrection.objects.count(),
    ),
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("write", list(WRITES))
def test_api_clubs_write_allowed_roles_succeed_and_others_are_refused(world, write, role):
    method, url, body, allowed, ok, changed = WRITES[write]
    response = getattr(world.client(role), method)(url(world), body(world), format="json")
    if role in allowed:
        assert response.status_code == ok, response.content
        assert changed(world) == 1
    else:
        refused = {401, 403} if role == "anonymous" else {403}
        assert response.status_code in refused, (response.status_code, response.content)
        assert changed(world) == 0


@pytest.mark.parametrize("role", ROLES)
def test_api_club_create_is_for_site_staff_only(world, role):
    body = {"name": "Nuevo", "slug": "nuevo"}
    response = world.client(role).post("/api/clubs/", body, format="json")
    assert response.status_code in ({401, 403} if role == "anonymous" else {403})
    staff = world.users["secretary"]
    staff.is_staff = True
    staff.save()
    response = world.client("secretary").post("/api/clubs/", body, format="json")
    assert response.status_code == 201, response.content
    assert Club.objects.get(slug="nuevo").rule_profile == "short"


def test_api_clubs_another_clubs_rows_are_not_found_under_this_club(world):
    other = world_make_other_rows(world)
    client = world.client("secretary")
    assert client.get(f"/api/clubs/ateneo/seasons/{world.season.pk}/").status_code == 404
    assert client.patch(world.base + f"seasons/{other.pk}/", {"name": "x"}).status_code == 404
    assert client.get("/api/clubs/nowhere/members/").status_code == 404


def world_make_other_rows(world: World) -> Season:
    return Season.objects.create(
        club=world.other, name="Other", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 6, 30)
    )
