"""The season's drive ladder and a member's drives for the player page (the site wires
both): counting drives only, members only, queries that do not grow with drives."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from clubs.models import Member, Season
from drives.ladder import drive_ladder
from drives.selectors import drive_state, member_drive_results
from drives.services import drive_create, player_add
from tests.drives.conftest import DAY, play_out


def _drive(club, organiser, members, *, counts=True, seed=1):
    drive = drive_create(
        organiser=organiser,
        club=club,
        name="Drive",
        date=DAY,
        settings={"hands": 2, "half_time_after": 1},
        counts_for_ladder=counts,
    )
    for n, member in enumerate(members):
        player_add(
            drive=drive, name=member.name, role="lady" if n % 2 == 0 else "gent", member=member
        )
    return play_out(drive, seed)


@pytest.fixture
def season(club):
    return Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )


@pytest.fixture
def members(club, people):
    return [Member.objects.get(user=people[r]) for r in ("player", "organiser", "secretary")] + [
        Member.objects.create(name="Guest")
    ]


def test_the_ladder_adds_each_members_total_per_counting_drive(club, people, season, members):
    from clubs.models import Membership

    Membership.objects.create(club=club, member=members[3], valid_from=dt.date(2020, 1, 1))
    first = _drive(club, people["organiser"], members)
    _drive(club, people["organiser"], members, counts=False, seed=2)
    rows = drive_ladder(season)
    totals = {pk: c.total for pk, c in drive_state(first).cards.items()}
    by_member = {p.member_id: totals[p.pk] for p in first.players.all()}
    assert {r.member_id: r.total for r in rows} == by_member
    assert all(r.played == 1 for r in rows)


@pytest.mark.parametrize("count", [1, 5])
def test_ladder_page_and_player_results_queries_do_not_grow(
    client, club, people, season, members, count, django_assert_max_num_queries
):
    from clubs.models import Membership

    Membership.objects.create(club=club, member=members[3], valid_from=dt.date(2020, 1, 1))
    for n in range(count):
        _drive(club, people["organiser"], members, seed=n)
    with django_assert_max_num_queries(10):
        page = client.get(reverse("drives:ladder", args=[club.slug, season.pk]))
    assert page.status_code == 200 and members[0].name in page.content.decode()
    with django_assert_max_num_queries(5):
        results = member_drive_results(members[0].pk)
    assert len(results) == count and all(rank >= 1 for _d, _t, rank in results)
