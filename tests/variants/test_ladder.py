"""The season ladder per game: night totals per player, the season's counting rule, other
games kept apart, a fixed number of queries; the player selector."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from clubs.models import ClubNight
from variants.ladder import variant_ladder
from variants.services import HandEntry, hand_enter, variant_table_create

pytestmark = pytest.mark.django_db


def _night(club, people, day: int, declarer: int) -> None:
    night = ClubNight.objects.create(club=club, date=dt.date(2026, 4, day), rule_profile="short")
    table = variant_table_create(
        club_night=night, game="solo", members=[people[str(i)].member for i in range(4)]
    )
    hand_enter(
        table=table,
        expected_number=1,
        by=None,
        entry=HandEntry(contract="solo", declarer=declarer, tricks=5),
    )


def test_ladder_adds_nights_per_player_and_keeps_games_apart(club, people, season):
    _night(club, people, 1, 0)
    _night(club, people, 2, 0)
    rows = variant_ladder(season, "solo")
    assert rows[0].member_id == people["0"].member.pk and rows[0].total == 60
    assert sum(r.total for r in rows) == 0
    assert variant_ladder(season, "knockout") == []


def _queries(url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(url).status_code == 200
    return len(queries)


def test_ladder_page_queries_do_not_grow_with_nights(club, people, season):
    url = f"/clubs/casino/whist-family/seasons/{season.pk}/ladder/solo/"
    _night(club, people, 1, 0)
    one = _queries(url)
    for day in range(2, 6):
        _night(club, people, day, day % 4)
    assert _queries(url) == one
    assert (
        Client().get(f"/clubs/casino/whist-family/seasons/{season.pk}/ladder/chess/").status_code
        == 404
    )


def test_player_selector_gives_the_members_line_on_each_ladder(club, people, season):
    from variants.ladder import player_variant_ladders
    from variants.selectors import player_variant_results

    _night(club, people, 1, 2)
    lines = player_variant_ladders(season, people["2"].member.pk)
    assert set(lines) == {"solo"} and lines["solo"].rank == 1 and lines["solo"].total == 30
    results = player_variant_results(people["2"].member)
    assert [(r.game, r.total) for r in results] == [("solo", 30)]
