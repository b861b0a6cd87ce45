"""Services of the tournaments app: events, entries, board sets and schedules."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.boards import board_set as engine_board_set
from engine.deal import keyed_seed
from engine.pbn import write_pbn
from tests.tournaments.factories import ClubFactory, MemberFactory, club_member, section_with_pairs
from tournaments import printouts, selectors, services
from tournaments.dealing import deal_secret
from tournaments.errors import BoardSetError, EntryError, ScheduleError, StatusError
from tournaments.models import Board, BoardPlay, Entry, Seating, TournamentStatus

pytestmark = pytest.mark.django_db

# A 3-table Mitchell with one board per round, written out by hand: NS 1-3 stay, EW 4-6 move
# up a table each round, boards move down.
MITCHELL_3 = {
    "type": "mitchell",
    "rounds": [
        {
            "round": 1,
            "tables": [
                {"table": 1, "ns": 1, "ew": 4, "boards": [1]},
                {"table": 2, "ns": 2, "ew": 5, "boards": [2]},
                {"table": 3, "ns": 3, "ew": 6, "boards": [3]},
            ],
        },
        {
            "round": 2,
            "tables": [
                {"table": 1, "ns": 1, "ew": 6, "boards": [2]},
                {"table": 2, "ns": 2, "ew": 4, "boards": [3]},
                {"table": 3, "ns": 3, "ew": 5, "boards": [1]},
            ],
        },
        {
            "round": 3,
            "tables": [
                {"table": 1, "ns": 1, "ew": 5, "boards": [3]},
                {"table": 2, "ns": 2, "ew": 6, "boards": [1]},
                {"table": 3, "ns": 3, "ew": 4, "boards": [2]},
            ],
        },
    ],
}


def test_board_set_generate_is_reproducible_from_its_seed_with_the_fixed_trump_rotation():
    club = ClubFactory()
    first = services.board_set_generate(club=club, count=8, seed="tuesday")
    again = services.board_set_generate(club=club, count=8, seed="tuesday")
    deals = list(first.boards.order_by("number").values_list("deal", flat=True))
    assert deals == list(again.boards.order_by("number").values_list("deal", flat=True))
    boards = list(first.boards.order_by("number"))
    assert [b.trump for b in boards] == ["H", "D", "S", "C", "H", "D", "S", "C"]
    assert [b.dealer for b in boards] == ["N", "E", "S", "W", "N", "E", "S", "W"]
    assert first.seed == "tuesday"


def test_board_set_generate_records_a_seed_when_none_is_given():
    board_set = services.board_set_generate(club=ClubFactory(), count=4)
    assert len(board_set.seed) == 16
    dealing_seed = keyed_seed(board_set.seed, deal_secret())
    engine_deals = [b.deal.to_pbn() for b in engine_board_set(4, dealing_seed)]
    assert engine_deals == list(board_set.boards.order_by("number").values_list("deal", flat=True))


SUITED = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def test_board_set_import_pbn_round_trips():
    text = write_pbn(engine_board_set(3, "pbn-test"))
    imported = services.board_set_import_pbn(club=ClubFactory(), text=text)
    assert [b.deal for b in imported.boards.order_by("number")] == [
        b.deal.to_pbn() for b in engine_board_set(3, "pbn-test")
    ]
    assert selectors.board_set_pbn(imported) == text


def test_board_set_import_pbn_refuses_a_card_twice_and_saves_nothing():
    club = ClubFactory()
    twice = SUITED.replace("N:AKQJT98765432...", "N:AKQJT98765432...2", 1)
    text = f'[Board "1"]\n[Dealer "N"]\n[Deal "{twice}"]\n'
    with pytest.raises(BoardSetError, match="2C appears twice"):
        services.board_set_import_pbn(club=club, text=text)
    assert not Board.objects.filter(board_set__club=club).exists()


def test_board_set_import_pbn_refuses_a_hand_of_twelve():
    twelve = SUITED.replace("N:AKQJT98765432...", "N:AKQJT9876543...", 1)
    text = f'[Board "1"]\n[Dealer "N"]\n[Deal "{twelve}"]\n'
    with pytest.raises(BoardSetError, match="N 12 cards"):
        services.board_set_import_pbn(club=ClubFactory(), text=text)


def test_entry_add_numbers_pairs_and_refuses_a_player_twice():
    section = section_with_pairs(ClubFactory(), 2)
    assert list(Entry.objects.filter(section=section).values_list("number", flat=True)) == [1, 2]
    member = Entry.objects.get(section=section, number=1).member1
    with pytest.raises(EntryError, match="Already entered"):
        services.entry_add(section=section, member1=member, member2=MemberFactory())
    with pytest.raises(EntryError, match="second player"):
        services.entry_add(section=section, member1=MemberFactory())
    guests = services.entry_add(section=section, guest1="Ana (guest)", guest2="Luis (guest)")
    assert guests.number == 3


def test_section_schedule_save_builds_seatings_and_board_plays():
    club = ClubFactory()
    section = section_with_pairs(club, 6)
    section.board_set = services.board_set_generate(club=club, count=3, seed="m3")
    section.save()
    services.section_schedule_save(section=section, movement=MITCHELL_3)
    assert Seating.objects.filter(section=section).count() == 9
    assert BoardPlay.objects.filter(seating__section=section).count() == 9
    directions = dict(Entry.objects.filter(section=section).values_list("number", "direction"))
    assert directions == {1: "NS", 2: "NS", 3: "NS", 4: "EW", 5: "EW", 6: "EW"}
    (schedule,) = printouts.session_schedules([section])
    assert [t.table for t in schedule.tables] == [1, 2, 3]
    assert [r.boards[0].number for r in schedule.tables[0].rounds] == [1, 2, 3]
    ew4 = next(g for g in schedule.guides if g.entry.number == 4)
    assert [(r.table, r.seat) for r in ew4.rounds] == [(1, "EW"), (2, "EW"), (3, "EW")]


def test_section_schedule_save_refuses_a_movement_that_needs_missing_entries_or_boards():
    club = ClubFactory()
    section = section_with_pairs(club, 5)
    section.board_set = services.board_set_generate(club=club, count=3, seed="m3")
    section.save()
    with pytest.raises(ScheduleError, match="entry 6"):
        services.section_schedule_save(section=section, movement=MITCHELL_3)
    services.entry_add(section=section, member1=club_member(club), member2=club_member(club))
    section.board_set = services.board_set_generate(club=club, count=2, seed="short")
    section.save()
    with pytest.raises(ScheduleError, match="board 3"):
        services.section_schedule_save(section=section, movement=MITCHELL_3)
    assert not Seating.objects.filter(section=section).exists()


def test_status_follows_the_life_cycle_and_scheduling_needs_a_schedule():
    club = ClubFactory()
    section = section_with_pairs(club, 6)
    tournament = section.session.tournament
    with pytest.raises(StatusError, match="Choose a movement"):
        services.tournament_set_status(tournament=tournament, status=TournamentStatus.READY)
    with pytest.raises(StatusError, match="cannot go from"):
        services.tournament_set_status(tournament=tournament, status=TournamentStatus.FINISHED)
    section.board_set = services.board_set_generate(club=club, count=3, seed="m3")
    section.save()
    services.section_schedule_save(section=section, movement=MITCHELL_3)
    services.tournament_set_status(tournament=tournament, status=TournamentStatus.READY)
    services.tournament_set_status(tournament=tournament, status=TournamentStatus.RUNNING)
    with pytest.raises(EntryError, match="has started"):
        services.entry_add(section=section, member1=MemberFactory(), member2=MemberFactory())


def test_each_status_change_is_recorded_and_a_release_is_announced_once_committed(
    django_capture_on_commit_callbacks, django_user_model
):
    from tournaments.signals import tournament_released

    club = ClubFactory()
    section = section_with_pairs(club, 6)
    tournament = section.session.tournament
    section.board_set = services.board_set_generate(club=club, count=3, seed="m3")
    section.save()
    services.section_schedule_save(section=section, movement=MITCHELL_3)
    director = django_user_model.objects.create_user("director")
    heard = []

    def receiver(sender, tournament_id, change_id, **kwargs):
        heard.append((tournament_id, change_id))

    tournament_released.connect(receiver)
    try:
        for status in ("ready", "running"):
            services.tournament_set_status(tournament=tournament, status=status, by=director)
        # No result was entered: finishing and releasing go on only anyway, with a reason.
        services.tournament_set_status(
            tournament=tournament, status="finished", by=director, reason="a test", anyway=True
        )
        with django_capture_on_commit_callbacks(execute=True):
            services.tournament_set_status(
                tournament=tournament, status="released", by=director, reason="checked", anyway=True
            )
        services.tournament_set_status(tournament=tournament, status="finished", by=director)
    finally:
        tournament_released.disconnect(receiver)
    changes = list(tournament.status_changes.all())
    assert [(c.before["status"], c.after["status"]) for c in changes] == [
        ("draft", "ready"),
        ("ready", "running"),
        ("running", "finished"),
        ("finished", "released"),
        ("released", "finished"),
    ]
    assert {c.changed_by for c in changes} == {director}
    assert heard == [(tournament.pk, changes[3].pk)] and changes[3].reason == "checked"
    assert not tournament.standings_released


def test_withdraw_flags_remaining_boards_as_not_played_and_keeps_history():
    club = ClubFactory()
    section = section_with_pairs(club, 6)
    section.board_set = services.board_set_generate(club=club, count=3, seed="m3")
    section.save()
    services.section_schedule_save(section=section, movement=MITCHELL_3)
    pair = Entry.objects.get(section=section, number=5)
    flagged = services.entry_withdraw(entry=pair, from_round=2, reason="Taken ill")
    assert flagged == 2
    not_played = BoardPlay.objects.filter(seating__section=section, not_played=True)
    assert {(p.seating.round, p.seating.ew.number) for p in not_played} == {(2, 5), (3, 5)}
    assert pair.changes.get().reason == "Taken ill"


def test_substitute_keeps_the_number_and_the_history():
    section = section_with_pairs(ClubFactory(), 2)
    pair = Entry.objects.get(section=section, number=2)
    old = pair.member2
    services.entry_substitute(entry=pair, position=2, guest="Eva (guest)", reason="Late arrival")
    pair.refresh_from_db()
    assert pair.number == 2 and pair.member2 is None and pair.guest2 == "Eva (guest)"
    change = pair.changes.get()
    assert change.before["member2"] == old.pk and change.after["guest2"] == "Eva (guest)"


def test_tournament_create_makes_sessions_with_a_section_each_and_unique_slugs():
    club = ClubFactory()
    one = services.tournament_create(
        club=club, name="Championship", starts=dt.date(2026, 12, 1), sessions=3
    )
    two = services.tournament_create(club=club, name="Championship", starts=dt.date(2027, 12, 1))
    assert one.sessions.count() == 3 and one.slug != two.slug


def test_board_deal_change_is_refused_once_a_result_exists_for_the_board():
    from scoring.models import Result

    club = ClubFactory()
    section = section_with_pairs(club, 6)
    section.board_set = services.board_set_generate(club=club, count=3, seed="locked")
    section.save()
    services.section_schedule_save(section=section, movement=MITCHELL_3)
    board = section.board_set.boards.get(number=1)
    other = section.board_set.boards.get(number=2)
    new_deal = other.deal
    assert selectors.board_has_results(board) is False
    services.board_deal_change(reason="dealt wrongly", board=board, deal_pbn=new_deal)
    board.refresh_from_db()
    assert board.deal == new_deal

    play = BoardPlay.objects.select_related("seating").get(
        seating__section=section, board=board, seating__round=1
    )
    Result.objects.create(
        board_play=play,
        section=section,
        board=board,
        board_number=1,
        round=play.seating.round,
        table=play.seating.table,
        ns=play.seating.ns,
        ew=play.seating.ew,
        ns_tricks=7,
        ns_score=7,
        source="secretary",
    )
    assert selectors.board_has_results(board) is True
    with pytest.raises(BoardSetError, match="already has results"):
        services.board_deal_change(
            reason="dealt wrongly",
            board=board,
            deal_pbn=section.board_set.boards.get(number=3).deal,
        )
    board.refresh_from_db()
    assert board.deal == new_deal


@pytest.mark.django_db
def test_compass_winners_is_a_setting_of_the_event_read_by_the_standings():
    import datetime as dt

    from clubs.models import Club
    from scoring.tally import section_input_load
    from tournaments.models import Section
    from tournaments.services import tournament_create

    club = Club.objects.create(name="Compass", slug="compass")
    one = tournament_create(
        club=club,
        name="One winner",
        starts=dt.date(2026, 5, 1),
        scoring_method="compass",
        compass_winners="one",
    )
    two = tournament_create(
        club=club, name="Two winners", starts=dt.date(2026, 5, 1), scoring_method="compass"
    )
    assert (one.compass_winners, two.compass_winners) == ("one", "two")
    section = Section.objects.get(session__tournament=one)
    assert section_input_load(section.pk).compass_single_winner is True
    section = Section.objects.get(session__tournament=two)
    assert section_input_load(section.pk).compass_single_winner is False
