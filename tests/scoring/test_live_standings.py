"""Live standings during play (issue #23): the event's setting decides who follows them
before the release, on every surface (page, live fragment/version/stream, API, combined
pages, the table screen's and My page's links); "hidden for the last N rounds" shows the
standings of the rounds before them."""

from __future__ import annotations

import pytest

from clubs.models import Role
from scoring.checks import ResultInput
from scoring.services import result_record
from scoring.standings import standings_publish
from scoring.standings_sight import standings_sight
from tests.scoring.factories import mitchell_section, person_make

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club):
    """A running 3-table Mitchell (3 rounds of 2 boards, 18 results) where pair 1 is two
    members with logins; every board is entered and confirmed. Returns (scheduled, player,
    director, bystander): a player of pair 1, the organiser who directs, a member who does
    not play."""
    player, member = person_make(club)
    partner = person_make(club)[1]
    scheduled = mitchell_section(
        tables=3, boards_per_round=2, club=club, members={1: (member, partner)}
    )
    director = person_make(club, Role.ORGANISER)[0]
    bystander = person_make(club)[0]
    for round_ in range(1, 4):
        for table in range(1, 4):
            for board in scheduled.boards_at(round_, table):
                play = scheduled.play(round_, table, board)
                given = ResultInput(ns_tricks=(board * 3 + table + round_) % 14)
                result_record(board_play_id=play.pk, given=given, by=None, confirmed=True)
    standings_publish(section_id=scheduled.section.pk, force=True)
    return scheduled, player, director, bystander


def _set(scheduled, setting: str, hidden: int = 1) -> None:
    scheduled.tournament.live_standings = setting
    scheduled.tournament.live_hidden_rounds = hidden
    scheduled.tournament.save()


def _surfaces(section_id: int) -> list[str]:
    base = f"/results/sections/{section_id}/standings/"
    return [
        base,
        f"{base}fragment/",
        f"{base}version/",
        f"/api/standings/{section_id}/",
    ]


def _answers(client, user, section_id: int) -> list[int]:
    client.logout()
    if user is not None:
        client.force_login(user)
    return [client.get(url).status_code for url in _surfaces(section_id)]


def test_players_setting_shows_the_event_players_and_refuses_others_on_every_surface(client, night):
    scheduled, player, director, bystander = night
    _set(scheduled, "players")
    section = scheduled.section.pk
    assert _answers(client, player, section) == [200, 200, 200, 200]
    assert _answers(client, director, section) == [200, 200, 200, 200]
    assert _answers(client, bystander, section) == [403, 403, 403, 403]
    assert _answers(client, None, section) == [403, 403, 403, 403]
    client.force_login(bystander)
    refused = client.get(f"/results/sections/{section}/standings/").content.decode()
    assert "shown to the event&#x27;s players only" in refused
    api = client.get(f"/api/standings/{section}/").json()
    assert api["code"] == "standings_hidden" and "players only" in api["detail"]
    # The combined event page follows the same rule.
    assert client.get(f"/results/events/{scheduled.tournament.pk}/").status_code == 403
    client.force_login(player)
    assert client.get(f"/results/events/{scheduled.tournament.pk}/").status_code == 200


def test_the_stream_follows_the_rule(client, night):
    scheduled, player, _director, bystander = night
    _set(scheduled, "players")
    url = f"/results/sections/{scheduled.section.pk}/standings/stream/?seconds=0"
    client.force_login(bystander)
    assert client.get(url).status_code == 403
    client.force_login(player)
    answer = client.get(url)
    assert answer.status_code == 200
    assert b"event: version" in b"".join(answer.streaming_content)


def test_everyone_setting_shows_visitors_the_live_standings_but_not_the_public_results(
    client, night
):
    scheduled, *_ = night
    _set(scheduled, "everyone")
    assert _answers(client, None, scheduled.section.pk) == [200, 200, 200, 200]
    public = f"/results/public/{scheduled.club.slug}/{scheduled.tournament.slug}/1/"
    assert client.get(public).status_code == 404  # travellers and deals wait for the release


def test_hidden_setting_refuses_players_until_the_release_then_everyone_sees(client, night):
    scheduled, player, director, _bystander = night
    _set(scheduled, "hidden")
    assert _answers(client, player, scheduled.section.pk) == [403, 403, 403, 403]
    assert _answers(client, director, scheduled.section.pk) == [200, 200, 200, 200]
    client.force_login(player)
    page = client.get(f"/results/sections/{scheduled.section.pk}/standings/").content.decode()
    assert "The directors show these standings when they release the results." in page
    scheduled.tournament.status = "released"
    scheduled.tournament.save()
    assert _answers(client, None, scheduled.section.pk) == [200, 200, 200, 200]


