"""Before play: the checks of an event, the lifecycle's guards and buttons, the movements
suggested for one click, entries from a list or picked members, and a late pair."""

from __future__ import annotations

import datetime as dt

import pytest

from clubs.models import Member, Membership, Role
from tests.tournaments.factories import ClubFactory, club_member, section_with_pairs
from tournaments import lifecycle, readiness, schedule, services
from tournaments.errors import EntryError, StatusError
from tournaments.models import BoardPlay, Entry, EntryChange, Section, TournamentStatus

pytestmark = pytest.mark.django_db


def _member(club, name: str) -> Member:
    member = Member.objects.create(name=name)
    Membership.objects.create(
        club=club, member=member, role=Role.PLAYER, valid_from=dt.date(2020, 1, 1)
    )
    return member


def _scheduled(pairs: int = 6):
    club = ClubFactory()
    section = section_with_pairs(club, pairs)
    schedule.section_movement_use(section=section, kind="mitchell", boards_per_round=2)
    return section


def _failing(tournament) -> dict[str, str]:
    return {c.code: c.missing for c in readiness.tournament_checks(tournament) if not c.ok}


def test_a_new_event_lists_what_is_missing_with_where_to_fix_it():
    club = ClubFactory()
    tournament = services.tournament_create(club=club, name="Night", starts=dt.date(2026, 11, 26))
    section = Section.objects.get(session__tournament=tournament)
    checks = readiness.tournament_checks(tournament)
    assert [c.code for c in checks] == ["entries", "boards", "movement"]
    assert not any(c.ok for c in checks)
    assert "At least 2 entries" in checks[0].missing
    assert checks[1].fix_url == f"/events/sections/{section.pk}/#boards"
    with pytest.raises(StatusError, match="Deal or import the boards"):
        services.tournament_set_status(tournament=tournament, status=TournamentStatus.READY)


def test_a_scheduled_section_passes_and_the_event_can_be_marked_ready_and_started():
    section = _scheduled()
    tournament = section.session.tournament
    assert readiness.tournament_missing(tournament) == []
    services.tournament_set_status(tournament=tournament, status=TournamentStatus.READY)
    services.tournament_set_status(tournament=tournament, status=TournamentStatus.RUNNING)
    assert tournament.status == TournamentStatus.RUNNING


def test_a_pair_added_while_ready_clears_the_schedule_and_the_start_is_refused():
    section = _scheduled()
    tournament = section.session.tournament
    services.tournament_set_status(tournament=tournament, status=TournamentStatus.READY)
    services.entry_add(
        section=section,
        member1=club_member(section.session.tournament.club),
        member2=club_member(section.session.tournament.club),
    )
    assert "movement" in _failing(tournament)
    with pytest.raises(StatusError, match="Not ready yet"):
        services.tournament_set_status(tournament=tournament, status=TournamentStatus.RUNNING)
    # Regenerated for the seven pairs (a Howell: a Mitchell needs an even number).
    choices = schedule.section_choices(section)
    assert choices and all(c.kind == "howell" for c in choices)
    first = choices[0]
    schedule.section_movement_use(
        section=section, kind=first.kind, boards_per_round=first.boards_per_round
    )
    services.tournament_set_status(tournament=tournament, status=TournamentStatus.RUNNING)


def test_the_buttons_follow_the_status_and_say_why_one_cannot_be_pressed():
    club = ClubFactory()
    section = section_with_pairs(club, 6)
    tournament = section.session.tournament
    actions = lifecycle.status_actions(tournament, is_secretary=False, checks_pass=False)
    assert [(a.status, bool(a.blocked)) for a in actions] == [("ready", True)]
    tournament.status = TournamentStatus.RELEASED
    actions = lifecycle.status_actions(tournament, is_secretary=False, checks_pass=True)
    assert [a.status for a in actions] == ["closed", "finished"]
    assert actions[1].label == "Hold back the standings" and not actions[1].forward
    tournament.status = TournamentStatus.CLOSED
    (reopen,) = lifecycle.status_actions(tournament, is_secretary=False, checks_pass=True)
    assert "secretary" in reopen.blocked
    (reopen,) = lifecycle.status_actions(tournament, is_secretary=True, checks_pass=True)
    assert reopen.blocked == ""


def test_suggestions_fit_the_board_set_and_the_time_and_say_why():
    club = ClubFactory()
    section = section_with_pairs(club, 14)
    services.section_board_set_choose(
        section=section, board_set=services.board_set_generate(club=club, count=24, seed="x")
    )
    choices = schedule.section_choices(section, minutes=180)
    assert choices[0].kind == "mitchell" and choices[0].tables == 7
    assert all(c.boards <= 24 and c.minutes <= 180 for c in choices)
    assert "Fits your board set (21 of its 24 boards)" in choices[0].why
    assert "Two winners" in choices[0].why
    assert any(c.option == "arrow" and "one winner" in c.why for c in choices)
    short = schedule.section_choices(section, minutes=60)
    assert all(c.minutes <= 60 for c in short)


