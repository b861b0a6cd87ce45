"""Who may open what in a club: every page of the ``clubs`` namespace and every API route of
``clubs/api/routes.py``, for anonymous, a player of the club (seated at the night's table),
an organiser, a secretary, and a secretary of another club.

The routes come from the URL resolver, so a new page or endpoint without a line in
:data:`MATRIX` fails :func:`test_every_clubs_route_is_in_the_matrix` (and a line for a route
that no longer exists fails it too). Adding a route's expectations is one dict entry:

* ``page(LEVEL)`` — GET; ``page(LEVEL, form=True)`` also POSTs an empty form;
  ``page(LEVEL, post_only=True)`` — POST only (GET answers 405);
* ``api(READ_LEVEL, WRITE_LEVEL)`` — GET, and every other method the route offers
  (POST/PUT/PATCH, empty body); methods it does not offer answer 405; ``hidden=True``:
  a refusal may also be 404 (a person's own things, e.g. their API tokens);
* URL arguments are filled from the world by name (``slug``, ``club_slug``, ``member_id``,
  ``night_id``, ``number``…); say which object a ``pk`` is with e.g. ``pk="season"``.

Allowed: a page answers 200 (a POST may also redirect, or answer 400/409); an endpoint 200,
201, 204, 400 or 409. Refused: 302 to the login page for anonymous on pages, 401/403
anonymous on the API, 403 for everyone else.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

import pytest
from django.urls import URLResolver, get_resolver, reverse
from django.utils import timezone

from clubs.invitations import invitation_create
from clubs.models import (
    Club,
    ClubNight,
    Member,
    Membership,
    Role,
    RubberRecord,
    RubberTable,
    Season,
    TableSeat,
    User,
)
from clubs.rubbers import hand_enter
from clubs.tokens import token_create

ROLES = ("anonymous", "player", "organiser", "secretary", "other_secretary")

ANYONE = frozenset(ROLES)
SEATED = frozenset({"player", "organiser", "secretary"})  # the player sits at the table
ORGANISER = frozenset({"organiser", "secretary"})
SECRETARY = frozenset({"secretary"})
NOBODY = frozenset()  # e.g. creating a club: staff only


@dataclass(frozen=True)
class Check:
    read: frozenset[str] | None
    write: frozenset[str] | None = None
    api: bool = False
    refs: dict[str, str] = field(default_factory=dict)
    hidden: bool = False


def page(level, *, form: bool = False, post_only: bool = False, **refs) -> Check:
    if post_only:
        return Check(None, level, refs=refs)
    return Check(level, level if form else None, refs=refs)


def api(read, write=None, *, hidden: bool = False, **refs) -> Check:
    return Check(read, write, api=True, refs=refs, hidden=hidden)


LOGGED_IN = frozenset(ROLES) - {"anonymous"}
PLAYER = frozenset({"player"})  # the member the world's "member" and "token" belong to


MATRIX: dict[str, Check] = {
    # The club's own pages (clubs/urls.py).
    "clubs:list": page(ANYONE),
    "clubs:home": page(ANYONE),
    "clubs:members": page(ANYONE),
    "clubs:member_add": page(SECRETARY, form=True),
    "clubs:member_import": page(SECRETARY, form=True),
    "clubs:player": page(ANYONE),
    "clubs:member_edit": page(SECRETARY, form=True),
    "clubs:membership_add": page(SECRETARY, form=True),
    "clubs:membership_edit": page(SECRETARY, form=True, pk="membership"),
    "clubs:seasons": page(ANYONE),
    "clubs:season_create": page(SECRETARY, form=True),
    "clubs:season_edit": page(SECRETARY, form=True, pk="season"),
    "clubs:ladder": page(ANYONE, pk="season"),
    # People: invitations, roles, a member's data, logins and tokens (clubs/views/people.py,
    # clubs/views/access.py).
    "clubs:invite": page(SECRETARY, form=True),
    "clubs:invite_one": page(SECRETARY, post_only=True),
    "clubs:invitation_withdraw": page(SECRETARY, post_only=True, pk="invitation"),
    "clubs:member_export": page(SECRETARY),
    "clubs:member_erase": page(SECRETARY, form=True),
    "clubs:member_merge": page(SECRETARY, form=True),
    "clubs:membership_end": page(SECRETARY, post_only=True, pk="membership"),
    "clubs:access": page(ORGANISER),
    "clubs:token_issue": page(SECRETARY, post_only=True),
    "clubs:token_revoke": page(SECRETARY, post_only=True, pk="token"),
    "clubs:unlock": page(ORGANISER, post_only=True),
    # Club nights, tables and hands (clubs/urls_nights.py).
    "clubs:night_list": page(ANYONE),
    "clubs:night_create": page(ORGANISER, form=True),
    "clubs:night_detail": page(ANYONE),
    "clubs:table_add": page(ORGANISER, form=True),
    "clubs:table_detail": page(ANYONE),
    "clubs:hand_add": page(SEATED, post_only=True),
    "clubs:rubber_next": page(SEATED, post_only=True),
    "clubs:hand_correct": page(SECRETARY, form=True),
    # The clubs API (clubs/api/routes.py).
    "api:club-list": api(ANYONE, NOBODY),
    "api:club-detail": api(ANYONE, SECRETARY),
    "api:club-member-list": api(ANYONE, SECRETARY),
    "api:club-member-import-csv": api(None, SECRETARY),
    # A member's details are their own: the member (the player) writes, not the secretary.
    "api:club-member-detail": api(ANYONE, PLAYER, pk="member"),
    "api:club-membership-list": api(ANYONE, SECRETARY),
    "api:club-membership-detail": api(ANYONE, SECRETARY, pk="membership"),
    "api:club-season-list": api(ANYONE, SECRETARY),
    "api:club-season-detail": api(ANYONE, SECRETARY, pk="season"),
    "api:club-season-ladder": api(ANYONE, pk="season"),
    "api:club-night-list": api(ANYONE, ORGANISER),
    "api:club-night-detail": api(ANYONE, ORGANISER, pk="night"),
    "api:club-table-list": api(ANYONE, ORGANISER),
    "api:club-table-detail": api(ANYONE, ORGANISER, pk="table"),
    "api:club-table-match": api(ANYONE, pk="table"),
    "api:club-table-next-rubber": api(None, SEATED, pk="table"),
    "api:club-rubber-list": api(ANYONE, ORGANISER),
    "api:club-rubber-detail": api(ANYONE, ORGANISER, pk="rubber"),
    "api:club-rubber-enter-hand": api(None, SEATED, pk="rubber"),
    "api:club-hand-list": api(ANYONE),
    "api:club-hand-detail": api(ANYONE, SECRETARY, pk="hand"),
    "api:club-hand-corrections": api(ANYONE, SECRETARY, pk="hand"),
    "api:club-token-list": api(SECRETARY),
    "api:club-token-revoke": api(None, SECRETARY, pk="token"),
    "api:my-token-list": api(LOGGED_IN, LOGGED_IN),
    "api:my-token-revoke": api(None, PLAYER, hidden=True, pk="token"),
}


@dataclass(frozen=True)
class Route:
    name: str
    kwargs: tuple[str, ...]
    methods: frozenset[str] | None  # a viewset's methods; None for a page (any method)


def _view_module(callback) -> str:
    view = getattr(callback, "cls", None) or getattr(callback, "view_class", None) or callback
    return view.__module__


def _walk(patterns, namespace: str, kwargs: tuple[str, ...]):
    for pattern in patterns:
        names = tuple(pattern.pattern.regex.groupindex)
        if isinstance(pattern, URLResolver):
            inner = ":".join(n for n in (namespace, pattern.namespace) if n)
            yield from _walk(pattern.url_patterns, inner, kwargs + names)
            continue
        actions = getattr(pattern.callback, "actions", None)
        methods = frozenset(actions) if actions else None
        yield namespace, pattern, kwargs + names, methods


def clubs_routes() -> dict[str, Route]:
    """Every page named in the ``clubs`` namespace, and every API route whose view is in the
    clubs app (format-suffix twins folded into one)."""
    routes: dict[str, Route] = {}
    for namespace, pattern, kwargs, methods in _walk(get_resolver().url_patterns, "", ()):
        in_clubs = namespace == "clubs" or (
            namespace == "api" and _view_module(pattern.callback).startswith(("clubs.", "tenace."))
        )
        if in_clubs and pattern.name:
            name = f"{namespace}:{pattern.name}"
            args = tuple(k for k in kwargs if k != "format")
            routes.setdefault(name, Route(name, args, methods))
    return routes


ROUTES = clubs_routes()


def test_every_clubs_route_is_in_the_matrix():
    gaps = sorted(set(ROUTES) - set(MATRIX))
    stale = sorted(set(MATRIX) - set(ROUTES))
    assert not gaps, f"routes with no line in MATRIX: {gaps}"
    assert not stale, f"MATRIX lines for routes that no longer exist: {stale}"


@dataclass
class World:
    objects: dict[str, object]
    users: dict[str, User | None]

    def kwargs(self, route: Route, check: Check) -> dict[str, object]:
        values = {}
        for name in route.kwargs:
            key = check.refs.get(name, name)
            value = self.objects[key]
            values[name] = getattr(value, "pk", value)
        return values


def _user(club: Club, role: str | None, username: str) -> tuple[User, Member]:
    user = User.objects.create_user(username=username, password="pw")
    member = Member.objects.create(name=username.title(), user=user)
    if role:
        Membership.objects.create(
            club=club, member=member, role=role, valid_from=dt.date(2020, 1, 1)
        )
    return user, member


def _invitation(club: Club, by: User):
    """A waiting invitation of a member without a login."""
    invitee = Member.objects.create(name="Invitee")
    Membership.objects.create(
        club=club, member=invitee, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
    )
    invitation_create(club=club, member=invitee, by=by, accept_url=str, by_email=False)
    return invitee.invitations.get()


@pytest.fixture
def world(db) -> World:
    club = Club.objects.create(name="Casino", slug="casino")
    other = Club.objects.create(name="Ateneo", slug="ateneo")
    users, members = {"anonymous": None}, {}
    for role, in_club, club_role in (
        ("player", club, Role.PLAYER),
        ("organiser", club, Role.ORGANISER),
        ("secretary", club, Role.SECRETARY),
        ("other_secretary", other, Role.SECRETARY),
    ):
        users[role], members[role] = _user(in_club, club_role, role)
    season = Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )
    night = ClubNight.objects.create(club=club, date=timezone.localdate(), rule_profile="short")
    table = RubberTable.objects.create(club_night=night, number=1)
    seated = [members["player"]] + [_user(club, Role.PLAYER, f"p{n}")[1] for n in range(3)]
    for seat, member in zip("NESW", seated, strict=True):
        TableSeat.objects.create(table=table, seat=seat, member=member)
    rubber = RubberRecord.objects.create(table=table, number=1, first_dealer="N")
    hand = hand_enter(rubber=rubber, expected_number=1, ns_tricks=8, by=None)
    objects = {
        "slug": club.slug,
        "club_slug": club.slug,
        "member_id": members["player"],
        "member": members["player"],
        "membership": Membership.objects.get(member=members["player"]),
        "season": season,
        "night_id": night,
        "night": night,
        "table": table,
        "number": table.number,
        "table_number": table.number,
        "rubber": rubber,
        "rubber_id": rubber,
        "hand": hand,
        "hand_id": hand,
        "token": token_create(user=users["player"], name="phone").token,
        "invitation": _invitation(club, users["secretary"]),
    }
    return World(objects, users)


def _client(client, world: World, role: str):
    client.logout()
    if world.users[role] is not None:
        client.force_login(world.users[role])
    return client


def _verdict(response, *, allowed: bool, is_api: bool, method: str, hidden: bool) -> bool:
    status = response.status_code
    if allowed:
        if is_api:
            return status in ({200} if method == "get" else {200, 201, 204, 400, 409})
        if method == "get":
            return status == 200
        to_login = status == 302 and response["Location"].startswith(reverse("login"))
        return status in (200, 302, 400, 409) and not to_login
    if is_api:
        return status in ((401, 403, 404) if hidden else (401, 403))
    return status == 403 or (status == 302 and response["Location"].startswith(reverse("login")))


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
            body = {"content_type": "application/json"} if check.api and method != "post" else {}
            response = getattr(http, method)(url, **body)
            verdict = _verdict(
                response,
                allowed=role in level,
                is_api=check.api,
                method=method,
                hidden=check.hidden,
            )
            if not verdict:
                wrong.append((role, method.upper(), response.status_code))
    assert not wrong, f"{url}: {wrong}"


@pytest.mark.parametrize("name", sorted(set(ROUTES) & set(MATRIX)))
def test_methods_a_route_does_not_offer_never_succeed(client, world, name):
    """405 — or 403 where DRF checks the write permission before the method (a list route
    with no club to write to): never a success, never a change. Nothing in a club is
    deleted through a page or the API."""
    route, check = ROUTES[name], MATRIX[name]
    url = reverse(name, kwargs=world.kwargs(route, check))
    http = _client(client, world, "secretary")
    if route.methods is not None:
        for method in sorted({"get", "post", "put", "patch", "delete"} - route.methods):
            status = getattr(http, method)(url).status_code
            assert status in (403, 405), (url, method, status)
    elif check.read is None:
        assert http.get(url).status_code == 405, url
