"""A person's own data across every app, on the demo club: export it, erase it (their name
appears nowhere, standings and ladders are unchanged), merge two records of one person
(every result kept). The apps plug in through :mod:`clubs.people`; these tests look at the
whole site as a secretary browsing it by links from the home page."""

from __future__ import annotations

import datetime as dt
import io
import json
import re
from html import unescape

import pytest
from django.core.management import call_command
from django.db.models import Q
from django.test import Client

from boston.ladder import boston_ladder
from clubs.models import (
    ApiToken,
    Club,
    ClubNight,
    Member,
    Membership,
    Role,
    RubberTable,
    Season,
    TableSeat,
    User,
)
from clubs.people import PSEUDONYM_START, person_export, person_merge
from clubs.tokens import token_create
from scoring.models import StandingsSnapshot
from tenace.ladders import season_ladders
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

# Action pages, and pages repeated per board or per table-side phone (their names are those
# of the travellers and score cards, which are crawled).
SKIP = (
    "/logout",
    "/admin/",
    "/api/docs",
    "/i18n/",
    "/static/",
    "/stream/",
    "/erase/",
    "/export/",
    "/account/",
    "/end/",
    "/revoke/",
    "/invite",
    "/merge/",
    "/unlock/",
    "/boards/",
    "/enter/",
    "/rounds/",
    "/correct",
    "/import/",
    "/dashboard/",
    "/my-table/",
    "/fragment/",
    "/version/",
    "/cards/",
    "/new/",
    "/edit/",
)
LINK = re.compile(r'href="(/[^"#]*)"')


def _crawl(client: Client, start: str = "/", limit: int = 400) -> dict[str, str]:
    """Every page reachable by links from ``start`` (GET only, the site's own, no action
    pages): {url: text}."""
    seen: dict[str, str] = {}
    todo = [start]
    while todo and len(seen) < limit:
        url = unescape(todo.pop())
        if url in seen or any(part in url for part in SKIP):
            continue
        answer = client.get(url)
        text = answer.content.decode("utf-8", "replace") if answer.status_code == 200 else ""
        seen[url] = text
        if "text/html" in answer.get("Content-Type", ""):
            todo.extend(link for link in LINK.findall(text) if link not in seen)
    return seen


@pytest.fixture(scope="module")
def _demo_loaded(django_db_setup, django_db_blocker):
    """The demo, loaded once for this module (each test's changes are rolled back), and
    flushed after it."""
    with django_db_blocker.unblock():
        call_command("demo", stdout=io.StringIO())
    yield
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


@pytest.fixture
def demo(_demo_loaded, db):
    club = Club.objects.get(slug="demo")
    secretary = Client()
    secretary.force_login(User.objects.get(username="marta"))
    return club, secretary


def _figures(snapshot_data: dict) -> list:
    """A snapshot without its names: every figure, per entry."""
    rows = [
        {k: v for k, v in row.items() if k != "name"}
        for field in snapshot_data.get("fields", [])
        for row in field["rows"]
    ]
    return [rows, snapshot_data.get("boards")]


def _state(club: Club) -> dict:
    season = Season.objects.filter(club=club).first()
    ladders = season_ladders(season)
    return {
        "snapshots": {s.pk: _figures(s.data) for s in StandingsSnapshot.objects.order_by("pk")},
        "rubber": [(r.rank, r.member_id, r.total) for r in ladders.rubber],
        "tournaments": [(r.rank, r.member_id, r.average) for r in ladders.tournaments],
        "boston": [(r.rank, r.member_id, r.total) for r in boston_ladder(season)],
    }


def test_export_holds_every_apps_part_for_the_person(demo):
    club, secretary = demo
    tomas = Member.objects.get(user__username="tomas")
    token_create(user=tomas.user, name="phone")
    document = person_export(member=tomas)
    assert document["person"]["name"] == "Tomás Jugador"
    assert document["login"]["username"] == "tomas"
    assert [t["name"] for t in document["login"]["api_tokens"]] == ["phone"]
    assert {m["club"] for m in document["memberships"]} == {club.name}
    for part in ("tournaments", "results", "club_nights", "boston"):
        assert document[part], part
    assert all("key" not in t for t in document["login"]["api_tokens"])
    mine = Client()
    mine.force_login(tomas.user)
    downloaded = mine.get("/account/export/")
    assert downloaded["Content-Disposition"].startswith("attachment")
    assert json.loads(downloaded.content)["person"]["name"] == "Tomás Jugador"
    by_club = secretary.get(f"/clubs/demo/members/{tomas.pk}/export/")
    assert json.loads(by_club.content)["results"] == json.loads(json.dumps(document["results"]))


