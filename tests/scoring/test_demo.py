"""The scoring demo: a finished Mitchell with every result and released standings, a running
Howell half played with results waiting and one disagreement; safe to run twice."""

from __future__ import annotations

import pytest

from clubs.models import Role
from scoring.demo import demo_results_load
from scoring.models import Result, StandingsSnapshot
from tests.scoring.factories import club_make, mitchell_section, person_make
from tournaments.demo import demo_tournaments_load
from tournaments.models import BoardPlay, Tournament, TournamentStatus


def _movements_ready() -> bool:
    import tournaments.movements as movements

    return hasattr(movements, "MovementError")


@pytest.mark.django_db
def test_demo_results_on_scheduled_events_of_our_own():
    """The same rules on events built here (no movement generator needed)."""
    club = club_make()
    person_make(club, Role.SECRETARY)
    finished = mitchell_section(tables=3, club=club)
    running = mitchell_section(tables=5, club=club)
    Tournament.objects.filter(pk=finished.tournament.pk).update(status=TournamentStatus.FINISHED)
    sections = demo_results_load(club)
    assert sorted(sections) == sorted([finished.section.pk, running.section.pk])
    assert Result.objects.filter(section=finished.section).count() == 18
    statuses = set(Result.objects.filter(section=running.section).values_list("status", flat=True))
    assert statuses == {"confirmed", "entered", "disputed"}
    # Rounds 1-2 confirmed, round 3 (of 5) entered: 3 rounds x 5 tables x 2 boards.
    assert Result.objects.filter(section=running.section).count() == 30
    assert Tournament.objects.get(pk=finished.tournament.pk).standings_released
    count = Result.objects.count()
    demo_results_load(club)
    assert Result.objects.count() == count


@pytest.mark.django_db
@pytest.mark.skipif(not _movements_ready(), reason="needs the movement generators")
def test_demo_results_fill_the_finished_event_and_half_the_running_one():
    club = club_make()
    person_make(club, Role.SECRETARY)
    mitchell, howell = demo_tournaments_load(club)
    sections = demo_results_load(club)
    assert len(sections) == 2
    finished = BoardPlay.objects.filter(seating__section__session__tournament=mitchell)
    assert Result.objects.filter(board_play__in=finished).count() == finished.count()
    mitchell.refresh_from_db()
    assert mitchell.status == TournamentStatus.RELEASED
    running = Result.objects.filter(section__session__tournament=howell)
    statuses = set(running.values_list("status", flat=True))
    assert {"confirmed", "entered", "disputed"} <= statuses
    assert (
        running.count()
        < BoardPlay.objects.filter(seating__section__session__tournament=howell).count()
    )
    assert StandingsSnapshot.objects.filter(section_id__in=sections).count() == 2
    again = Result.objects.count()
    demo_results_load(club)
    assert Result.objects.count() == again
