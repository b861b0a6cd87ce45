"""The demo club's pages, as Marta the secretary and as a visitor: every club page answers
and the season ladder has both tables filled by the demo's nights and released event."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from clubs.models import Club, Membership, Season


@pytest.mark.django_db
def test_demo_club_pages_render_for_the_secretary_and_a_visitor(client, capsys):
    from clubs.demo import DEMO_PASSWORD

    call_command("demo")
    capsys.readouterr()
    club = Club.objects.get(slug="demo")
    season = Season.objects.filter(club=club).first()
    assert season is not None, "the demo has a season"
    member = Membership.objects.filter(club=club).first().member
    pages = [
        "/clubs/",
        "/clubs/demo/",
        "/clubs/demo/members/",
        "/clubs/demo/seasons/",
        f"/clubs/demo/seasons/{season.pk}/ladder/",
        f"/clubs/demo/members/{member.pk}/?season={season.pk}",
    ]
    for url in pages:
        assert client.get(url).status_code == 200, url
    ladder = client.get(f"/clubs/demo/seasons/{season.pk}/ladder/")
    assert len(ladder.context["rubber_rows"]) >= 12
    assert client.login(username="marta", password=DEMO_PASSWORD)
    for url in [*pages, "/clubs/demo/members/new/", "/clubs/demo/members/import/"]:
        assert client.get(url).status_code == 200, url
