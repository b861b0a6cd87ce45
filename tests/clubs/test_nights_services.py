"""Club-night services: a night, a table of four or three, clear refusals; honours from a
deal; the ladder counts every rubber of the match and dummy tables, in fixed queries."""

from __future__ import annotations

import datetime as dt

import pytest

from clubs.errors import ClubError, HandRefused
from clubs.ladder import club_night_results, season_ladder
from clubs.matches import match_state, rubber_start_next
from clubs.models import (
    Club,
    ClubNight,
    HandRecord,
    Member,
    Membership,
    RubberTable,
    Season,
    TableSeat,
)
from clubs.nights import night_create, table_add
from clubs.rubbers import hand_enter, rubber_state

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 3, 5)
# Every suit dealt whole to one seat: N spades, E hearts, S diamonds, W clubs.
SUITED = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def _club(players: int = 8, slug: str = "casino") -> tuple[Club, list[Member]]:
    club = Club.objects.create(name="Casino", slug=slug)
    members = []
    for k in range(players):
        member = Member.objects.create(name=f"Player {k:02d}")
        Membership.objects.create(club=club, member=member, valid_from=dt.date(2026, 1, 1))
        members.append(member)
    return club, members


def _win_rubber(rubber, ns_tricks: int = 13) -> None:
    """Two hands of 13 (or 0) tricks: two games to one side in short whist."""
    start = rubber.hands.count()
    for k in (1, 2):
        hand_enter(rubber=rubber, expected_number=start + k, ns_tricks=ns_tricks, by=None)


def test_night_create_takes_the_club_profile():
    club, _ = _club()
    night = night_create(club=club, date=DAY)
    assert night.rule_profile == "short"


def test_night_create_unknown_override_is_refused_with_engine_message():
    club, _ = _club()
    with pytest.raises(ClubError):
        night_create(club=club, date=DAY, rule_overrides={"game_target": "lots"})
    assert not ClubNight.objects.exists()


def test_table_add_four_seats_as_cut_and_starts_rubber_one_with_dealer():
    club, members = _club()
    night = night_create(club=club, date=DAY)
    table = table_add(night=night, members=members[:4], first_dealer="W")
    seats = {s.seat: s.member_id for s in table.seats.all()}
    assert seats == {"N": members[0].pk, "E": members[1].pk, "S": members[2].pk, "W": members[3].pk}
    rubber = table.rubbers.get()
    assert (table.number, table.dummy, rubber.number, rubber.first_dealer) == (1, False, 1, "W")
    assert table_add(night=night, members=members[4:8]).number == 2


def test_table_add_member_seated_twice_in_the_night_is_refused_naming_them():
    club, members = _club()
    night = night_create(club=club, date=DAY)
    table_add(night=night, members=members[:4])
    with pytest.raises(ClubError, match="Player 03 \\(table 1\\)"):
        table_add(night=night, members=members[3:7])
    assert RubberTable.objects.count() == 1


def test_table_add_refuses_outsider_duplicate_and_too_few():
    club, members = _club()
    night = night_create(club=club, date=DAY)
    outsider = Member.objects.create(name="Stranger")
    with pytest.raises(ClubError, match="Stranger"):
        table_add(night=night, members=[*members[:3], outsider])
    with pytest.raises(ClubError, match="twice"):
        table_add(night=night, members=[members[0], members[0], members[1], members[2]])
    with pytest.raises(ClubError, match="three for dummy"):
        table_add(night=night, members=members[:2])
    assert not RubberTable.objects.exists() and not TableSeat.objects.exists()


def test_table_add_member_whose_membership_ended_is_refused():
    club, members = _club()
    Membership.objects.filter(member=members[0]).update(valid_to=dt.date(2026, 2, 1))
    night = night_create(club=club, date=DAY)
    with pytest.raises(ClubError, match="Player 00"):
        table_add(night=night, members=members[:4])


def test_hand_with_deal_computes_honours_instead_of_typed():
    club, members = _club()
    table = table_add(night=night_create(club=club, date=DAY), members=members[:4])
    rubber = table.rubbers.get()
    hand = hand_enter(
        rubber=rubber,
        expected_number=1,
        ns_tricks=7,
        deal=SUITED,
        trump="H",
        honours_claimed=False,
        by=None,
    )
    assert (hand.honours_side, hand.honours_count, hand.trump) == ("EW", 4, "H")
    assert hand.deal.startswith("N:AKQJT98765432")
    # NS: 1 odd trick; EW: 4 honours (short whist: honours count towards the game).
    assert rubber_state(rubber).score == (1, 4)


def test_hand_with_deal_and_disagreeing_claim_is_refused():
    club, members = _club()
    table = table_add(night=night_create(club=club, date=DAY), members=members[:4])
    with pytest.raises(HandRefused, match="do not match the deal"):
        hand_enter(
            rubber=table.rubbers.get(),
            expected_number=1,
            ns_tricks=7,
            honours_side="NS",
            honours_count=4,
            deal=SUITED,
            trump="H",
            by=None,
        )
    assert not HandRecord.objects.exists()


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (SUITED.replace("...AKQJT98765432", "...AKQJT9876543A"), "appears twice"),
        (SUITED.replace("N:AKQJT98765432", "N:AKQJT9876543"), "12 cards"),
    ],
)
def test_hand_with_impossible_deal_is_refused_naming_the_card(deal, message):
    club, members = _club()
    table = table_add(night=night_create(club=club, date=DAY), members=members[:4])
    with pytest.raises(HandRefused, match=message):
        hand_enter(
            rubber=table.rubbers.get(),
            expected_number=1,
            ns_tricks=7,
            deal=deal,
            trump="S",
            honours_claimed=False,
            by=None,
        )
    assert not HandRecord.objects.exists()


