"""One director check for every director-only action, on every surface (issue #22, "fair
play, closed"): ``tournaments.visibility.director_require`` / ``is_director``.

Two organisers of the club who do not direct the event — one playing in it, one not named
while another organiser is — are refused every status change (start, finish, release, hold
back) through the pages and the API, the control room, the dashboard, the code locks (page,
API and service), the table devices and the results emails; the named director is let
through each. The EW confirmation codes are printed on guide cards for the director only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Role
from scoring import devices
from scoring.confirmation import CODE_TRIES, code_check, code_lock_lift
from scoring.errors import ConfirmationRefused
from scoring.models import ConfirmationCodeTries, TableDevice
from tests.scoring.factories import mitchell_section, person_make
from tournaments.models import StatusChange, Tournament
from tournaments.table_codes import confirmation_code

pytestmark = pytest.mark.django_db

REFUSED = ("playing", "unnamed")


@pytest.fixture
def event(club):
    """A running Mitchell: pair 1 is a playing organiser and his partner; another organiser
    is the named director; a third organiser plays nothing and is not named."""
    playing, playing_member = person_make(club, Role.ORGANISER)
    partner = person_make(club)[1]
    unnamed = person_make(club, Role.ORGANISER)[0]
    director, director_member = person_make(club, Role.ORGANISER)
    scheduled = mitchell_section(tables=3, club=club, members={1: (playing_member, partner)})
    scheduled.tournament.directors.add(director_member)
    return scheduled, {"playing": playing, "unnamed": unnamed, "director": director}


def _locked(scheduled) -> None:
    for _attempt in range(CODE_TRIES):
        with pytest.raises(ConfirmationRefused):
            code_check(section_id=scheduled.section.pk, round=1, table=1, code="ZZZZZZ")


@dataclass(frozen=True)
class Route:
    """A director-only action: the event's status before it, how to ask (``api``: JSON
    refusals), and the director's answer."""

    status: str
    ask: Callable
    allowed: int
    api: bool = False
    prepare: Callable | None = None


def _status_page(target):
    return lambda s, c: c.post(reverse("tournaments:status", args=[s.tournament.pk]), target)


def _api_post(path, body=None):
    return lambda s, c: c.post(path(s), body(s) if body else {}, format="json")


def _device(s):
    director = Tournament.objects.get(pk=s.tournament.pk).directors.get().user
    return devices.device_create(section=s.section, table=1, by=director).device


ANYWAY = {"anyway": "1", "reason": "Late tables"}

ROUTES = {
    # The results are not all in: these go on anyway, with a reason (who may, not what is
    # open, is this test's subject; tests/tenace/test_settle_and_release.py has the rest).
    "page: finish": Route("running", _status_page(ANYWAY | {"status": "finished"}), 302),
    "page: release": Route("finished", _status_page(ANYWAY | {"status": "released"}), 302),
    "page: hold back": Route("released", _status_page({"status": "finished"}), 302),
    "api: status": Route(
        "running",
        _api_post(
            lambda s: f"/api/tournaments/{s.tournament.pk}/status/",
            lambda s: {"status": "finished", "anyway": True, "reason": "Late tables"},
        ),  # fmt: skip
        200,
        api=True,
    ),
    "api: release": Route(
        "finished",
        _api_post(
            lambda s: f"/api/tournaments/{s.tournament.pk}/release/",
            lambda s: {"anyway": True, "reason": "Late tables"},
        ),
        200,
        True,
    ),
    "api: hold back": Route(
        "released",
        _api_post(lambda s: f"/api/tournaments/{s.tournament.pk}/hold-back/"),
        200,
        True,
    ),
    "page: control room": Route(
        "running",
        lambda s, c: c.get(reverse("tournaments:control_room", args=[s.section.session_id])),
        200,
    ),
    "page: dashboard (every table's code)": Route(
        "running", lambda s, c: c.get(reverse("scoring:dashboard", args=[s.section.pk])), 200
    ),
    "page: lift a code lock": Route(
        "running",
        lambda s, c: c.post(
            reverse("scoring:code-lock-lift", args=[s.section.pk]), {"round": 1, "table": 1}
        ),
        302,
        prepare=_locked,
    ),
    "api: locked codes": Route(
        "running",
        lambda s, c: c.get(f"/api/code-locks/?section={s.section.pk}"),
        200,
        api=True,
        prepare=_locked,
    ),
    "api: lift a code lock": Route(
        "running",
        _api_post(
            lambda s: "/api/code-locks/lift/",
            lambda s: {"section": s.section.pk, "round": 1, "table": 1},
        ),
        200,
        api=True,
        prepare=_locked,
    ),
    "page: table devices": Route(
        "running",
        lambda s, c: c.post(reverse("scoring:devices", args=[s.section.pk]), {"table": 1}),
        200,  # fmt: skip
    ),
    "page: revoke a table device": Route(
        "running",
        lambda s, c: c.post(
            reverse("scoring:device-revoke", args=[TableDevice.objects.get(section=s.section).pk])
        ),
        302,
        prepare=_device,
    ),
    "page: send the results emails": Route(
        "released",
        lambda s, c: c.post(reverse("scoring:release-emails-send", args=[s.tournament.pk])),
        302,
    ),
}


