"""Every clubs API list makes as many queries for many rows as for a few: members,
memberships, seasons, nights, tables, rubbers with their hands, hands, corrections and the
ladder (read by a secretary, who also gets contact details)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Club, ClubNight, RubberRecord, Season
from clubs.rubbers import hand_correct, hand_enter
from tests.clubs.api_world import World, person, seat_table, world_make

pytestmark = pytest.mark.django_db


def grow(w: World, n: int) -> None:
    """``n`` more of everything: clubs, members, seasons, and nights each with a table whose
    rubber 1 is played out (four hands) and whose first hand is corrected."""
    for _ in range(n):
        k = Club.objects.count() + 1
        Club.objects.create(name=f"Club {k}", slug=f"club-{k}")
        Season.objects.create(
            club=w.club, name=f"S{k}", starts=dt.date(2000 + k, 1, 1), ends=dt.date(2000 + k, 2, 1)
        )
        night = ClubNight.objects.create(
            club=w.club, date=dt.date(2026, 4, 1) + dt.timedelta(days=k), rule_profile="short"
        )
        players = [person(w.club, email=f"m{k}-{i}@example.org") for i in range(4)]
        table = seat_table(night, players, 1)
        rubber = RubberRecord.objects.create(table=table, number=1, first_dealer="N")
        for number, tricks in enumerate((9, 5, 13, 13), start=1):
            hand = hand_enter(rubber=rubber, expected_number=number, ns_tricks=tricks, by=None)
            if number == 1:
                hand_correct(
                    hand=hand,
                    by=w.users["secretary"],
                    reason=f"fix {k}",
                    honours_side="NS",
                    honours_count=4,
                )


def list_urls(w: World) -> list[str]:
    return [
        "/api/clubs/",
        w.base + "members/",
        w.base + "memberships/",
        w.base + "seasons/",
        w.base + "nights/",
        w.base + "tables/",
        w.base + "rubbers/",
        w.base + "hands/",
        w.base + f"seasons/{w.season.pk}/ladder/",
    ]


def count_queries(w: World, url: str) -> int:
    client = w.client("secretary")
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.content)
    return len(queries)


def test_api_clubs_lists_make_the_same_queries_for_1_and_8_rows():
    w = world_make()
    grow(w, 1)
    few = {url: count_queries(w, url) for url in list_urls(w)}
    grow(w, 7)
    many = {url: count_queries(w, url) for url in list_urls(w)}
    assert many == few
    assert max(few.values()) <= 10, few


def test_api_corrections_list_is_constant_in_the_number_of_corrections():
    w = world_make()
    url = w.base + f"hands/{w.hand.pk}/corrections/"
    hand_correct(hand=w.hand, by=w.users["secretary"], reason="one", ns_tricks=8)
    few = count_queries(w, url)
    for tricks in (9, 8, 9, 8, 9):
        hand_correct(hand=w.hand, by=w.users["secretary"], reason="again", ns_tricks=tricks)
    assert count_queries(w, url) == few


def test_api_ladder_rows_cover_every_player_of_the_season():
    w = world_make()
    grow(w, 3)
    season = Season.objects.create(
        club=w.club, name="Spring", starts=dt.date(2026, 4, 1), ends=dt.date(2026, 6, 30)
    )
    rows = w.client("anonymous").get(w.base + f"seasons/{season.pk}/ladder/").json()["rows"]
    assert len(rows) == 12 and all(r["member_name"] for r in rows)