def test_an_erased_person_appears_nowhere_by_name_and_no_figure_changes(demo):
    club, secretary = demo
    tomas = Member.objects.get(user__username="tomas")
    user = tomas.user
    key = token_create(user=user, name="phone").key
    before_pages = _crawl(secretary)
    assert sum("Tomás Jugador" in text for text in before_pages.values()) >= 5
    before = _state(club)
    mine = Client()
    assert mine.post("/login/", {"username": "tomas", "password": "whist-demo-2026"})
    answer = mine.post("/account/erase/", {"password": "whist-demo-2026", "understood": "on"})
    assert answer.status_code == 302
    tomas.refresh_from_db()
    pseudonym = tomas.name
    assert pseudonym.startswith(PSEUDONYM_START) and tomas.erased is not None
    assert (tomas.email, tomas.phone) == ("", "")
    after_pages = _crawl(secretary)
    named = [url for url, text in after_pages.items() if "Tomás" in text or "Jugador" in text]
    assert not named, named[:5]
    assert sum(pseudonym in text for text in after_pages.values()) >= 5
    assert "Tomás" not in json.dumps([s.data for s in StandingsSnapshot.objects.all()])
    assert _state(club) == before
    user.refresh_from_db()
    assert not user.is_active and not user.has_usable_password() and user.email == ""
    assert not ApiToken.objects.filter(user=user).exists()
    assert (
        Client().post("/login/", {"username": "tomas", "password": "whist-demo-2026"}).status_code
        == 200
    )
    assert Client(HTTP_AUTHORIZATION=f"Token {key}").get("/api/me/").status_code in (401, 403)


def test_a_secretary_erases_a_member_who_asks_in_person(demo):
    club, secretary = demo
    carmen = Member.objects.get(name="Carmen Ruiz")
    before = _state(club)
    page = secretary.get(f"/clubs/demo/members/{carmen.pk}/erase/")
    assert page.status_code == 200
    assert secretary.post(f"/clubs/demo/members/{carmen.pk}/erase/", {}).status_code == 200
    assert Member.objects.get(pk=carmen.pk).erased is None  # not without the confirmation
    done = secretary.post(f"/clubs/demo/members/{carmen.pk}/erase/", {"understood": "on"})
    assert done.status_code == 302
    carmen.refresh_from_db()
    assert carmen.name.startswith(PSEUDONYM_START)
    assert carmen.erased_by == User.objects.get(username="marta")
    assert _state(club) == before
    pages = _crawl(secretary, f"/clubs/demo/members/{carmen.pk}/")
    assert not [url for url, text in pages.items() if "Carmen Ruiz" in text]


def test_merging_two_records_of_one_person_keeps_every_result(demo):
    """Carmen also plays at Ateneo, whose secretary (also Marta) made her a second record
    and seated it at a club night there; Marta merges the two from the demo club's page."""
    club, secretary = demo
    carmen = Member.objects.get(name="Carmen Ruiz")
    marta = User.objects.get(username="marta")
    ateneo = Club.objects.create(name="Ateneo", slug="ateneo")
    Membership.objects.create(
        club=ateneo, member=marta.member, role=Role.SECRETARY, valid_from=dt.date(2020, 1, 1)
    )
    twin = Member.objects.create(name="Carmen R.")
    Membership.objects.create(
        club=ateneo, member=twin, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
    )
    night = ClubNight.objects.create(club=ateneo, date=dt.date(2026, 2, 2), rule_profile="short")
    TableSeat.objects.create(
        table=RubberTable.objects.create(club_night=night, number=1), seat="N", member=twin
    )
    before = _state(club)
    entries = set(
        Entry.objects.filter(Q(member1=carmen) | Q(member2=carmen)).values_list("pk", flat=True)
    )
    form = secretary.get(f"/clubs/demo/members/{carmen.pk}/merge/").content.decode()
    assert "Carmen R." in form
    answer = secretary.post(
        f"/clubs/demo/members/{carmen.pk}/merge/", {"other": twin.pk, "understood": "on"}
    )
    assert answer.status_code == 302
    assert not Member.objects.filter(pk=twin.pk).exists()
    assert TableSeat.objects.get(table__club_night=night).member == carmen
    assert set(carmen.memberships.values_list("club__slug", flat=True)) == {"demo", "ateneo"}
    after = set(
        Entry.objects.filter(Q(member1=carmen) | Q(member2=carmen)).values_list("pk", flat=True)
    )
    assert after == entries and _state(club) == before


def test_merging_rewrites_the_stored_standings_names(demo):
    club, _secretary = demo
    carmen = Member.objects.get(name="Carmen Ruiz")
    twin = Member.objects.create(name="Carmen Ruiz-Gil")
    Membership.objects.create(club=club, member=twin, role="player", valid_from=dt.date(2020, 1, 1))
    person_merge(source=carmen, target=twin)
    data = json.dumps([s.data for s in StandingsSnapshot.objects.all()], ensure_ascii=False)
    assert "Carmen Ruiz-Gil" in data and "Carmen Ruiz –" not in data


def test_only_a_secretary_of_both_clubs_merges(demo):
    club, secretary = demo
    carmen = Member.objects.get(name="Carmen Ruiz")
    ateneo = Club.objects.create(name="Ateneo", slug="ateneo")
    twin = Member.objects.create(name="Carmen R.")
    Membership.objects.create(
        club=ateneo, member=twin, role="player", valid_from=dt.date(2020, 1, 1)
    )
    answer = secretary.post(
        f"/clubs/demo/members/{carmen.pk}/merge/", {"other": twin.pk, "understood": "on"}
    )
    assert answer.status_code == 200  # not one of the choices: Marta is not Ateneo's secretary
    assert Member.objects.filter(pk=twin.pk).exists()
