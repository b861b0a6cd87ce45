"""My page: what is on now (the running event and my table), my recent events with place and
percentage and a link to my score card, my season ladders, a form chart with labelled axes,
my own row marked in the standings — in a fixed number of queries."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Season
from scoring.checks import ResultInput
from scoring.services import result_record
from scoring.standings import standings_publish
from tests.scoring.factories import club_make, mitchell_section, person_make

pytestmark = pytest.mark.django_db


def _played(club, members, *, released=True):
    scheduled = mitchell_section(tables=3, club=club, members=members, released=released)
    for round_ in range(1, 4):
        for table in range(1, 4):
            for board in scheduled.boards_at(round_, table):
                play = scheduled.play(round_, table, board)
                given = ResultInput(ns_tricks=(board * 3 + table) % 14)
                result_record(board_play_id=play.pk, given=given, by=None, confirmed=True)
    standings_publish(section_id=scheduled.section.pk, force=True)
    return scheduled


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_my_page_shows_now_recent_events_ladders_and_a_labelled_form_chart(client):
    club = club_make()
    Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )
    user, member = person_make(club, name="Tomás")
    partner = person_make(club)[1]
    _played(club, {1: (member, partner)})
    _played(club, {4: (member, partner)})
    running = mitchell_section(tables=3, club=club, members={2: (member, partner)})
    client.force_login(user)
    page = client.get("/me/")
    data = page.context["page"]
    assert data.now.current.table == 2 and data.now.side == "NS"
    assert len(data.events) == 2 and all(line.rank_label for line in data.events)
    assert all(line.percentage is not None and line.field_size == 3 for line in data.events)
    text = page.content.decode()
    assert "/results/table/" in text  # my table, one tap away
    for line in data.events:
        assert f"/results/sections/{line.section.pk}/entries/{line.entry.pk}/" in text
    assert running.tournament.name in text
    (ladder,) = data.ladders
    assert ladder.tournament_rank is not None and ladder.tournament_size >= 1
    standings = client.get(f"/clubs/{club.slug}/seasons/{ladder.season.pk}/ladder/")
    assert standings.content.decode().count('class="you" aria-current="true"') == 1
    svg = ET.fromstring(str(page.context["chart"]))
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "Percentage" in texts and "Event date" in texts


def test_my_page_reads_a_fixed_number_of_queries(client):
    counts = []
    for events in (1, 3):
        club = club_make()
        user, member = person_make(club)
        partner = person_make(club)[1]
        for _ in range(events):
            _played(club, {1: (member, partner)})
        client.force_login(user)
        client.get("/me/")
        counts.append(_queries(client, "/me/"))
    assert counts[0] == counts[1]


def test_my_row_is_marked_in_the_standings_not_by_colour_alone(client):
    club = club_make()
    user, member = person_make(club)
    partner = person_make(club)[1]
    scheduled = _played(club, {2: (member, partner)})
    client.force_login(user)
    text = client.get(f"/results/sections/{scheduled.section.pk}/standings/").content.decode()
    assert text.count('class="you" aria-current="true"') == 1
    assert "(you)" in text
    client.logout()
    anonymous = client.get(f"/results/sections/{scheduled.section.pk}/standings/")
    assert 'class="you"' not in anonymous.content.decode()


def test_my_page_is_linked_from_the_header_and_the_home_page(client):
    club = club_make()
    user = person_make(club)[0]
    client.force_login(user)
    assert 'href="/me/"' in client.get("/").content.decode()


def test_the_club_home_shows_what_runs_now_first(client):
    club = club_make()
    running = mitchell_section(tables=3, club=club)
    text = client.get(f"/clubs/{club.slug}/").content.decode()
    assert "Running now" in text and running.tournament.name in text
    assert text.index("Running now") < text.index("Coming up")