def _client(user, api: bool):
    client = APIClient() if api else Client()
    client.force_login(user)
    return client


def _state(scheduled) -> tuple:
    """What a refused action must leave as it was."""
    tournament = Tournament.objects.get(pk=scheduled.tournament.pk)
    return (
        tournament.status,
        StatusChange.objects.filter(tournament=tournament).count(),
        list(ConfirmationCodeTries.objects.values_list("failures", "locked_at")),
        list(TableDevice.objects.values_list("pk", "revoked")),
    )


@pytest.mark.parametrize("name", list(ROUTES))
def test_only_the_events_director_passes_each_director_only_route(event, name):
    scheduled, users = event
    route = ROUTES[name]
    Tournament.objects.filter(pk=scheduled.tournament.pk).update(status=route.status)
    if route.prepare:
        route.prepare(scheduled)
    before = _state(scheduled)
    for who in REFUSED:
        answer = route.ask(scheduled, _client(users[who], route.api))
        assert answer.status_code == 403, (who, answer.status_code)
        if route.api:
            assert answer.json()["code"] == "directors_only"
            assert "directors" in answer.json()["detail"]
        else:
            assert "the event&#x27;s directors" in answer.content.decode()
        assert _state(scheduled) == before, who
    answer = route.ask(scheduled, _client(users["director"], route.api))
    assert answer.status_code == route.allowed, answer.content[:400]


def test_release_and_hold_back_by_the_api_move_the_event_for_the_director_only(event):
    scheduled, users = event
    pk = scheduled.tournament.pk
    Tournament.objects.filter(pk=pk).update(status="finished")
    refused = _client(users["playing"], True).post(f"/api/tournaments/{pk}/release/")
    assert refused.status_code == 403
    assert Tournament.objects.get(pk=pk).status == "finished"
    director = _client(users["director"], True)
    anyway = {"anyway": True, "reason": "Late tables"}
    released = director.post(f"/api/tournaments/{pk}/release/", anyway, format="json")
    assert released.json()["status"] == "released"
    refused = _client(users["unnamed"], True).post(f"/api/tournaments/{pk}/hold-back/")
    assert refused.status_code == 403
    assert Tournament.objects.get(pk=pk).status == "released"
    assert director.post(f"/api/tournaments/{pk}/hold-back/").json()["status"] == "finished"
    assert list(StatusChange.objects.filter(tournament_id=pk).values_list("changed_by", flat=True)) == [
        users["director"].pk
    ] * 2  # fmt: skip


def test_the_code_lock_service_refuses_an_organiser_who_plays(event):
    scheduled, users = event
    _locked(scheduled)
    where = {"section_id": scheduled.section.pk, "round": 1, "table": 1}
    for who in REFUSED:
        with pytest.raises(ConfirmationRefused, match="directors"):
            code_lock_lift(**where, club_id=scheduled.club.pk, by=users[who])
    assert code_lock_lift(**where, club_id=scheduled.club.pk, by=users["director"]) is True


@pytest.mark.parametrize(
    "url",
    [
        lambda s: reverse("tournaments:guide_cards", args=[s.section.pk]),
        lambda s: reverse("tournaments:session_guide_cards", args=[s.section.session_id]),
    ],
    ids=["section", "session"],
)
def test_guide_cards_carry_the_ew_codes_for_the_director_only(event, url):
    """The playing organiser sits NS at table 1: the EW code of his table would let him
    confirm his own figures. No organiser who does not direct gets any code."""
    scheduled, users = event
    codes = {
        confirmation_code(section_id=scheduled.section.pk, round=r, table=t)
        for r in (1, 2, 3)
        for t in (1, 2, 3)
    }
    for who in (*REFUSED, "director"):
        page = _client(users[who], False).get(url(scheduled))
        assert page.status_code == 200
        printed = {code for code in codes if code in page.content.decode()}
        assert printed == (codes if who == "director" else set()), who


def test_the_event_page_offers_the_director_only_buttons_to_the_director_only(event):
    scheduled, users = event
    control = reverse("tournaments:control_room", args=[scheduled.section.session_id])
    status = reverse("tournaments:status", args=[scheduled.tournament.pk])
    dashboard = reverse("scoring:dashboard", args=[scheduled.section.pk])
    for who in (*REFUSED, "director"):
        page = _client(users[who], False).get(
            reverse("tournaments:detail", args=[scheduled.tournament.pk])
        )
        shown = {url for url in (control, status, dashboard) if url in page.content.decode()}
        assert shown == ({control, status, dashboard} if who == "director" else set()), who
