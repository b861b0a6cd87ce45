"""A late pair in a Howell with a built-in sit-out (issue #23): seven pairs play a Howell
where one pair sits out each round; after two rounds a late pair arrives, takes the
phantom's place (pair 8) from round 3 and plays the sit-out's table against the pair that
would have sat out. The results of rounds 1 and 2 stand; the boards it missed are not
played by it (its percentage is over the boards it played)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Role
from scoring.checks import ResultInput
from scoring.models import Result
from scoring.services import result_record
from scoring.standings import standings_publish
from scoring.table_screen import entry_screen
from tests.scoring.factories import club_make, person_make
from tournaments import schedule, services
from tournaments.models import BoardPlay, EntryChange, Seating, Section

pytestmark = pytest.mark.django_db


def _howell(club, pairs: int) -> Section:
    tournament = services.tournament_create(club=club, name="Howell", starts=dt.date.today())
    section = Section.objects.get(session__tournament=tournament)
    for _ in range(pairs):
        services.entry_add(section=section, member1=person_make(club)[1], guest2="Partner")
    schedule.section_movement_use(section=section, kind="howell", boards_per_round=2)
    return section


def _start(section: Section) -> None:
    for target in ("ready", "running"):
        services.tournament_set_status(tournament=section.session.tournament, status=target)


def _play(section: Section, rounds) -> None:
    plays = BoardPlay.objects.filter(
        seating__section=section, seating__round__in=rounds, result__isnull=True
    ).select_related("seating", "board")
    for play in plays:
        tricks = (play.board.number * 5 + play.seating.table) % 14
        result_record(
            board_play_id=play.pk, given=ResultInput(ns_tricks=tricks), by=None, confirmed=True
        )


@pytest.fixture
def organiser_and_howell():
    club = club_make()
    organiser = Client()
    organiser.force_login(person_make(club, Role.ORGANISER)[0])
    section = _howell(club, 7)
    return organiser, section


def test_a_late_pair_takes_the_sit_out_from_the_round_given(organiser_and_howell):
    organiser, section = organiser_and_howell
    url = reverse("tournaments:section_late_pair", args=[section.pk])
    room = reverse("tournaments:control_room", args=[section.session_id])
    _start(section)
    sit_out = {r["round"]: r["sit_out"][0] for r in section.movement["rounds"]}
    _play(section, [1, 2])
    played = set(Result.objects.filter(section=section).values_list("pk", "ns_tricks"))
    assert len(played) == 2 * 3 * 2  # two rounds of three tables of two boards
    page = organiser.get(room).content.decode()
    assert "A late pair takes the sit-out (as pair 8)" in page and url in page
    done = organiser.post(
        url, {"from_round": 3, "guest1": "Late", "guest2": "Comer", "reason": "traffic"}
    )
    assert done.status_code == 302
    late = section.entries.get(number=8)
    assert str(late) == "Late – Comer"
    # Table 4, the phantom's, from round 3: pair 8 against the pair that would sit out.
    fourth = Seating.objects.filter(section=section, table=4).order_by("round")
    assert [(s.round, {s.ns.number, s.ew.number}) for s in fourth] == [
        (r, {8, sit_out[r]}) for r in range(3, 8)
    ]
    assert BoardPlay.objects.filter(seating__in=fourth, not_played=False).count() == 10
    section.refresh_from_db()
    assert [bool(r.get("sit_out")) for r in section.movement["rounds"]] == [True] * 2 + [False] * 5
    # The rounds already played stand; the pair that would sit out in round 3 plays.
    assert played <= set(Result.objects.filter(section=section).values_list("pk", "ns_tricks"))
    screen = entry_screen(section, section.entries.get(number=sit_out[3]), round=3)
    assert (screen.current.table, [e.number for e in screen.opponents]) == (4, [8])
    change = EntryChange.objects.get(entry=late)
    assert change.after["from_round"] == 3 and change.reason == "traffic"
    # Nobody sits out any more from round 3: the control room offers it no more.
    assert "A late pair takes the sit-out" not in organiser.get(room).content.decode()
    _play(section, range(3, 8))
    (field,) = standings_publish(section_id=section.pk, force=True).data["fields"]
    boards = {row["number"]: row["boards"] for row in field["rows"]}
    assert boards[8] == 10  # rounds 3 to 7
    assert boards[sit_out[1]] == boards[sit_out[2]] == 12  # sat out before pair 8 came
    assert all(boards[sit_out[r]] == 14 for r in range(3, 8))  # played pair 8 instead


def test_the_sit_out_is_taken_once_only_after_the_start_and_only_in_a_howell(
    organiser_and_howell,
):
    organiser, section = organiser_and_howell
    url = reverse("tournaments:section_late_pair", args=[section.pk])
    form = {"from_round": 1, "guest1": "Late", "guest2": "Comer", "reason": "traffic"}
    early = organiser.post(url, form)
    assert "Play has not started" in early.content.decode()
    _start(section)
    assert (
        "The movement has rounds 1 to 7."
        in organiser.post(url, form | {"from_round": 9}).content.decode()
    )
    assert organiser.post(url, form | {"from_round": 4}).status_code == 302
    again = organiser.post(url, form | {"guest1": "Second", "from_round": 2})
    assert "Pair 8 is already entered." in again.content.decode()
    assert section.entries.count() == 8
    club = section.session.tournament.club
    mitchell = _howell(club, 6)  # six pairs: no sit-out
    _start(mitchell)
    refused = organiser.post(reverse("tournaments:section_late_pair", args=[mitchell.pk]), form)
    assert "no sit-out for a late pair to take" in refused.content.decode()


def test_only_the_club_s_organisers_seat_a_late_pair(organiser_and_howell):
    _organiser, section = organiser_and_howell
    _start(section)
    player = Client()
    player.force_login(person_make(section.session.tournament.club, Role.PLAYER)[0])
    url = reverse("tournaments:section_late_pair", args=[section.pk])
    answer = player.post(url, {"from_round": 1, "guest1": "A", "guest2": "B", "reason": "x"})
    assert answer.status_code == 403 and section.entries.count() == 7
