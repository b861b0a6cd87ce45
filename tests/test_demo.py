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
    assert mitchell.status == TournamentStatus.RELEASED
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


@pytest.mark.django_db
def test_demo_prints_its_summary_then_the_logins_last_and_nothing_else(capsys):
    call_command("demo")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Demo club:")
    assert lines[-4].startswith("Logins (password for all:")
    assert [line.split()[0] for line in lines[-3:]] == ["marta", "jana", "tomas"]
    assert not [line for line in lines if "Task " in line or "0 boards" in line]


@pytest.mark.django_db
def test_the_readme_says_how_many_members_the_demo_club_has():
    """The README's count is the demo's, kept true by this test."""
    import re
    from pathlib import Path

    from clubs.models import Membership

    call_command("demo", "--analyse-later")
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    said = int(re.search(r"The demo club has (\d+) members", readme).group(1))
    club = Club.objects.get(slug="demo")
    assert Membership.objects.filter(club=club).values("member").distinct().count() == said


@pytest.mark.django_db
def test_demo_twice_duplicates_nothing():
    from boston.models import BostonTable
    from clubs.models import ClubNight, Member
    from scoring.models import Result
    from tournaments.models import Board, Tournament

    def counts():
        return [
            model.objects.count()
            for model in (Club, Member, ClubNight, BostonTable, Tournament, Board, Result)
        ]

    call_command("demo", "--analyse-later")
    first = counts()
    call_command("demo", "--analyse-later")
    assert counts() == first


@pytest.mark.django_db
def test_demo_analysing_later_leaves_the_tables_to_boards_analyse(capsys):
    from engine.analysis import analysis_available
    from tournaments.models import Board

    call_command("demo", "--analyse-later")
    boards = Board.objects.filter(board_set__club__slug="demo")
    assert boards.exists() and not boards.exclude(dd_tricks="").exists()
    capsys.readouterr()
    call_command("boards_analyse", "--club", "demo")
    out = capsys.readouterr().out
    if not analysis_available():
        assert "No double-dummy analysis here" in out
        return
    assert f"stored for {boards.count()} boards" in out
    assert not boards.filter(dd_tricks="").exists()
