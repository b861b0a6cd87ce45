"""Who may open what of a whist drive: every page of the ``drives`` namespace and every API
route of ``drives/api/routes.py``, for anonymous, a player of the club, its organiser and
secretary (the drive's MCs), and a secretary of another club — the same matrix as
``tests/clubs/test_permission_matrix.py``, whose helpers it reuses. A route without a line
here fails :func:`test_every_drives_route_is_in_the_matrix`. A table's routes need only its
code (no login).
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import get_resolver, reverse

from clubs.models import Season
from drives.models import DriveTable
from drives.running import drive_start, entry_record
from tests.clubs.test_permission_matrix import (
    ANYONE,
    ORGANISER,
    ROLES,
    Check,
    Route,
    World,
    _client,
    _verdict,
    _view_module,
    _walk,
    api,
    page,
)
from tests.drives.conftest import new_drive, seat

LOGGED_IN = ANYONE - {"anonymous"}
MC = ORGANISER  # a club drive's MCs: its organisers and secretaries

MATRIX: dict[str, Check] = {
    "drives:list": page(ANYONE),
    "drives:create": page(LOGGED_IN, form=True),
    "drives:join": page(ANYONE, form=True),
    "drives:table": page(ANYONE, form=True),
    "drives:detail": page(ANYONE),
    "drives:settings": page(MC, form=True),
    "drives:players": page(MC, form=True),
    "drives:player_leave": page(MC, post_only=True),
    "drives:start": page(MC, post_only=True),
    "drives:screen": page(ANYONE),
    "drives:screen_live": page(ANYONE),
    "drives:version": page(ANYONE),
    "drives:next": page(MC, post_only=True),
    "drives:enter": page(MC, form=True),
    "drives:correct": page(MC, form=True),
    "drives:print_tables": page(MC),
    "drives:print_cards": page(MC),
    "drives:card": page(ANYONE),
    "drives:results": page(ANYONE),
    "drives:prizes": Check(ANYONE, MC),
    "drives:club_list": page(ANYONE),
    "drives:club_create": page(ORGANISER, form=True),
    "drives:ladder": page(ANYONE),
    "api:drive-list": api(ANYONE, LOGGED_IN),
    "api:drive-detail": api(ANYONE),
    "api:drive-players": api(ANYONE, MC),
    "api:drive-player-leave": api(None, MC),
    "api:drive-start": api(None, MC),
    "api:drive-next-hand": api(None, MC),
    "api:drive-state": api(ANYONE),
    "api:drive-entries": api(None, MC),
    "api:drive-corrections": api(ANYONE, MC),
    "api:drive-cards": api(ANYONE),
    "api:drive-prizes": api(ANYONE),
    "api:drive-cuts": api(None, MC),
    "api:drive-table-detail": api(ANYONE),
    "api:drive-table-hands": api(None, ANYONE),
}


def drives_routes() -> dict[str, Route]:
    routes: dict[str, Route] = {}
    for namespace, pattern, kwargs, methods in _walk(get_resolver().url_patterns, "", ()):
        ours = namespace == "drives" or (
            namespace == "api" and _view_module(pattern.callback).startswith("drives.")
        )
        if ours and pattern.name:
            name = f"{namespace}:{pattern.name}"
            args = tuple(k for k in kwargs if k != "format")
            routes.setdefault(name, Route(name, args, methods))
    return routes


ROUTES = drives_routes()


def test_every_drives_route_is_in_the_matrix():
    assert sorted(set(ROUTES) - set(MATRIX)) == []
    assert sorted(set(MATRIX) - set(ROUTES)) == []


@pytest.fixture
def world(db) -> World:
    from clubs.models import Club, Role
    from tests.clubs.test_permission_matrix import _user

    club = Club.objects.create(name="Casino", slug="casino")
    other = Club.objects.create(name="Ateneo", slug="ateneo")
    users = {"anonymous": None}
    for role, in_club, club_role in (
        ("player", club, Role.PLAYER),
        ("organiser", club, Role.ORGANISER),
        ("secretary", club, Role.SECRETARY),
        ("other_secretary", other, Role.SECRETARY),
    ):
        users[role] = _user(in_club, club_role, role)[0]
    season = Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )
    drive = new_drive(club, users["organiser"])
    seat(drive, 4, 4)
    drive_start(drive=drive)
    entry_record(drive=drive, hand=1, table=1, tricks_a=8, tricks_b=5, by=None)
    table = DriveTable.objects.get(drive=drive, number=1)
    objects = {
        "drive_id": drive,
        "pk": drive,
        "player_id": drive.players.first(),
        "code": table.code,
        "hand": 1,
        "table": 1,
        "slug": club.slug,
        "season_id": season,
    }
    return World(objects, users)


@pytest.mark.parametrize("name", sorted(set(ROUTES) & set(MATRIX)))
def test_route_answers_each_role_as_the_matrix_says(client, world, name):
    route, check = ROUTES[name], MATRIX[name]
    url = reverse(name, kwargs=world.kwargs(route, check))
    offered = route.methods or frozenset({"get", "post"})
    calls = []
    if check.read is not None:
        calls.append(("get", check.read))
    if check.write is not None:
        for method in sorted(offered - {"get", "head", "options"}):
            calls.append((method, check.write))
    wrong = []
    for role in ROLES:
        http = _client(client, world, role)
        for method, level in calls:
            response = getattr(http, method)(url)
            if not _verdict(
                response, allowed=role in level, is_api=check.api, method=method, hidden=False
            ):
                wrong.append((role, method.upper(), response.status_code))
    assert not wrong, f"{url}: {wrong}"


@pytest.mark.parametrize("name", sorted(set(ROUTES) & set(MATRIX)))
def test_methods_a_route_does_not_offer_never_succeed(client, world, name):
    route, check = ROUTES[name], MATRIX[name]
    url = reverse(name, kwargs=world.kwargs(route, check))
    http = _client(client, world, "secretary")
    if route.methods is not None:
        for method in sorted({"get", "post", "put", "patch", "delete"} - route.methods):
            status = getattr(http, method)(url).status_code
            assert status in (403, 405), (url, method, status)
    elif check.read is None:
        assert http.get(url).status_code == 405, url
