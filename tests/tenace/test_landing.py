"""Landing after login (issue #23): a director on the events he directs, a player on his
table now or My page, a secretary on the club; the forms for a night or an event start on
today."""

from __future__ import annotations

import pytest
from django.utils import timezone

from clubs.models import Role
from tests.scoring.factories import club_make, mitchell_section, person_make

pytestmark = pytest.mark.django_db


def _login(client, user, next_: str = "") -> str:
    url = f"/login/?next={next_}" if next_ else "/login/"
    answer = client.post(url, {"username": user.username, "password": "pw"})
    assert answer.status_code == 302
    client.logout()
    return answer.url


def test_a_director_of_the_one_event_running_lands_in_its_control_room(client):
    club = club_make()
    scheduled = mitchell_section(club=club)  # running
    organiser = person_make(club, Role.ORGANISER)[0]
    from django.test import Client

    assert (
        _login(Client(), organiser) == f"/events/sessions/{scheduled.section.session_id}/control/"
    )


def test_a_director_of_two_events_tonight_lands_on_the_list_of_them(client):
    club = club_make()
    mitchell_section(club=club)
    mitchell_section(club=club)
    organiser = person_make(club, Role.ORGANISER)[0]
    assert _login(client, organiser) == "/#directing"
    page = client.get("/")
    assert page.status_code == 200


def test_a_secretary_lands_on_the_club_and_a_playing_organiser_is_a_player(client):
    club = club_make()
    secretary = person_make(club, Role.SECRETARY)[0]
    assert _login(client, secretary) == f"/clubs/{club.slug}/"
    organiser, member = person_make(club, Role.ORGANISER)
    partner = person_make(club)[1]
    mitchell_section(club=club, members={1: (member, partner)})
    # He plays tonight: his table, not the control room.
    assert _login(client, organiser) == "/results/table/"


def test_a_player_without_a_table_lands_on_my_page_and_next_still_wins(client):
    club = club_make()
    player = person_make(club)[0]
    assert _login(client, player) == "/me/"
    assert _login(client, player, next_="/clubs/") == "/clubs/"


def test_the_forms_for_a_night_and_an_event_start_on_today(client):
    club = club_make()
    secretary = person_make(club, Role.SECRETARY)[0]
    client.force_login(secretary)
    today = timezone.localdate().isoformat()
    night = client.get(f"/clubs/{club.slug}/nights/new/").content.decode()
    assert f'name="date" value="{today}"' in night
    event = client.get(f"/events/club/{club.slug}/new/").content.decode()
    assert f'name="starts" value="{today}"' in event
