"""Issue #23, "two events running at once": a player entered in a Thursday Howell left
running and the Friday Mitchell is sent to the table of the event he clicked from — by
"My table", "My table now", the club's card and his login — the table screen says which
event it is in words, and the director is warned when pairs are added who play in another
running event."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Role
from scoring.models import Result
from tests.scoring.conftest import _forget_published_versions  # noqa: F401 - autouse
from tests.scoring.factories import club_make, mitchell_section, person_make
from tournaments import services
from tournaments.models import Section, Tournament

pytestmark = pytest.mark.django_db
NOW = "/results/table/"


@pytest.fixture
def two_nights():
    club = club_make()
    user, ana = person_make(club, Role.PLAYER, name="Ana Lopez")
    partner = person_make(club, Role.PLAYER, name="Jan Novak")[1]
    events = {}
    for name, starts in (("Thursday Howell", dt.date(2026, 11, 26)), ("Friday Mitchell", None)):
        tournament = Tournament.objects.create(
            club=club,
            name=name,
            slug=name.lower().replace(" ", "-"),
            starts=starts or dt.date(2026, 11, 27),
            status="running",
        )
        events[name] = mitchell_section(
            tables=3, club=club, tournament=tournament, members={1: (ana, partner)}
        )
    return club, user, events["Thursday Howell"], events["Friday Mitchell"]


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_table_screen_opened_for_an_event_is_that_events_table(two_nights):
    _club, user, thursday, friday = two_nights
    client = _client(user)
    page = client.get(f"{NOW}?event={friday.tournament.pk}")
    text = page.content.decode()
    assert "Event: <strong>Friday Mitchell</strong>" in text
    assert page.context["screen"].section == friday.section
    assert f"{NOW}state/?event={friday.tournament.pk}" in text
    assert f"?event={friday.tournament.pk}&amp;round=2" in text  # the rounds keep the event
    cells = {f"cell-{b.board_play_id}": "8" for b in page.context["current"].boards}
    form = {"action": "enter", "round": 1, "idempotency_key": "fri", **cells}
    sent = client.post(f"{NOW}?event={friday.tournament.pk}", form)
    assert sent.status_code == 302 and sent.url == f"{NOW}?event={friday.tournament.pk}"
    assert Result.objects.filter(section=friday.section).count() == 2
    assert not Result.objects.filter(section=thursday.section).exists()


def test_without_an_event_a_player_in_two_running_events_chooses_and_the_login_too(
    two_nights,
):
    _club, user, thursday, friday = two_nights
    client = _client(user)
    page = client.get(NOW)
    text = page.content.decode()
    assert "You play in 2 events running now. Which one are you playing?" in text
    for event in (thursday, friday):
        assert f'href="{NOW}?event={event.tournament.pk}"' in text
    assert "cell-" not in text  # no Confirm or Send for boards of a guessed event
    client.logout()
    user.set_password("pw")
    user.save()
    landed = Client().post("/login/", {"username": user.username, "password": "pw"}, follow=True)
    assert "Which one are you playing?" in landed.content.decode()


def test_every_my_table_link_names_its_event(two_nights):
    club, user, thursday, friday = two_nights
    client = _client(user)
    club_page = client.get(reverse("clubs:home", args=[club.slug])).content.decode()
    for event in (thursday, friday):
        assert f'href="{NOW}?event={event.tournament.pk}"' in club_page
    my_table = client.get(reverse("scoring:my-table", args=[friday.section.pk])).content.decode()
    assert f'href="{NOW}?event={friday.tournament.pk}"' in my_table
    my_page = client.get(reverse("my-page")).content.decode()
    assert f'href="{NOW}?event={thursday.tournament.pk}"' in my_page  # on now
    assert f'href="{NOW}?event={friday.tournament.pk}"' in my_page  # also running


def test_the_director_is_warned_when_pairs_who_play_elsewhere_are_added(two_nights):
    club, _user, _thursday, _friday = two_nights
    organiser = person_make(club, Role.ORGANISER)[0]
    saturday = services.tournament_create(club=club, name="Saturday", starts=dt.date(2026, 11, 28))
    section = Section.objects.get(session__tournament=saturday)
    text = "Ana Lopez & Jan Novak\nGus Guest & Gwen Guest"
    warning = (
        "Ana Lopez, Jan Novak also play in Friday Mitchell, Thursday Howell, running now: "
        "finish that event, or make sure their phones open the table of the right event."
    )
    url = reverse("tournaments:entries_list", args=[section.pk])
    client = _client(organiser)
    preview = client.post(url, {"text": text}).content.decode()
    assert warning in preview
    added = client.post(url, {"text": text, "add": "1"}, follow=True).content.decode()
    assert warning in added and section.entries.count() == 2
    api = APIClient()
    api.force_authenticate(organiser)
    other = services.tournament_create(club=club, name="Sunday", starts=dt.date(2026, 11, 29))
    lines = api.post(
        f"/api/sections/{Section.objects.get(session__tournament=other).pk}/entries-list/",
        {"text": text, "dry_run": True},
        format="json",
    ).json()["lines"]
    assert [line["warning"] for line in lines] == [warning, ""]


def test_one_pair_added_on_the_section_page_is_warned_about_too(two_nights):
    club, user, _thursday, _friday = two_nights
    organiser = person_make(club, Role.ORGANISER)[0]
    saturday = services.tournament_create(club=club, name="Saturday", starts=dt.date(2026, 11, 28))
    section = Section.objects.get(session__tournament=saturday)
    ana = user.member
    page = _client(organiser).post(
        reverse("tournaments:entry_add", args=[section.pk]),
        {"member1": ana.pk, "guest2": "Gus Guest"},
        follow=True,
    )
    assert "Ana Lopez also plays in Friday Mitchell, Thursday Howell, running now" in (
        page.content.decode()
    )
