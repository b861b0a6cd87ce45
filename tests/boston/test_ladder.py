"""The season's Boston ladder: night totals per player under the season's counting rule,
kept apart from rubber whist; a fixed number of queries however many nights."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection, reset_queries
from django.test import Client
from django.test.utils import CaptureQueriesContext

from boston.ladder import boston_ladder, boston_night_results
from boston.services import HandEntry, boston_table_create, hand_enter
from clubs.ladder import season_ladder
from clubs.models import ClubNight, Season
from tests.boston.conftest import CLUB_TABLE

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(club):
    return Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )


def _night(club, people, day: int, declarer: str = "E", tricks: int = 5):
    night = ClubNight.objects.create(club=club, date=dt.date(2026, 4, day), rule_profile="short")
    table = boston_table_create(
        club_night=night,
        members={seat: people[seat].member for seat in "NESW"},
        payment_table="own",
        own_payment_table=CLUB_TABLE,
    )
    entry = HandEntry(level="PIDO", suit="H", declarer=declarer, tricks=tricks)
    hand_enter(table=table, expected_number=1, entry=entry, by=None)
    return night


def test_boston_ladder_ranks_night_totals_and_ignores_rubber_whist(club, people, season):
    _night(club, people, 1)  # E makes a pido: E +6 +20 pool, stakes -4
    rows = boston_ladder(season)
    totals = {r.member_id: r.total for r in rows}
    assert totals[people["E"].member.pk] == -4 + 6 + 20
    assert totals[people["N"].member.pk] == -8 - 2
    assert rows[0].member_id == people["E"].member.pk and rows[0].rank == 1
    assert sum(totals.values()) == 0  # the pool was emptied
    assert season_ladder(season) == []  # not summed into the rubber-whist ladder


def test_boston_ladder_uses_the_seasons_counting_rule(club, people, season):
    _night(club, people, 1, declarer="E")
    _night(club, people, 2, declarer="E", tricks=3)  # E fails
    season.count_best = 1
    season.save()
    e = people["E"].member.pk
    rows = {r.member_id: r for r in boston_ladder(season)}
    assert rows[e].total == -4 + 6 + 20 and (rows[e].counted, rows[e].played) == (1, 2)
    season.min_attendance = 3
    season.save()
    assert boston_ladder(season) == []


def test_boston_night_results_outside_the_season_are_left_out(club, people, season):
    _night(club, people, 1)
    season.starts = dt.date(2026, 5, 1)
    season.save()
    assert list(boston_night_results(season)) == []


def test_boston_ladder_page_queries_do_not_grow_with_nights(club, people, season):
    url = f"/clubs/casino/boston/seasons/{season.pk}/ladder/"
    _night(club, people, 1)
    assert "Bruno" in Client().get(url).content.decode()
    one = _queries(url)
    for day in range(2, 6):
        _night(club, people, day, declarer="NESW"[day % 4])
    assert _queries(url) == one > 0


def _queries(url: str) -> int:
    """Queries of one page view (the request resets Django's query log as it starts)."""
    reset_queries()
    with CaptureQueriesContext(connection) as context:
        assert Client().get(url).status_code == 200
    return len(context)


def test_night_page_links_to_the_seasons_boston_ladder(club, people, season):
    night = _night(club, people, 1)
    body = Client().get(f"/clubs/casino/boston/nights/{night.pk}/").content.decode()
    assert f"/clubs/casino/boston/seasons/{season.pk}/ladder/" in body