def test_a_playing_organiser_is_a_player_not_a_director(client, night, club):
    scheduled, *_ = night
    organiser, member = person_make(club, Role.ORGANISER)
    scheduled.entries[2].member1 = member
    scheduled.entries[2].save()
    _set(scheduled, "hidden")
    assert _answers(client, organiser, scheduled.section.pk) == [403, 403, 403, 403]


def test_hiding_the_last_round_shows_the_standings_of_the_rounds_before(client, night):
    scheduled, player, director, _bystander = night
    _set(scheduled, "hide_last", hidden=1)
    client.force_login(player)
    api = client.get(f"/api/standings/{scheduled.section.pk}/").json()
    # Rounds 1 and 2 only: 3 tables x 2 boards x 2 rounds; each pair has played 4 boards.
    assert api["up_to_round"] == 2 and api["results"] == 12
    assert {row["boards"] for field in api["fields"] for row in field["rows"]} == {4}
    page = client.get(f"/results/sections/{scheduled.section.pk}/standings/").content.decode()
    assert "12 results" in page and "Standings after round 2" in page
    fragment = client.get(f"/results/sections/{scheduled.section.pk}/standings/fragment/")
    assert "12 results" in fragment.content.decode()
    # The combined pages wait for the release.
    assert client.get(f"/results/events/{scheduled.tournament.pk}/").status_code == 403
    client.force_login(director)
    full = client.get(f"/api/standings/{scheduled.section.pk}/").json()
    assert full["results"] == 18 and "up_to_round" not in full


def test_hiding_as_many_rounds_as_there_are_shows_nothing_and_says_why(client, night):
    scheduled, player, _director, _bystander = night
    _set(scheduled, "hide_last", hidden=3)
    client.force_login(player)
    page = client.get(f"/results/sections/{scheduled.section.pk}/standings/")
    assert page.status_code == 403
    assert "The standings of the last 3 rounds are hidden until the release." in (
        page.content.decode()
    )


def test_a_score_card_shows_the_rounds_before_the_hidden_ones(client, night):
    scheduled, player, _director, _bystander = night
    _set(scheduled, "hide_last", hidden=1)
    client.force_login(player)
    assert standings_sight(player, scheduled.section).up_to_round == 2
    card = client.get(
        f"/results/sections/{scheduled.section.pk}/entries/{scheduled.entries[1].pk}/"
    ).context["card"]
    # Pair 1 played boards 1-2 (round 1) and 3-4 (round 2); boards 5-6 (round 3) wait.
    assert [line["board"] for line in card["lines"]] == [1, 2, 3, 4]
    assert card["standing"]["boards"] == 4


def test_the_table_screen_and_my_page_link_to_the_standings_when_the_player_may_see_them(
    client, night
):
    scheduled, player, _director, _bystander = night
    scheduled.section.refresh_from_db()
    client.force_login(player)
    _set(scheduled, "players")
    url = f"/results/sections/{scheduled.section.pk}/standings/"
    assert url in client.get("/results/table/?round=3").content.decode()
    assert url in client.get("/me/").content.decode()
    _set(scheduled, "hidden")
    assert url not in client.get("/results/table/?round=3").content.decode()
    assert url not in client.get("/me/").content.decode()


def test_only_the_directors_choose_the_setting(client, night):
    scheduled, player, director, _bystander = night
    url = f"/events/{scheduled.tournament.pk}/live-standings/"
    client.force_login(player)
    answer = client.post(url, {"live_standings": "everyone", "live_hidden_rounds": 1})
    assert answer.status_code == 403
    client.force_login(director)
    assert "Standings during play" in client.get(url).content.decode()
    answer = client.post(url, {"live_standings": "hide_last", "live_hidden_rounds": 2})
    assert answer.status_code == 302
    scheduled.tournament.refresh_from_db()
    assert (scheduled.tournament.live_standings, scheduled.tournament.live_hidden_rounds) == (
        "hide_last",
        2,
    )
    refused = client.post(url, {"live_standings": "hide_last", "live_hidden_rounds": 0})
    assert refused.status_code == 200 and "greater than or equal to 1" in refused.content.decode()
    detail = client.get(f"/events/{scheduled.tournament.pk}/").content.decode()
    assert url in detail
