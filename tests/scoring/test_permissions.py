"""Who may open each scoring page: anonymous, a player of the club, an organiser, a
secretary, and a secretary of another club — before the standings are released."""

from __future__ import annotations

import pytest

from clubs.models import Role
from scoring.checks import ResultInput
from scoring.services import result_record
from tests.scoring.factories import club_make, mitchell_section, person_make

# page → the roles that get it (others get 403, or a redirect to log in when anonymous)
PAGES = {
    "standings/": {"organiser", "secretary"},
    "travellers/": {"organiser", "secretary"},
    "boards/1/": {"organiser", "secretary"},
    "dashboard/": {"organiser", "secretary"},
    "enter/boards/1/": {"organiser", "secretary"},
    "enter/tables/1/rounds/1/": {"organiser", "secretary"},
    # Importing and correcting enter results: the event's directors (here, with nobody
    # named, the club's organisers and secretaries, none of whom plays).
    "import/": {"organiser", "secretary"},
}
ROLES = ["anonymous", "player", "organiser", "secretary", "other_secretary"]


@pytest.fixture
def people(club):
    other = club_make()
    return {
        "anonymous": None,
        "player": person_make(club, Role.PLAYER)[0],
        "organiser": person_make(club, Role.ORGANISER)[0],
        "secretary": person_make(club, Role.SECRETARY)[0],
        "other_secretary": person_make(other, Role.SECRETARY)[0],
    }


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_scoring_pages_by_role_before_release(client, club, people, role):
    scheduled = mitchell_section(tables=3, club=club)
    play = scheduled.play(1, 1, 1)
    result = result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=7), by=None)
    if people[role] is not None:
        client.force_login(people[role])
    base = f"/results/sections/{scheduled.section.pk}/"
    pages = {**{base + page: allowed for page, allowed in PAGES.items()}}
    pages[f"/results/{result.pk}/correct/"] = {"organiser", "secretary"}
    for url, allowed in pages.items():
        status = client.get(url).status_code
        if role in allowed:
            assert status == 200, (url, role, status)
        else:
            assert status in (302, 403), (url, role, status)


@pytest.mark.django_db
def test_released_standings_are_public(client):
    scheduled = mitchell_section(tables=3, released=True)
    base = f"/results/sections/{scheduled.section.pk}/"
    for page in ("standings/", "travellers/", "boards/1/", "standings/version/"):
        assert client.get(base + page).status_code == 200
    assert client.get(base + "dashboard/").status_code == 302  # log in first


@pytest.mark.django_db
def test_dashboard_and_grid_query_counts_do_not_grow_with_tables(
    client, club, secretary, django_assert_max_num_queries
):
    client.force_login(secretary)
    for tables in (3, 9):
        scheduled = mitchell_section(tables=tables, club=club)
        for table in range(1, tables + 1):
            board = scheduled.boards_at(1, table)[0]
            play = scheduled.play(1, table, board)
            result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=7), by=None)
        base = f"/results/sections/{scheduled.section.pk}/"
        with django_assert_max_num_queries(14):
            assert client.get(base + "dashboard/").status_code == 200
        with django_assert_max_num_queries(12):
            assert client.get(base + "enter/boards/1/").status_code == 200
