import pytest
from django.core.management import call_command

from clubs.models import Club, Membership, Role


@pytest.mark.django_db
def test_demo_loads_a_club_with_three_roles_and_prints_logins(capsys, client):
    call_command("demo")
    call_command("demo")  # safe to run again
    out = capsys.readouterr().out
    club = Club.objects.get(slug="demo")
    roles = set(Membership.objects.filter(club=club).values_list("role", flat=True))
    assert roles == {Role.SECRETARY, Role.ORGANISER, Role.PLAYER}
    assert Membership.objects.filter(club=club).count() == 3
    for username in ("marta", "jana", "tomas"):
        assert username in out
    from clubs.demo import DEMO_PASSWORD

    assert client.login(username="marta", password=DEMO_PASSWORD)


@pytest.mark.django_db
def test_demo_has_a_finished_mitchell_with_results_and_a_running_howell(capsys):
    from scoring.models import Result
    from tournaments.models import Tournament, TournamentStatus

    call_command("demo")
    club = Club.objects.get(slug="demo")
    events = {t.name: t for t in Tournament.objects.filter(club=club)}
    mitchell = events["Tuesday Pairs (Mitchell)"]
    howell = events["Thursday Howell"]
    assert mitchell.status == TournamentStatus.FINISHED and mitchell.standings_released
    assert howell.status == TournamentStatus.RUNNING
    assert Result.objects.filter(section__session__tournament=mitchell).count() == 6 * 6 * 3
    assert Result.objects.filter(section__session__tournament=howell).exists()
