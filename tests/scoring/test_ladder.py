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
    scheduled.tournament.status = "released"
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
    scheduled.tournament.status = "released"
    scheduled.tournament.save()
    _play_board_one(scheduled, {1: 9})
    other = Season.objects.create(
        club=club, name="2025", starts=dt.date(2025, 1, 1), ends=dt.date(2025, 12, 31)
    )
    assert season_tournament_percentages(season=other) == {}


def _season(club):
    return Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )


@pytest.mark.django_db
def test_ladder_adds_up_the_sessions_of_an_event_weighted_by_boards(club, seated):
    """Session 1: pair 1 plays one board (a top). Session 2 of the same event: the same
    members, as pair 1 again, play three boards of which they top one and bottom two; the
    ladder gives one line for the event: (100×1 + 100×1 + 0×2) / 4 boards = 50%."""
    from tests.scoring.factories import mitchell_section

    scheduled, _ns, _ew = seated
    season = _season(club)
    _play_board_one(scheduled, {1: 13, 2: 7, 3: 7})
    pair = scheduled.entries[1]
    second = mitchell_section(
        tables=3,
        boards_per_round=2,
        tournament=scheduled.tournament,
        members={1: (pair.member1, pair.member2)},
    )
    # Pair 1 sits NS at table 1 in every round; board 1 in round 1, boards 3 and 5 later.
    for round_, tricks_ns1, others in ((1, 13, 7), (2, 0, 7), (3, 0, 7)):
        for board in second.boards_at(round_, 1)[:1]:
            for r in (1, 2, 3):
                table = next(t for t in (1, 2, 3) if board in second.boards_at(r, t))
                tricks = tricks_ns1 if table == 1 else others
                play = second.play(r, table, board)
                result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=tricks), by=None)
    standings_publish(section_id=second.section.pk, force=True)
    scheduled.tournament.status = "released"
    scheduled.tournament.save()
    ladder = season_tournament_percentages(season=season)
    for member_id in scheduled.entries[1].member_ids():
        (line,) = ladder[member_id]
        assert line.tournament_id == scheduled.tournament.pk
        assert (line.boards, line.percentage) == (4, 50.0)


@pytest.mark.django_db
def test_ladder_leaves_out_withdrawn_entries_and_reads_the_newest_snapshot(
    club, seated, django_assert_num_queries
):
    scheduled, _ns, _ew = seated
    season = _season(club)
    scheduled.tournament.status = "released"
    scheduled.tournament.save()
    _play_board_one(scheduled, {1: 13})  # version 1: NS pair 1 alone on board 1
    _play_board_one(scheduled, {2: 7, 3: 7})  # version 3: a top for pair 1
    with django_assert_num_queries(3):  # sections, newest snapshots, entries
        ladder = season_tournament_percentages(season=season)
    assert {ladder[m][0].percentage for m in scheduled.entries[1].member_ids()} == {100.0}
    scheduled.entries[4].withdrawn = True
    scheduled.entries[4].save()
    ladder = season_tournament_percentages(season=season)
    assert set(ladder) == scheduled.entries[1].member_ids()
