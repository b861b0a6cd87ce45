"""Tournament percentages for the season ladder."""

from __future__ import annotations

import datetime as dt

import pytest

from clubs.models import Season
from scoring.checks import ResultInput
from scoring.ladder import season_tournament_percentages
from scoring.services import result_record
from scoring.standings import standings_publish


def _play_board_one(scheduled, tricks_by_round):
    """Board 1 travels: table 1 in round 1, table 3 in round 2, table 2 in round 3."""
    for round_, tricks in tricks_by_round.items():
        table = next(t for t in (1, 2, 3) if 1 in scheduled.boards_at(round_, t))
        play = scheduled.play(round_, table, 1)
        result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=tricks), by=None)
    standings_publish(section_id=scheduled.section.pk, force=True)


@pytest.mark.django_db
def test_ladder_gives_members_their_released_tournament_percentage(club, seated):
    scheduled, _ns, _ew = seated
    season = Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )
    # Board 1: NS pair 1 (members) take 13 in round 1, the other NS pairs 7 each.
    _play_board_one(scheduled, {1: 13, 2: 7, 3: 7})
    assert season_tournament_percentages(season=season) == {}  # not released yet
    scheduled.tournament.standings_released = True
    scheduled.tournament.save()
    ladder = season_tournament_percentages(season=season)
    ns_members = scheduled.entries[1].member_ids()
    ew_members = scheduled.entries[4].member_ids()
    assert set(ladder) == ns_members | ew_members  # guests are left out
    for member_id in ns_members:
        (line,) = ladder[member_id]
        assert (line.tournament_id, line.boards) == (scheduled.tournament.pk, 1)
    # 13 beats both 7s: a top (4 of 4) for NS pair 1, a bottom for EW pair 4.
    assert {ladder[m][0].percentage for m in ns_members} == {100.0}
    assert {ladder[m][0].percentage for m in ew_members} == {0.0}


@pytest.mark.django_db
def test_ladder_leaves_out_other_seasons(club, seated):
    scheduled, _ns, _ew = seated
    scheduled.tournament.standings_released = True
    scheduled.tournament.save()
    _play_board_one(scheduled, {1: 9})
    other = Season.objects.create(
        club=club, name="2025", starts=dt.date(2025, 1, 1), ends=dt.date(2025, 12, 31)
    )
    assert season_tournament_percentages(season=other) == {}
