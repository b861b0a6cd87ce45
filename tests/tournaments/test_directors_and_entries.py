"""Directors named on the event; entries, pairs and substitutes from the club's own members
or named guests; a schedule or entry list with results is locked (issue #12)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Membership, Role
from scoring.checks import ResultInput
from scoring.services import result_record
from tests.scoring.factories import club_make, mitchell_section, person_make
from tests.tournaments.factories import club_member
from tournaments import services
from tournaments.errors import DirectorError, EntryError, LockedError
from tournaments.models import Entry, Section, Tournament
from tournaments.visibility import board_sets_listed, event_directors, is_director

pytestmark = pytest.mark.django_db


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def home():
    club = club_make("Home")
    people = {role: person_make(club, role) for role in (Role.ORGANISER, Role.SECRETARY)}
    people["player"] = person_make(club, Role.PLAYER)
    people["stranger"] = person_make(club_make("Away"), Role.SECRETARY)
    return club, people


def _event(club, by=None) -> Tournament:
    return services.tournament_create(
        club=club, name="Cup", starts=dt.date(2026, 12, 1), created_by=by
    )


# --- directors -------------------------------------------------------------------------


def test_the_organiser_who_creates_an_event_directs_it(home):
    club, people = home
    organiser, member = people[Role.ORGANISER]
    tournament = _event(club, by=organiser)
    assert list(tournament.directors.all()) == [member]
    assert is_director(organiser, tournament)
    assert not is_director(people[Role.SECRETARY][0], tournament)  # not named


def test_a_player_or_an_entrant_cannot_be_named_director(home):
    club, people = home
    tournament = _event(club)
    section = Section.objects.get(session__tournament=tournament)
    _, playing = people[Role.SECRETARY]
    services.entry_add(section=section, member1=playing, member2=club_member(club))
    with pytest.raises(DirectorError, match="cannot be one"):
        services.tournament_directors_set(tournament=tournament, members=[people["player"][1]])
    with pytest.raises(DirectorError, match="cannot be one"):
        services.tournament_directors_set(tournament=tournament, members=[playing])
    with pytest.raises(DirectorError, match="at least one"):
        services.tournament_directors_set(tournament=tournament, members=[])


def test_someone_playing_cannot_choose_the_directors(home):
    club, people = home
    tournament = _event(club)
    section = Section.objects.get(session__tournament=tournament)
    organiser, member = people[Role.ORGANISER]
    services.entry_add(section=section, member1=member, member2=club_member(club))
    with pytest.raises(DirectorError, match="You play"):
        services.tournament_directors_set(
            tournament=tournament, members=[people[Role.SECRETARY][1]], by=organiser
        )


def test_directors_page_is_linked_from_the_event_and_saves_the_choice(client, home):
    club, people = home
    organiser, _ = people[Role.ORGANISER]
    tournament = _event(club, by=organiser)
    client.force_login(organiser)
    url = reverse("tournaments:directors", args=[tournament.pk])
    assert url in client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    secretary_member = people[Role.SECRETARY][1]
    response = client.post(url, {"directors": [secretary_member.pk]})
    assert response.status_code == 302
    assert event_directors(tournament) == [secretary_member]
    refused = client.post(url, {"directors": [people["player"][1].pk]})
    assert refused.status_code == 200 and "errorlist" in refused.content.decode()


def test_directors_api_names_them_and_refuses_a_stranger_with_the_reason(home):
    club, people = home
    organiser, member = people[Role.ORGANISER]
    tournament = _event(club, by=organiser)
    api = _api(organiser)
    url = f"/api/tournaments/{tournament.pk}/directors/"
    answer = api.post(url, {"directors": [people[Role.SECRETARY][1].pk]}, format="json")
    assert answer.status_code == 200 and answer.json()["directors"] == [
        people[Role.SECRETARY][1].pk
    ]
    stranger = people["stranger"][1]
    refused = api.post(url, {"directors": [stranger.pk]}, format="json")
    assert refused.status_code == 400 and "cannot be one" in refused.json()["detail"]
    assert (
        _api(people["player"][0]).post(url, {"directors": [member.pk]}, format="json").status_code
        == 403
    )


# --- entries from the club's members ----------------------------------------------------


def test_an_entry_never_takes_another_clubs_member_service_page_and_api(client, home):
    club, people = home
    tournament = _event(club)
    section = Section.objects.get(session__tournament=tournament)
    stranger = people["stranger"][1]
    with pytest.raises(EntryError, match="not a member of this club"):
        services.entry_add(section=section, member1=stranger, member2=club_member(club))
    answer = _api(people[Role.ORGANISER][0]).post(
        "/api/entries/",
        {"section": section.pk, "member1": stranger.pk, "guest2": "Guest"},
        format="json",
    )
    assert answer.status_code == 400 and "not a member of this club" in answer.json()["detail"]
    assert answer.json()["code"] == "entry"
    client.force_login(people[Role.ORGANISER][0])
    client.post(
        reverse("tournaments:entry_add", args=[section.pk]),
        {"member1": stranger.pk, "guest2": "Guest"},
    )
    assert not Entry.objects.filter(section=section).exists()
    # A guest by name is welcome.
    assert services.entry_add(section=section, guest1="Ana (guest)", guest2="Bea (guest)")


def test_a_former_member_whose_membership_ended_before_the_event_cannot_enter(home):
    club, _ = home
    tournament = _event(club)
    section = Section.objects.get(session__tournament=tournament)
    gone = club_member(club)
    Membership.objects.filter(member=gone).update(valid_to=dt.date(2024, 1, 1))
    with pytest.raises(EntryError, match="not a member"):
        services.entry_add(section=section, member1=gone, guest2="Guest")


def test_a_substitute_never_comes_from_another_club(home):
    club, people = home
    scheduled = mitchell_section(tables=3, club=club)
    entry = scheduled.entries[1]
    with pytest.raises(EntryError, match="not a member of this club"):
        services.entry_substitute(
            entry=entry, position=1, member=people["stranger"][1], reason="late"
        )
    answer = _api(people[Role.ORGANISER][0]).post(
        f"/api/entries/{entry.pk}/substitute/",
        {"position": 1, "member": people["stranger"][1].pk, "reason": "late"},
        format="json",
    )
    assert answer.status_code == 400
    entry.refresh_from_db()
    assert entry.member1_id is None


# --- a schedule with results is locked ---------------------------------------------------


def test_a_schedule_with_results_is_locked_with_a_clear_refusal(client, home):
    club, people = home
    scheduled = mitchell_section(tables=3, club=club)
    result_record(board_play_id=scheduled.play(1, 1, 1).pk, given=ResultInput(ns_tricks=7), by=None)
    Tournament.objects.filter(pk=scheduled.tournament.pk).update(status="draft")  # even so
    section = Section.objects.get(pk=scheduled.section.pk)
    with pytest.raises(LockedError, match="Results stand"):
        services.section_schedule_save(section=section, movement=section.movement)
    with pytest.raises(LockedError):
        services.entry_add(section=section, guest1="Late", guest2="Comer")
    with pytest.raises(LockedError):
        services.section_board_set_choose(
            section=section, board_set=services.board_set_generate(club=club, count=6, seed="x")
        )
    client.force_login(people[Role.ORGANISER][0])
    page = client.post(
        reverse("tournaments:generate", args=[section.pk]),
        {"kind": "mitchell", "boards_per_round": 2},
        follow=True,
    )
    assert page.status_code == 200 and "Results stand" in page.content.decode()
    answer = _api(people[Role.ORGANISER][0]).post(
        "/api/entries/", {"section": section.pk, "guest1": "A", "guest2": "B"}, format="json"
    )
    assert answer.status_code == 400 and "Results stand" in answer.json()["detail"]
    assert answer.json()["code"] == "locked"
    assert Entry.objects.filter(section=section).count() == 6


@pytest.mark.parametrize("status", ["running", "finished", "released", "closed"])
def test_the_entry_list_of_a_started_event_is_locked(home, status):
    club, _ = home
    tournament = _event(club)
    Tournament.objects.filter(pk=tournament.pk).update(status=status)
    section = Section.objects.get(session__tournament=tournament)
    with pytest.raises(EntryError, match="has started"):
        services.entry_add(section=section, guest1="A", guest2="B")


# --- board sets listed to their club's organisers and secretaries ------------------------


def test_board_sets_are_listed_only_to_their_clubs_organisers_and_secretaries(home):
    club, people = home
    mine = services.board_set_generate(club=club, count=2, seed="mine")
    theirs = services.board_set_generate(club=club_make("Far"), count=2, seed="theirs")
    for who, expected in [
        (people[Role.ORGANISER][0], {mine.pk}),
        (people[Role.SECRETARY][0], {mine.pk}),
        (people["player"][0], set()),
        (people["stranger"][0], set()),
    ]:
        assert set(board_sets_listed(who).values_list("pk", flat=True)) == expected
        listed = _api(who).get("/api/board-sets/").json()
        rows = listed["results"] if isinstance(listed, dict) else listed
        assert {row["id"] for row in rows} == expected
    assert APIClient().get("/api/board-sets/").json() in (
        [],
        {"count": 0, "next": None, "previous": None, "results": []},
    )
    assert theirs.pk not in set(
        board_sets_listed(people[Role.SECRETARY][0]).values_list("pk", flat=True)
    )


# --- contact details: never through another club's records ---------------------------------


def test_a_secretary_cannot_reach_another_clubs_member_through_the_api(home):
    club, people = home
    stranger_user, _ = people["stranger"]
    away_member = person_make(club_make("Away2"), Role.PLAYER)[1]
    api = _api(people[Role.SECRETARY][0])
    base = f"/api/clubs/{club.slug}/"
    assert api.get(base + f"members/{away_member.pk}/").status_code == 404
    assert (
        api.patch(base + f"members/{away_member.pk}/", {"phone": "1"}, format="json").status_code
        == 404
    )
    answer = api.post(
        base + "memberships/",
        {"member": away_member.pk, "role": "player", "valid_from": "2026-01-01"},
        format="json",
    )
    assert answer.status_code == 400
    assert not Membership.objects.filter(club=club, member=away_member).exists()


def test_board_set_list_takes_the_same_queries_for_one_set_and_many(home):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    club, people = home
    api = APIClient()
    api.force_login(people[Role.ORGANISER][0])  # a fresh user each request, as in production
    scheduled = mitchell_section(tables=3, club=club)  # its set is played by a running event
    api.get("/api/board-sets/")  # warm: the first request of a test loads Django's caches
    counts = []
    for more in (0, 5):
        for n in range(more):
            services.board_set_generate(club=club, count=2, seed=f"s{n}")
        with CaptureQueriesContext(connection) as ctx:
            listed = api.get("/api/board-sets/").json()
        rows = listed["results"] if isinstance(listed, dict) else listed
        assert scheduled.section.board_set_id in {row["id"] for row in rows}
        counts.append(len(ctx))
    assert counts[0] == counts[1], counts


def test_a_playing_organiser_cannot_start_finish_or_release_the_event(client, home):
    """Releasing shows every deal: only the event's directors move it along its lifecycle."""
    club, people = home
    organiser, member = people[Role.ORGANISER]
    scheduled = mitchell_section(tables=3, club=club, members={1: (member, None)})
    client.force_login(organiser)
    page = client.post(
        reverse("tournaments:status", args=[scheduled.tournament.pk]), {"status": "finished"}
    )
    assert page.status_code == 403 and "directors" in page.content.decode()
    answer = _api(organiser).post(
        f"/api/tournaments/{scheduled.tournament.pk}/status/", {"status": "finished"}, format="json"
    )
    assert answer.status_code == 403 and answer.json()["code"] == "directors_only"
    scheduled.tournament.refresh_from_db()
    assert scheduled.tournament.status == "running"
    secretary = people[Role.SECRETARY][0]  # not playing: directs (nobody named)
    client.force_login(secretary)
    client.post(
        reverse("tournaments:status", args=[scheduled.tournament.pk]),
        {"status": "finished", "anyway": "1", "reason": "no results in this test"},
    )
    scheduled.tournament.refresh_from_db()
    assert scheduled.tournament.status == "finished"


def test_event_list_with_its_directors_takes_the_same_queries_for_one_event_and_many(home):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    club, people = home
    organiser = people[Role.ORGANISER][0]
    api = APIClient()
    counts = []
    for events in (1, 6):
        while Tournament.objects.count() < events:
            services.tournament_create(
                club=club, name=f"Cup {Tournament.objects.count()}", starts=dt.date(2026, 12, 1),
                created_by=organiser,
            )  # fmt: skip
        with CaptureQueriesContext(connection) as ctx:
            listed = api.get("/api/tournaments/").json()
        rows = listed["results"] if isinstance(listed, dict) else listed
        assert len(rows) == events and all(row["directors"] for row in rows)
        counts.append(len(ctx))
    assert counts[0] == counts[1], counts
