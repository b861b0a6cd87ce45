"""Individual events (each player scores for themselves) and arrow-switched Mitchells (one
field of winners), end to end: schedule from the movement generators, results through the
service, standings from the snapshot."""

from __future__ import annotations

import datetime as dt

import pytest

from scoring.checks import ResultInput
from scoring.schedule import seated_members
from scoring.services import result_record
from scoring.standings import standings_publish
from tests.tournaments.factories import ClubFactory, club_member
from tournaments import schedule, services
from tournaments.models import BoardPlay, Section

pytestmark = pytest.mark.django_db


def _event(club, *, individual: bool, entries: int) -> Section:
    tournament = services.tournament_create(
        club=club, name="Event", starts=dt.date(2026, 11, 24), individual=individual
    )
    section = Section.objects.get(session__tournament=tournament)
    for _ in range(entries):
        if individual:
            services.entry_add(section=section, member1=club_member(club))
        else:
            services.entry_add(
                section=section, member1=club_member(club), member2=club_member(club)
            )
    return section


def _enter_everything(section: Section) -> None:
    plays = BoardPlay.objects.filter(seating__section=section).select_related("seating", "board")
    for play in plays:
        # NS take more tricks on higher tables: a spread of results to rank.
        tricks = (play.seating.table * 3 + play.board.number) % 14
        result_record(board_play_id=play.pk, given=ResultInput(ns_tricks=tricks), by=None)


def test_individual_event_ranks_every_player_in_one_field():
    club = ClubFactory()
    section = _event(club, individual=True, entries=8)
    services.section_board_set_choose(
        section=section, board_set=services.board_set_generate(club=club, count=14, seed="ind")
    )
    schedule.section_generate(section=section, kind="individual", boards_per_round=2)
    _enter_everything(section)
    snapshot = standings_publish(section_id=section.pk, force=True)
    fields = snapshot.data["fields"]
    assert len(fields) == 1
    rows = fields[0]["rows"]
    assert sorted(r["number"] for r in rows) == list(range(1, 9))
    assert all(r["boards"] == 14 for r in rows)  # 7 rounds of 2 boards each
    # Each player's percentage is their share of the matchpoints: they average 50 %.
    assert sum(r["percentage"] for r in rows) / 8 == pytest.approx(50, abs=0.01)


def test_individual_south_and_west_count_as_seated_at_their_table():
    club = ClubFactory()
    section = _event(club, individual=True, entries=8)
    services.section_board_set_choose(
        section=section, board_set=services.board_set_generate(club=club, count=14, seed="ind")
    )
    schedule.section_generate(section=section, kind="individual", boards_per_round=2)
    seating = section.seatings.select_related("south", "west").get(round=1, table=1)
    ns, ew = seated_members(section_id=section.pk, round=1, table=1)
    assert seating.south.member1_id in ns and seating.west.member1_id in ew


def test_arrow_switched_mitchell_has_one_field_of_winners():
    club = ClubFactory()
    section = _event(club, individual=False, entries=10)
    services.section_board_set_choose(
        section=section, board_set=services.board_set_generate(club=club, count=10, seed="arrow")
    )
    schedule.section_generate(section=section, kind="mitchell", boards_per_round=2, option="arrow")
    _enter_everything(section)
    fields = standings_publish(section_id=section.pk, force=True).data["fields"]
    assert len(fields) == 1 and len(fields[0]["rows"]) == 10


def test_plain_mitchell_has_ns_and_ew_winners():
    club = ClubFactory()
    section = _event(club, individual=False, entries=10)
    services.section_board_set_choose(
        section=section, board_set=services.board_set_generate(club=club, count=10, seed="plain")
    )
    schedule.section_generate(section=section, kind="mitchell", boards_per_round=2)
    _enter_everything(section)
    fields = standings_publish(section_id=section.pk, force=True).data["fields"]
    assert [f["name"] for f in fields] == ["NS", "EW"]
