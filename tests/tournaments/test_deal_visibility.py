"""Fair play (issue #12): who sees a deal, and when — every route that shows or exports a
deal or a traveller, for every kind of reader, while the event runs and once released.

The event: a running 3-table Mitchell (pairs 1–3 NS, 4–6 EW; two boards a round). Round 1
is played: board 1 by pairs 1 and 4 at table 1, boards 3–4 by pairs 2 and 5, boards 5–6 by
pairs 3 and 6. The board every probe looks at is **board 1**. The readers:

* ``anonymous`` — not logged in;
* ``member`` — a player of the club, not entered;
* ``entrant_before`` — pair 2: has played other boards, not board 1;
* ``entrant_after`` — pair 1: has played board 1;
* ``playing_organiser`` — an organiser of the club playing in pair 3 (not board 1 yet);
* ``director`` — an organiser named the event's director, not playing;
* ``other_club`` — a secretary of another club.

Each route says who sees board 1 while the event runs; once it is released, everyone does.
The rule itself is tournaments/visibility.py.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.test import Client

from clubs.models import Membership, Role
from scoring.checks import ResultInput
from scoring.models import Result
from scoring.services import result_record
from scoring.standings import standings_publish
from tests.scoring.factories import Scheduled, club_make, mitchell_section, person_make
from tournaments.models import Board
from tournaments.visibility import deal_access, is_director

pytestmark = pytest.mark.django_db

READERS = [
    "anonymous",
    "member",
    "entrant_before",
    "entrant_after",
    "playing_organiser",
    "director",
    "other_club",
]
#: Who sees one board while the event runs: its directors, and the pairs that played it.
PLAYED_IT = {"director", "entrant_after"}
#: Who sees a whole session's results and deals (pages and files) before the release.
DIRECTORS = {"director"}
EVERYONE = set(READERS)


@dataclass
class World:
    scheduled: Scheduled
    users: dict
    result_b1: Result

    @property
    def section(self):
        return self.scheduled.section

    @property
    def board(self) -> Board:
        return self.scheduled.boards[1]


@pytest.fixture
def world() -> World:
    club = club_make()
    users = {"anonymous": None}
    users["member"], _ = person_make(club, Role.PLAYER)
    users["entrant_after"], after = person_make(club, Role.PLAYER)
    users["entrant_before"], before = person_make(club, Role.PLAYER)
    users["playing_organiser"], organiser = person_make(club, Role.ORGANISER)
    users["director"], director = person_make(club, Role.ORGANISER)
    users["other_club"], _ = person_make(club_make("Other"), Role.SECRETARY)
    scheduled = mitchell_section(
        tables=3, club=club, members={1: (after, None), 2: (before, None), 3: (organiser, None)}
    )
    scheduled.tournament.directors.add(director)
    for table in (1, 2, 3):
        for board in scheduled.boards_at(1, table):
            play = scheduled.play(1, table, board)
            result_record(
                board_play_id=play.pk, given=ResultInput(ns_tricks=7), by=None, confirmed=True
            )
    standings_publish(section_id=scheduled.section.pk, force=True)
    return World(scheduled, users, Result.objects.get(board_number=1, table=1))


def release(world: World) -> None:
    world.scheduled.tournament.status = "released"
    world.scheduled.tournament.save(update_fields=["status"])


# --- the routes: (name, url, "does the answer show board 1?") ---------------------------

Probe = Callable[[World, object], bool]


def _shows(text: str) -> Callable[[World, object], bool]:
    def probe(world: World, response) -> bool:
        return response.status_code == 200 and text.format(w=world) in response.content.decode()

    return probe


def _ok(world: World, response) -> bool:
    return response.status_code == 200


def _json(test: Callable[[World, object], bool]) -> Probe:
    return lambda world, response: response.status_code == 200 and test(world, response.json())


def _rows(body) -> list:
    return body["results"] if isinstance(body, dict) else body


SECTION = "/results/sections/{w.section.pk}"
PUBLIC = "/results/public/{w.scheduled.club.slug}/{w.scheduled.tournament.slug}"
BOARD_LINK = 'href="/results/sections/{w.section.pk}/boards/1/"'


@dataclass(frozen=True)
class Route:
    name: str
    url: str
    shows_board_1: Probe
    while_running: frozenset[str]
    once_released: frozenset[str] = frozenset(EVERYONE)

    def get(self, client: Client, world: World):
        return client.get(self.url.format(w=world))


ROUTES = [
    # Pages
    Route("page: hand records", "/events/board-sets/{w.board.board_set_id}/hand-records/",
          _shows("Board 1</h2>"), frozenset(PLAYED_IT)),
    Route("page: board set PBN", "/events/board-sets/{w.board.board_set_id}/pbn/",
          _shows('[Board "1"]'), frozenset(PLAYED_IT)),
    Route("page: correct a deal", "/events/board-sets/{w.board.board_set_id}/boards/1/deal/",
          _ok, frozenset(DIRECTORS), frozenset({"director", "playing_organiser"})),
    Route("page: travellers", SECTION + "/travellers/", _shows(BOARD_LINK), frozenset(PLAYED_IT)),
    Route("page: board (hand record and traveller)", SECTION + "/boards/1/", _ok,
          frozenset(PLAYED_IT)),
    Route("page: score card of pair 1", SECTION + "/entries/{w.result_b1.ns_id}/",
          _shows(BOARD_LINK), frozenset(PLAYED_IT)),
    Route("page: EW confirm, table 1 round 1", SECTION + "/tables/1/rounds/1/confirm/",
          _shows('for="cell-{w.result_b1.board_play_id}"'), frozenset(PLAYED_IT)),
    Route("page: public session results", PUBLIC + "/1/", _ok, frozenset(DIRECTORS)),
    Route("page: session PBN file", PUBLIC + "/1/files/pbn/", _ok, frozenset(DIRECTORS)),
    Route("page: event PBN file", PUBLIC + "/files/pbn/", _ok, frozenset(DIRECTORS)),
    # API
    Route("api: board", "/api/boards/{w.board.pk}/", _ok, frozenset(PLAYED_IT)),
    Route("api: board set", "/api/board-sets/{w.board.board_set_id}/",
          _json(lambda w, body: w.board.pk in [b["id"] for b in body["boards"]]),
          frozenset(PLAYED_IT)),
    Route("api: board sets (listed to the club's organisers and secretaries)", "/api/board-sets/",
          _json(lambda w, body: any(w.board.pk in [b["id"] for b in row["boards"]]
                                    for row in _rows(body))),
          frozenset(DIRECTORS), frozenset({"director", "playing_organiser"})),
    Route("api: board set PBN", "/api/board-sets/{w.board.board_set_id}/pbn/",
          _shows('[Board "1"]'), frozenset(PLAYED_IT)),
    Route("api: results of the section", "/api/results/?section={w.section.pk}",
          _json(lambda w, body: any(r["board"] == 1 for r in _rows(body))), frozenset(PLAYED_IT)),
    Route("api: one result", "/api/results/{w.result_b1.pk}/", _ok, frozenset(PLAYED_IT)),
    Route("api: result versions", "/api/results/{w.result_b1.pk}/versions/", _ok,
          frozenset(PLAYED_IT)),
    # The event's players follow the standings live (issue #23); the snapshot's travellers
    # are cut to the boards each reader may see.
    Route("api: standings snapshot", "/api/standings/{w.section.pk}/",
          _json(lambda w, body: "1" in body.get("boards", {})), frozenset(PLAYED_IT)),
    Route("api: session PBN", "/api/session-results/{w.section.session_id}/pbn/", _ok,
          frozenset(DIRECTORS)),
    Route("api: event PBN", "/api/event-results/{w.scheduled.tournament.pk}/pbn/", _ok,
          frozenset(DIRECTORS)),
    Route("api: session travellers CSV", "/api/session-results/{w.section.session_id}/travellers/",
          _ok, frozenset(DIRECTORS)),
]  # fmt: skip


def _client(world: World, reader: str) -> Client:
    client = Client()
    if world.users[reader] is not None:
        client.force_login(world.users[reader])
    return client


@pytest.mark.parametrize("route", ROUTES, ids=lambda route: route.name)
def test_while_the_event_runs_a_deal_is_seen_by_its_directors_and_the_pairs_that_played_it(
    world, route
):
    seen = {
        reader
        for reader in READERS
        if route.shows_board_1(world, route.get(_client(world, reader), world))
    }
    assert seen == route.while_running


@pytest.mark.parametrize("route", ROUTES, ids=lambda route: route.name)
def test_once_released_everyone_sees_every_deal(world, route):
    release(world)
    seen = {
        reader
        for reader in READERS
        if route.shows_board_1(world, route.get(_client(world, reader), world))
    }
    assert seen == route.once_released


def test_every_route_that_carries_a_deal_is_in_the_matrix(world):
    """Each URL name that shows or exports a deal or a traveller has a row above: a new one
    must be added here (and ask tournaments.visibility)."""
    from urllib.parse import urlsplit

    from django.urls import resolve

    carrying = {
        "tournaments:hand_records", "tournaments:board_set_pbn", "tournaments:board_deal",
        "scoring:travellers", "scoring:board", "scoring:score-card", "scoring:table-confirm",
        "scoring:public-session", "scoring:public-session-file", "scoring:public-event-file",
        "api:board-detail", "api:board-set-detail", "api:board-set-list", "api:board-set-pbn",
        "api:result-list",
        "api:result-detail", "api:result-versions", "api:standings-detail",
        "api:session-results-pbn", "api:event-results-pbn", "api:session-results-travellers",
    }  # fmt: skip
    routed = {resolve(urlsplit(route.url.format(w=world)).path).view_name for route in ROUTES}
    assert routed == carrying


# --- the seed, which deals every board of the set ---------------------------------------
#
# Issue #22: the seed (with the site's deal secret) deals every board, so it is read only by
# who may see every board now and prepares them: the directors while the event runs, the
# club's organisers and secretaries once it is released. Pages never print it.

SEED = "matrix-seed-7f3a"


def _seed_in_set(world: World, body) -> bool:
    return body.get("id") == world.board.board_set_id and body.get("seed") == SEED


SEED_ROUTES = [
    Route("seed: api board set", "/api/board-sets/{w.board.board_set_id}/",
          _json(_seed_in_set), frozenset(DIRECTORS), frozenset({"director", "playing_organiser"})),
    Route("seed: api board sets", "/api/board-sets/",
          _json(lambda w, body: any(_seed_in_set(w, row) for row in _rows(body))),
          frozenset(DIRECTORS), frozenset({"director", "playing_organiser"})),
    Route("seed: page hand records", "/events/board-sets/{w.board.board_set_id}/hand-records/",
          _shows(SEED), frozenset(), frozenset()),
    Route("seed: page board set PBN", "/events/board-sets/{w.board.board_set_id}/pbn/",
          _shows(SEED), frozenset(), frozenset()),
    Route("seed: page section", "/events/sections/{w.section.pk}/", _shows(SEED), frozenset(),
          frozenset()),
    Route("seed: page board", SECTION + "/boards/1/", _shows(SEED), frozenset(), frozenset()),
    Route("seed: api board set PBN", "/api/board-sets/{w.board.board_set_id}/pbn/",
          _shows(SEED), frozenset(), frozenset()),
]  # fmt: skip


def _seed_readers(world: World, route: Route) -> set[str]:
    world.board.board_set.__class__.objects.filter(pk=world.board.board_set_id).update(seed=SEED)
    return {
        reader
        for reader in READERS
        if route.shows_board_1(world, route.get(_client(world, reader), world))
    }


@pytest.mark.parametrize("route", SEED_ROUTES, ids=lambda route: route.name)
def test_while_the_event_runs_only_its_directors_read_the_seed(world, route):
    assert _seed_readers(world, route) == route.while_running


@pytest.mark.parametrize("route", SEED_ROUTES, ids=lambda route: route.name)
def test_once_released_the_seed_is_read_only_by_the_clubs_organisers(world, route):
    release(world)
    assert _seed_readers(world, route) == route.once_released


def test_the_seed_stays_with_the_directors_while_another_event_plays_the_set(world):
    """Released here, still played next door: this event's director plays in the replay and
    no longer reads the seed; the organiser who played here directs the replay (nobody is
    named there, and he does not play in it) and reads it."""
    from tournaments.models import Entry, Section, Session, Tournament

    release(world)
    other = Tournament.objects.create(
        club=world.scheduled.club, name="Replay", slug="replay", starts=dt.date(2026, 11, 23),
        status="running",
    )  # fmt: skip
    section = Section.objects.create(
        session=Session.objects.create(tournament=other), board_set=world.board.board_set
    )
    Entry.objects.create(section=section, number=1, member1=world.users["director"].member)
    assert _seed_readers(world, SEED_ROUTES[0]) == {"playing_organiser"}


def test_a_deal_hidden_from_a_page_says_why(world):
    response = _client(world, "member").get(f"/results/sections/{world.section.pk}/boards/1/")
    assert response.status_code == 403
    assert "not public yet" in response.content.decode()


def test_a_deal_hidden_from_the_api_answers_with_a_code(world):
    response = _client(world, "playing_organiser").get(f"/api/boards/{world.board.pk}/")
    assert response.status_code == 403
    assert (
        response.json()["code"] == "deals_hidden" and "not public yet" in response.json()["detail"]
    )


def test_a_pair_sees_a_board_as_soon_as_its_result_stands_and_only_its_own(world):
    after = world.users["entrant_after"]
    access = deal_access(after, world.board.board_set_id)
    assert {Board.objects.get(pk=pk).number for pk in access.board_ids} == {1, 2}


def test_a_playing_organiser_is_never_a_director_even_when_named(world):
    organiser = world.users["playing_organiser"]
    world.scheduled.tournament.directors.add(organiser.member)
    assert not is_director(organiser, world.scheduled.tournament)


def test_with_nobody_named_the_clubs_organisers_who_do_not_play_direct(world):
    tournament = world.scheduled.tournament
    tournament.directors.clear()
    assert is_director(world.users["director"], tournament)
    assert not is_director(world.users["playing_organiser"], tournament)
    assert not is_director(world.users["member"], tournament)


def test_a_named_director_whose_role_ended_no_longer_directs(world):
    director = world.users["director"]
    Membership.objects.filter(member=director.member).update(
        valid_to=dt.date.today() - dt.timedelta(days=1)
    )
    assert not is_director(director, world.scheduled.tournament)


@pytest.mark.parametrize(
    "second_starts",
    [dt.date(2026, 11, 23), dt.date(2026, 11, 21)],
    ids=["second-event-read-first", "second-event-read-last"],
)
def test_a_board_set_is_seen_only_where_every_event_playing_it_allows(world, second_starts):
    """The same set in a second running event where the entrant has not played: the deal
    stays hidden from them (the same cards are still to be played there). Events are read
    latest start first (the world's starts on 22 November): with the second one read last,
    an "any event allows" rule would show the entrant the boards played in the first."""
    from tournaments.models import Section, Session, Tournament

    other = Tournament.objects.create(
        club=world.scheduled.club, name="Second", slug="second", starts=second_starts,
        status="running",
    )  # fmt: skip
    Section.objects.create(
        session=Session.objects.create(tournament=other), board_set=world.board.board_set
    )
    after = world.users["entrant_after"]
    assert deal_access(after, world.board.board_set_id).nothing


def test_an_organiser_substituted_out_of_a_pair_stays_a_player(world):
    """He may have seen boards: he never becomes a director of the event again."""
    from tournaments import services

    organiser = world.users["playing_organiser"]
    world.scheduled.tournament.directors.clear()
    services.entry_substitute(
        entry=world.scheduled.entries[3], position=1, guest="Late Comer", reason="ill"
    )
    for key in list(organiser.__dict__):
        if key.startswith("_tenace"):
            del organiser.__dict__[key]
    assert not is_director(organiser, world.scheduled.tournament)
    assert is_director(world.users["director"], world.scheduled.tournament)


def test_a_released_event_keeps_its_deals_hidden_while_another_event_plays_its_boards(world):
    """The same board set, still being played next door: released results wait for it."""
    from tournaments.models import Section, Session, Tournament

    release(world)
    other = Tournament.objects.create(
        club=world.scheduled.club, name="Replay", slug="replay", starts=dt.date(2026, 11, 23),
        status="running",
    )  # fmt: skip
    Section.objects.create(
        session=Session.objects.create(tournament=other), board_set=world.board.board_set
    )
    anonymous = Client()
    for route in ROUTES:
        assert not route.shows_board_1(world, route.get(anonymous, world)), route.name
    Tournament.objects.filter(pk=other.pk).update(status="released")
    public = [route for route in ROUTES if "anonymous" in route.once_released]
    assert all(route.shows_board_1(world, route.get(Client(), world)) for route in public)


# --- A result for a later round (issue #22) ---------------------------------------------
# Pair 2 (``entrant_before``) sits NS at table 2 all evening: boards 3–4 in round 1 (played),
# 5–6 in round 2 (its current round), and board 1 in round 3, a later round.


def _later_play(world: World):
    return world.scheduled.play(3, 2, 1)


@pytest.mark.parametrize("route", ROUTES, ids=lambda route: route.name)
def test_a_result_for_a_later_round_opens_no_deal(world, route):
    """Board 1 has a result at table 2 in round 3 (a director keyed it in ahead of time):
    pair 2, still in round 2, has not played it in the schedule's order and does not see
    it; the others see what they saw."""
    result_record(
        board_play_id=_later_play(world).pk,
        given=ResultInput(ns_tricks=6),
        by=world.users["director"],
        confirmed=True,
    )
    seen = {
        reader
        for reader in READERS
        if route.shows_board_1(world, route.get(_client(world, reader), world))
    }
    assert seen == route.while_running


def _post_later(world: World, surface: str):
    """Pair 2's phone (or table 2's device) sends board 1 of round 3."""
    from rest_framework.test import APIClient

    from scoring import devices

    play, section = _later_play(world), world.section
    form = {"action": "enter", "round": 3, f"cell-{play.pk}": "9"}
    if surface == "api":
        api = APIClient()
        api.force_authenticate(world.users["entrant_before"])
        body = {"section": section.pk, "round": 3, "table": 2, "board": 1, "ns": 2, "ew": 6}
        return api.post("/api/results/", {**body, "ns_tricks": 9}, format="json")
    client = Client()
    if surface == "device":
        issued = devices.device_create(section=section, table=2, by=world.users["director"])
        client.get(f"/results/device/open/{issued.key}/")
        return client.post("/results/device/", form)
    client.force_login(world.users["entrant_before"])
    if surface == "table screen":
        return client.post("/results/table/", form)
    form["idempotency_key"] = "later"
    return client.post(f"/results/sections/{section.pk}/tables/2/rounds/3/", form)


@pytest.mark.parametrize("surface", ["api", "table screen", "device", "grid"])
def test_a_pair_posting_a_result_for_a_later_round_is_refused_and_sees_nothing(world, surface):
    answer = _post_later(world, surface)
    assert answer.status_code in (400, 403)
    assert "North–South are still in round 2" in answer.content.decode()
    assert not Result.objects.filter(board_play=_later_play(world)).exists()
    reader = _client(world, "entrant_before")
    assert reader.get(f"/results/sections/{world.section.pk}/boards/1/").status_code == 403
    assert reader.get(f"/api/boards/{world.board.pk}/").status_code == 403
