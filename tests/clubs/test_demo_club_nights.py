"""The demo's club nights: sixteen members, a finished three-rubber match, a dummy table, a
table still playing (with a correction), and a season ladder of a dozen rows or more."""

from __future__ import annotations

import datetime as dt

import pytest

from clubs.demo import demo_club_load
from clubs.ladder import season_ladder
from clubs.matches import match_state
from clubs.models import ClubNight, HandCorrection, HandRecord, Member, Season

pytestmark = pytest.mark.django_db
TODAY = dt.date(2026, 11, 23)


def test_demo_club_nights_have_a_match_a_dummy_table_and_a_table_playing():
    club, _ = demo_club_load(today=TODAY)
    assert Member.objects.filter(memberships__club=club).distinct().count() == 16
    latest = ClubNight.objects.filter(club=club).order_by("-date").first()
    match, dummy, playing = latest.tables.order_by("number")
    state = match_state(match)
    assert len(state.rubbers) == 3 and all(s.is_over for _r, _h, s in state.rubbers)
    assert sum(state.totals.values()) == 0 and len(state.seatings) == 3
    assert not HandRecord.objects.filter(rubber__table=match, deal="").exists()
    assert dummy.dummy and dummy.seats.count() == 3
    assert not match_state(playing).rubbers[-1][2].is_over
    assert HandCorrection.objects.filter(hand__rubber__table=playing).count() == 1


def test_demo_season_ladder_has_a_dozen_rows_and_loading_twice_changes_nothing():
    club, _ = demo_club_load(today=TODAY)
    hands = HandRecord.objects.count()
    demo_club_load(today=TODAY)
    assert HandRecord.objects.count() == hands
    season = Season.objects.get(club=club, name="2026")
    rows = season_ladder(season)
    assert len(rows) >= 12
    assert sum(r.total for r in rows) == 0
