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