def test_one_click_deals_the_boards_when_the_section_has_none():
    club = ClubFactory()
    section = section_with_pairs(club, 6)
    schedule.section_movement_use(section=section, kind="mitchell", boards_per_round=3)
    section.refresh_from_db()
    assert section.movement_type == "mitchell"
    assert section.board_set.boards.count() == 9
    assert BoardPlay.objects.filter(seating__section=section).count() == 27


def test_a_pasted_list_matches_members_takes_guests_and_refuses_bad_lines():
    club = ClubFactory()
    section = section_with_pairs(club, 0)
    ana, _jan = _member(club, "Ana López"), _member(club, "Jan Novák")
    _member(club, "Eva Svobodová")
    _member(club, "Eva Dvořáková")
    lines = services.entries_list_read(
        section=section,
        text="ana lopez & JAN NOVAK\nPat Guest - Sam Guest\n\nEva & Tom\nAna López\n"
        "Jan Novák / Lee",
    )
    assert [line.number for line in lines] == [1, 2, 3, 4, 5]
    assert [p.member for p in lines[0].players][0] == ana and not lines[0].error
    assert [p.guest for p in lines[1].players] == ["Pat Guest", "Sam Guest"]
    assert "Several members match" in lines[2].error
    assert "Two players per line" in lines[3].error
    assert "named twice" in lines[4].error
    with pytest.raises(EntryError, match="Line 2: Several members"):
        services.entries_list_add(section=section, text="Ana López & Jan Novák\nEva & Tom")
    assert not Entry.objects.filter(section=section).exists()  # all or none
    added = services.entries_list_add(
        section=section, text="Ana López y Jan Novák\nEva Svobodová a Pat Guest"
    )
    assert [(e.number, str(e)) for e in added] == [
        (1, "Ana López – Jan Novák"),
        (2, "Eva Svobodová – Pat Guest"),
    ]
    again = services.entries_list_read(section=section, text="Ana & Eva Dvořáková")
    assert "already entered" in again[0].error


def test_picked_names_are_paired_in_the_order_given():
    text = services.names_list_text(["A", "B", "C", "D", "E"], individual=False)
    assert text == "A & B\nC & D\nE"
    assert services.names_list_text(["A", "B"], individual=True) == "A\nB"


def test_a_late_pair_takes_a_no_show_place_from_a_round_on():
    section = _scheduled()
    tournament = section.session.tournament
    no_show = Entry.objects.get(section=section, number=4)
    with pytest.raises(EntryError, match="has not started"):
        services.entry_late_pair(
            entry=no_show, from_round=2, guest1="Late", guest2="Pair", reason="late"
        )
    services.tournament_set_status(tournament=tournament, status=TournamentStatus.READY)
    services.tournament_set_status(tournament=tournament, status=TournamentStatus.RUNNING)
    with pytest.raises(EntryError, match="is playing"):
        services.entry_late_pair(
            entry=no_show, from_round=2, guest1="Late", guest2="Pair", reason="late"
        )
    services.entry_withdraw(entry=no_show, from_round=1, reason="did not come")
    plays = BoardPlay.objects.filter(seating__section=section, seating__ew=no_show)
    assert plays.count() == 6 and all(p.not_played for p in plays)
    back = services.entry_late_pair(
        entry=no_show, from_round=2, guest1="Late", guest2="Pair", reason="arrived at 20:10"
    )
    assert back == 4
    assert list(plays.filter(not_played=True).values_list("seating__round", flat=True)) == [1, 1]
    no_show.refresh_from_db()
    assert str(no_show) == "Late – Pair" and not no_show.withdrawn
    change = EntryChange.objects.filter(entry=no_show).latest("changed_at")
    assert change.after["from_round"] == 2 and change.reason == "arrived at 20:10"


def test_the_checks_are_one_query_however_many_sections(django_assert_num_queries):
    club = ClubFactory()
    tournament = services.tournament_create(
        club=club, name="Championship", starts=dt.date(2026, 11, 26), sessions=3
    )
    for section in Section.objects.filter(session__tournament=tournament):
        for _ in range(6):
            services.entry_add(
                section=section,
                member1=club_member(section.session.tournament.club),
                member2=club_member(section.session.tournament.club),
            )
        schedule.section_movement_use(section=section, kind="mitchell", boards_per_round=3)
    with django_assert_num_queries(1):
        checks = readiness.tournament_checks(tournament)
    assert len(checks) == 12 and all(c.ok for c in checks)
    assert {c.label for c in checks if c.code == "boards"} == {"9 boards"}
