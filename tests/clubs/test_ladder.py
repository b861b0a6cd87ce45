"""Season ladder: counting rules and shared ranks."""

from __future__ import annotations

import datetime as dt

from clubs.ladder import CountingRule, LadderResult, standings

D = dt.date(2026, 3, 5)


def _results(scores: dict[int, list[float]]) -> list[LadderResult]:
    return [LadderResult(m, D, s) for m, ss in scores.items() for s in ss]


def test_standings_ties_share_a_rank():
    rows = standings(_results({1: [10], 2: [7], 3: [7], 4: [2]}), CountingRule())
    assert [(r.rank, r.member_id) for r in rows] == [(1, 1), (2, 2), (2, 3), (4, 4)]


def test_standings_best_n_counts_only_the_best_results():
    rows = standings(_results({1: [1, 1, 1], 2: [5, -9]}), CountingRule(best=1))
    assert [(r.member_id, r.total) for r in rows] == [(2, 5), (1, 1)]


def test_standings_minimum_attendance_leaves_members_off():
    rows = standings(_results({1: [20], 2: [1, 1]}), CountingRule(min_attendance=2))
    assert [r.member_id for r in rows] == [2]


def test_season_ladder_club_night_winners_gain_what_losers_lose(db):
    from clubs.ladder import season_ladder
    from clubs.models import Club, ClubNight, Member, RubberRecord, RubberTable, Season, TableSeat
    from clubs.rubbers import hand_enter, rubber_state

    club = Club.objects.create(name="Casino", slug="casino")
    season = Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )
    night = ClubNight.objects.create(club=club, date=D, rule_profile="short")
    table = RubberTable.objects.create(club_night=night, number=1)
    members = {}
    for seat in "NESW":
        members[seat] = Member.objects.create(name=seat)
        TableSeat.objects.create(table=table, seat=seat, member=members[seat])
    rubber = RubberRecord.objects.create(table=table, number=1, first_dealer="N")
    for number in (1, 2):
        hand_enter(rubber=rubber, expected_number=number, ns_tricks=13, by=None)
    margin = rubber_state(rubber).result().points
    rows = {r.member_id: r for r in season_ladder(season)}
    assert rows[members["N"].pk].total == rows[members["S"].pk].total == margin
    assert rows[members["E"].pk].total == -margin
    assert rows[members["N"].pk].rank == rows[members["S"].pk].rank == 1
    assert rows[members["W"].pk].rank == 3
