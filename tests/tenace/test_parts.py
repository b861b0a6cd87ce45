"""The site collects what the apps below offer on their AppConfig: their own season ladders
(linked from the season's ladder page, the member's results on the player page) and their
demo loaders (run by ``manage.py demo`` in INSTALLED_APPS order)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse

from boston.ladder import boston_night_results
from boston.services import HandEntry, boston_table_create, hand_enter
from clubs.models import ClubNight, Season
from drives.ladder import drive_results
from tenace import parts
from tests.boston.conftest import CLUB_TABLE
from variants.models import Game


def test_every_apps_demo_loader_is_collected_in_layer_order():
    declared = [
        config.label for config in apps.get_app_configs() if getattr(config, "demo_loader", None)
    ]
    assert declared == ["tournaments", "scoring", "boston", "variants", "drives"]
    loaders = parts.demo_loaders()
    assert [loader.__module__ for loader in loaders] == [f"{app}.demo" for app in declared]


def test_the_boston_ladder_is_offered_to_the_site():
    ladder, *whist_family, drives = parts.season_ladders()
    assert ladder.results is boston_night_results and ladder.url_name == "boston:ladder"
    assert {(w.url_name, w.url_args) for w in whist_family} == {
        ("variants:ladder", (game,)) for game in Game.values
    }
    assert drives.results is drive_results and drives.url_name == "drives:ladder"


@pytest.mark.django_db
def test_player_page_lists_the_members_boston_nights_and_ladder_page_links_to_it(club, people):
    season = Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )
    night = ClubNight.objects.create(club=club, date=dt.date(2026, 4, 2), rule_profile="short")
    table = boston_table_create(
        club_night=night,
        members={seat: people[seat].member for seat in "NESW"},
        payment_table="own",
        own_payment_table=CLUB_TABLE,
    )
    entry = HandEntry(level="PIDO", suit="H", declarer="E", tricks=5)
    hand_enter(table=table, expected_number=1, entry=entry, by=None)
    east = people["E"].member
    expected = {r.member_id: r.score for r in boston_night_results(season)}[east.pk]
    assert expected != 0
    client = Client()
    response = client.get(f"/clubs/casino/members/{east.pk}/?season={season.pk}")
    boston, *others = response.context["history"].others
    assert all(not other.results for other in others)
    assert [(line.date, line.score) for line in boston.results] == [(night.date, expected)]
    assert boston.total == expected
    page = response.content.decode()
    assert "Boston ladder" in page and f"{expected:g}" in page
    ladder = client.get(f"/clubs/casino/seasons/{season.pk}/ladder/").content.decode()
    assert f'href="/clubs/casino/boston/seasons/{season.pk}/ladder/">Boston ladder</a>' in ladder


@pytest.mark.django_db
def test_the_season_ladder_page_links_every_whist_family_ladder(club, people):
    season = Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )
    page = Client().get(f"/clubs/casino/seasons/{season.pk}/ladder/").content.decode()
    for game in Game:
        url = reverse("variants:ladder", args=["casino", season.pk, game.value])
        assert f'href="{url}"' in page
        assert Client().get(url).status_code == 200
