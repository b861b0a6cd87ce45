"""Issue #23: every director page leads back to the control room (the traveller grid, the
standings, the travellers, the table devices, the club page's card of a running event), the
Control room button is shown only to those who may use it (a secretary who is not the
event's director is not sent to a "Not allowed"), and a button that cannot be pressed yet
looks disabled."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from clubs.models import Role
from tests.scoring.conftest import _forget_published_versions  # noqa: F401 - autouse
from tests.scoring.factories import club_make, mitchell_section, person_make
from tournaments import services

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def named():
    """A running Mitchell directed by the organiser only; the secretary is not named."""
    club = club_make()
    organiser, organiser_member = person_make(club, Role.ORGANISER)
    secretary = person_make(club, Role.SECRETARY)[0]
    scheduled = mitchell_section(tables=3, club=club)
    scheduled.tournament.slug = "running"
    scheduled.tournament.starts = scheduled.tournament.starts.today()
    scheduled.tournament.save()
    services.tournament_directors_set(tournament=scheduled.tournament, members=[organiser_member])
    return club, organiser, secretary, scheduled


def test_every_director_page_leads_back_to_the_control_room(named):
    club, organiser, _secretary, scheduled = named
    section = scheduled.section
    room = reverse("tournaments:control_room", args=[section.session_id])
    client = _client(organiser)
    for page in (
        reverse("scoring:enter-board", args=[section.pk, 1]),
        reverse("scoring:standings", args=[section.pk]),
        reverse("scoring:travellers", args=[section.pk]),
        reverse("scoring:devices", args=[section.pk]),
        reverse("scoring:dashboard", args=[section.pk]),
        reverse("clubs:home", args=[club.slug]),
        reverse("tournaments:detail", args=[scheduled.tournament.pk]),
        "/",
    ):
        answer = client.get(page)
        assert answer.status_code == 200, page
        assert f'href="{room}"' in answer.content.decode(), page


def test_a_secretary_who_does_not_direct_the_event_is_shown_no_control_room(named):
    club, _organiser, secretary, scheduled = named
    room = reverse("tournaments:control_room", args=[scheduled.section.session_id])
    client = _client(secretary)
    assert client.get(room).status_code == 403  # the rule the links follow
    for page in (
        "/",
        reverse("clubs:home", args=[club.slug]),
        reverse("tournaments:list", args=[club.slug]),
        reverse("tournaments:detail", args=[scheduled.tournament.pk]),
        reverse("tournaments:section", args=[scheduled.section.pk]),
        reverse("scoring:standings", args=[scheduled.section.pk]),
    ):
        assert room not in client.get(page).content.decode(), page


def test_a_button_that_cannot_be_pressed_yet_looks_disabled_and_says_why():
    css = (Path(settings.BASE_DIR) / "static" / "css" / "tenace.css").read_text()
    rule = next(line for line in css.splitlines() if line.startswith("button:disabled"))
    assert "button.primary:disabled" in rule and "cursor: not-allowed" in rule
    assert "background: #e4e7eb" in rule  # grey, not the accent green