def test_hand_with_deal_but_no_trump_is_refused():
    club, members = _club()
    table = table_add(night=night_create(club=club, date=DAY), members=members[:4])
    with pytest.raises(HandRefused, match="trump"):
        hand_enter(rubber=table.rubbers.get(), expected_number=1, ns_tricks=7, deal=SUITED, by=None)


def _season(club: Club) -> Season:
    return Season.objects.create(
        club=club, name="2026", starts=dt.date(2026, 1, 1), ends=dt.date(2026, 12, 31)
    )


def test_ladder_counts_all_three_rubbers_with_players_reseated():
    club, members = _club()
    season = _season(club)
    table = table_add(night=night_create(club=club, date=DAY), members=members[:4])
    _win_rubber(table.rubbers.get(number=1))
    _win_rubber(rubber_start_next(table=table))
    _win_rubber(rubber_start_next(table=table))
    state = match_state(table)
    results = {r.member_id: r.score for r in club_night_results(season)}
    assert results == state.totals
    # Not rubber 1 alone: rubbers 2 and 3 moved players between the sides.
    p = rubber_state(table.rubbers.get(number=1)).result().points
    n, e, s, w = (m.pk for m in members[:4])
    assert results != {n: p, s: p, e: -p, w: -p}
    assert sum(results.values()) == 0


def test_dummy_table_holder_rotates_and_totals_follow_dummy_totals():
    club, members = _club()
    season = _season(club)
    night = night_create(club=club, date=DAY)
    table = table_add(night=night, members=members[:3])
    assert table.dummy and table.rubbers.get().first_dealer == "N"
    _win_rubber(table.rubbers.get(number=1))  # the holder (NS) wins rubber 1
    second = rubber_start_next(table=table)
    assert second.first_dealer == "N"  # Dummy deals at the start of every rubber
    state = match_state(table)
    holder_2 = state.seatings[1][2]  # South holds Dummy
    assert (state.seatings[0][2], holder_2) == (members[0].pk, members[1].pk)
    points = rubber_state(table.rubbers.get(number=1)).result().points
    assert state.totals == {
        members[0].pk: 2 * points,
        members[1].pk: -points,
        members[2].pk: -points,
    }
    results = {r.member_id: r.score for r in club_night_results(season)}
    assert results == state.totals


def test_dummy_table_revoke_by_dummy_is_refused_with_engine_message():
    club, members = _club()
    table = table_add(night=night_create(club=club, date=DAY), members=members[:3])
    with pytest.raises(HandRefused, match="dummy is not liable"):
        hand_enter(
            rubber=table.rubbers.get(),
            expected_number=1,
            ns_tricks=6,
            revoke_side="NS",
            revoke_penalty="take_tricks",
            revoke_by_dummy=True,
            by=None,
        )
    assert not HandRecord.objects.exists()


def _night_with_tables(club: Club, members: list[Member], day: dt.date, tables: int) -> None:
    night = night_create(club=club, date=day)
    for t in range(tables):
        table = table_add(night=night, members=members[4 * t : 4 * t + 4])
        _win_rubber(table.rubbers.get(number=1))
        _win_rubber(rubber_start_next(table=table), ns_tricks=0)


@pytest.mark.parametrize(("nights", "tables"), [(1, 1), (4, 3)])
def test_season_ladder_queries_constant_in_nights_and_tables(
    nights, tables, django_assert_max_num_queries
):
    club, members = _club(players=12)
    season = _season(club)
    for n in range(nights):
        _night_with_tables(club, members, DAY + dt.timedelta(days=7 * n), tables)
    with django_assert_max_num_queries(6):
        rows = season_ladder(season)
    assert len(rows) == 4 * tables


def test_table_add_seats_a_guest_who_is_not_a_member():
    club, members = _club()
    night = night_create(club=club, date=DAY)
    table = table_add(night=night, members=[members[0], "Visiting Vera", members[1], members[2]])
    seats = {s.seat: s for s in table.seats.select_related("member")}
    assert seats["E"].guest and seats["E"].member.name == "Visiting Vera"
    assert not seats["E"].member.memberships.exists()  # a person, not a member of the club
    assert not seats["N"].guest
    _win_rubber(table.rubbers.get())  # the guest's side plays and scores like anyone
    assert rubber_state(table.rubbers.get()).is_over
    with pytest.raises(ClubError, match="guest's name"):
        table_add(night=night, members=[members[3], "  ", members[4], members[5]])


def test_a_guests_points_stay_off_the_season_ladder():
    club, members = _club()
    season = _season(club)
    table = table_add(
        night=night_create(club=club, date=DAY),
        members=[members[0], "Visiting Vera", members[1], members[2]],
    )
    _win_rubber(table.rubbers.get())
    vera = table.seats.get(guest=True).member_id
    totals = match_state(table).totals
    results = {r.member_id: r.score for r in club_night_results(season)}
    assert vera in totals and totals[vera] != 0  # she scored at the table
    assert results == {m: s for m, s in totals.items() if m != vera}
    assert vera not in {row.member_id for row in season_ladder(season)}


def test_table_add_three_players_one_a_guest_is_a_dummy_table():
    club, members = _club()
    night = night_create(club=club, date=DAY)
    table = table_add(night=night, members=[members[0], members[1], "Guest"])
    assert table.dummy and table.seats.filter(guest=True).count() == 1
