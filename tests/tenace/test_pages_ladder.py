"""The season ladder page (rubber points and tournament percentages side by side, never
added), the player page (history, partners, form chart), and the query counts of the club
pages, constant in the number of members, nights and events."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.ladder import season_ladder
from clubs.matches import rubber_start_next
from clubs.models import (
    Club,
    ClubNight,
    Member,
    Membership,
    Role,
    RubberRecord,
    RubberTable,
    Season,
    TableSeat,
)
from clubs.rubbers import hand_enter
from tenace.ladders import season_ladders

pytestmark = pytest.mark.django_db

SEASON_DAY = dt.date(2026, 3, 5)


@pytest.fixture
def club():
    return Club.objects.create(name="Casino de Madrid", slug="casino")


@pytest.fixture
def season(club):
    return Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )


def members_make(club: Club, count: int, prefix: str = "Player") -> list[Member]:
    members = Member.objects.bulk_create(
        [Member(name=f"{prefix} {n:02d}", email=f"{prefix}{n}@example.org") for n in range(count)]
    )
    Membership.objects.bulk_create(
        [
            Membership(club=club, member=m, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1))
            for m in members
        ]
    )
    return members


def _play(rubber: RubberRecord, ns_wins: bool) -> None:
    for number in (1, 2):
        hand_enter(rubber=rubber, expected_number=number, ns_tricks=13 if ns_wins else 0, by=None)


def night_make(
    club: Club, date: dt.date, players: list[Member], ns_wins=(True,), number: int = 1
) -> RubberTable:
    """A club night (or another table at it) where ``players`` sit N, E, S, W and play
    ``len(ns_wins)`` rubbers of the three-rubber match to the end."""
    night = ClubNight.objects.filter(club=club, date=date).first()
    night = night or ClubNight.objects.create(club=club, date=date, rule_profile="short")
    table = RubberTable.objects.create(club_night=night, number=number)
    for seat, member in zip("NESW", players, strict=True):
        TableSeat.objects.create(table=table, seat=seat, member=member)
    rubber = RubberRecord.objects.create(table=table, number=1, first_dealer="N")
    for index, ns_win in enumerate(ns_wins):
        if index:
            rubber = rubber_start_next(table=table)
        _play(rubber, ns_win)
    return table


def tournament_make(club: Club, pairs: dict[int, tuple[Member, Member]]):
    """A released three-table Mitchell in the season where NS pair 1 tops board 1 and EW
    pair 4 is bottom on it."""
    from scoring.checks import ResultInput
    from scoring.services import result_record
    from scoring.standings import standings_publish
    from tests.scoring.factories import mitchell_section

    scheduled = mitchell_section(tables=3, club=club, members=pairs, released=True)
    for round_, tricks in {1: 13, 2: 7, 3: 7}.items():
        table = next(t for t in (1, 2, 3) if 1 in scheduled.boards_at(round_, t))
        play = scheduled.play(round_, table, 1)
        result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=tricks), by=None)
    standings_publish(section_id=scheduled.section.pk, force=True)
    scheduled.tournament.status = "released"
    scheduled.tournament.save()
    return scheduled.tournament


def test_ladder_page_shows_rubber_points_and_percentages_in_separate_tables(client, club, season):
    a, b, c, d = members_make(club, 4)
    night_make(club, SEASON_DAY, [a, b, c, d], ns_wins=(True,))
    tournament_make(club, {1: (a, c), 4: (b, d)})
    response = client.get(f"/clubs/casino/seasons/{season.pk}/ladder/")
    assert response.status_code == 200
    rubber = {member.name: row for row, member in response.context["rubber_rows"]}
    percent = {member.name: row for row, member in response.context["tournament_rows"]}
    ladder = {row.member_id: row for row in season_ladder(season)}
    margin = ladder[a.pk].total
    assert margin > 0
    # North–South won the rubber; their rubber points are the rubber's margin, untouched by
    # the 100 % they also scored in the tournament.
    assert rubber[a.name].total == rubber[c.name].total == margin
    assert rubber[b.name].total == -margin
    assert (rubber[a.name].rank, rubber[b.name].rank) == (1, 3)
    assert (rubber[a.name].counted, rubber[a.name].played) == (1, 1)
    assert percent[a.name].average == percent[c.name].average == 100.0
    assert percent[b.name].average == 0.0
    assert (percent[a.name].rank, percent[b.name].rank) == (1, 3)
    page = response.content.decode()
    rubber_html, _, percent_html = page.partition("Tournaments: average percentage")
    assert "Rubber points" in rubber_html and "100.00" not in rubber_html
    assert "100.00" in percent_html
    assert f'href="/clubs/casino/boston/seasons/{season.pk}/ladder/"' in page


def test_ladder_page_follows_the_season_counting_rule(client, club, season):
    a, b, c, d = members_make(club, 4)
    night_make(club, SEASON_DAY, [a, b, c, d], ns_wins=(True,))
    night_make(club, SEASON_DAY + dt.timedelta(days=7), [a, b, c, d], ns_wins=(False,))
    season.count_best = 1
    season.save()
    response = client.get(f"/clubs/casino/seasons/{season.pk}/ladder/")
    rows = {member.pk: row for row, member in response.context["rubber_rows"]}
    assert (rows[a.pk].counted, rows[a.pk].played) == (1, 2)
    assert rows[a.pk].total == rows[b.pk].total > 0  # each keeps their one winning night
    assert rows[a.pk].rank == rows[b.pk].rank == 1
    assert "Best 1 result counts" in response.content.decode()
    season.count_best, season.min_attendance = None, 3
    season.save()
    response = client.get(f"/clubs/casino/seasons/{season.pk}/ladder/")
    assert response.context["rubber_rows"] == []


def test_season_ladders_leave_out_other_clubs_and_seasons(club, season):
    other = Club.objects.create(name="Other", slug="other")
    night_make(other, SEASON_DAY, members_make(other, 4, "Other"))
    night_make(club, dt.date(2025, 6, 1), members_make(club, 4))
    ladders = season_ladders(season)
    assert (ladders.rubber, ladders.tournaments) == ([], [])


def test_player_page_history_partners_and_form_chart(client, club, season):
    a, b, c, d = members_make(club, 4)
    night_make(club, SEASON_DAY, [a, b, c, d], ns_wins=(True, False, True))
    tournament_make(club, {1: (a, c)})
    response = client.get(f"/clubs/casino/members/{a.pk}/?season={season.pk}")
    assert response.status_code == 200
    history = response.context["history"]
    ladder = {row.member_id: row for row in season_ladder(season)}
    (night,) = history.nights
    assert f"/clubs/casino/nights/{night.night_id}/" in response.content.decode()
    assert night.points == ladder[a.pk].total == history.total_points
    (line,) = history.tournaments
    assert (line.percentage, line.boards) == (100.0, 1)
    # Three rubbers, three partners: each of the other players partners A exactly once.
    partners = {p.partner.pk: p for p in history.partners}
    assert set(partners) == {b.pk, c.pk, d.pk}
    assert all(p.rubbers == 1 for p in partners.values())
    assert partners[c.pk].won == 1 and partners[c.pk].points > 0  # rubber 1, N–S won
    # C is also A's partner in the tournament (pair 1, 100 %); B and D are not.
    assert (partners[c.pk].events, partners[c.pk].average) == (1, 100.0)
    assert (partners[b.pk].events, partners[b.pk].average) == (0, None)
    assert sum(p.points for p in partners.values()) == ladder[a.pk].total
    page = response.content.decode()
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in page
    assert f'<title id="form-title">Form of {a.name} over 2026</title>' in page
    assert "<script" not in page.split("<main", 1)[1].split("</main>", 1)[0]


def test_player_page_without_seasons_or_results(client, club):
    (a,) = members_make(club, 1)
    page = client.get(f"/clubs/casino/members/{a.pk}/").content.decode()
    assert "The club has no seasons yet." in page
    Season.objects.create(club=club, name="2026", starts=dt.date(2026, 1, 1), ends=SEASON_DAY)
    page = client.get(f"/clubs/casino/members/{a.pk}/").content.decode()
    assert "No club nights this season." in page and "<svg" not in page


def test_player_page_of_someone_outside_the_club_is_not_found(client, club):
    stranger = Member.objects.create(name="Stranger")
    assert client.get(f"/clubs/casino/members/{stranger.pk}/").status_code == 404


# Query counts: the same number of queries for a small and a large club.


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200, url
    return len(captured.captured_queries)


def _world(club: Club, season: Season, size: int):
    """``size`` tables of four at ``size`` club nights (everyone plays every night), and a
    released tournament; returns the first member."""
    players = members_make(club, 4 * size, prefix=f"S{size}")
    for night in range(size):
        date = SEASON_DAY + dt.timedelta(days=7 * night)
        for table in range(size):
            four = players[4 * table : 4 * table + 4]
            night_make(club, date, four, ns_wins=(night % 2 == 0,), number=table + 1)
    tournament_make(club, {1: (players[0], players[1]), 4: (players[2], players[3])})
    return players[0]


@pytest.mark.parametrize("who", ["anonymous", "secretary"])
def test_club_pages_make_the_same_number_of_queries_for_5_and_30_members(client, who):
    counts = []
    for size in (1, 3):
        club = Club.objects.create(name=f"Club {size}", slug=f"club-{size}")
        season = Season.objects.create(
            club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
        )
        first = _world(club, season, size)
        members_make(club, 5 if size == 1 else 30, prefix=f"Extra{size}")
        if who == "secretary":
            from tests.tournaments.factories import user_with_role

            client.force_login(user_with_role(club, Role.SECRETARY, f"sec{size}"))
        base = f"/clubs/{club.slug}/"
        counts.append(
            [
                _queries(client, base),
                _queries(client, base + "members/"),
                _queries(client, base + f"seasons/{season.pk}/ladder/"),
                _queries(client, base + f"members/{first.pk}/?season={season.pk}"),
                _queries(client, base + "seasons/"),
            ]
        )
    assert counts[0] == counts[1], counts
