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
    logins = Membership.objects.filter(club=club, member__user__isnull=False)
    assert logins.count() == 3  # the three demo logins, once each however often it runs
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


@pytest.mark.django_db
def test_demo_computes_the_double_dummy_tables_of_its_boards():
    from engine.analysis import analysis_available
    from tournaments.models import Board

    if not analysis_available():
        pytest.skip("needs the analysis extra (endplay)")
    call_command("demo")
    boards = Board.objects.filter(board_set__club__slug="demo")
    assert boards.exists() and not boards.filter(dd_tricks="").exists()


@pytest.mark.django_db
def test_board_sets_made_on_the_embedded_default_do_not_run_the_solver_in_the_request(
    django_capture_on_commit_callbacks,
):
    from tournaments.services import board_set_generate

    club = Club.objects.create(name="Solver-free", slug="solver-free")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        board_set = board_set_generate(club=club, count=4, seed="x")
    assert len(callbacks) == 1  # board_set_dealt announced; scoring sends no task when eager
    assert not board_set.boards.exclude(dd_tricks="").exists()
