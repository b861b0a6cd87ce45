"""Roles managed by the club's secretaries: given only to the club's own members, changed
and ended with a history (who, when, before, after), and never leaving a day without a
secretary."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from clubs.errors import ClubError
from clubs.models import Club, Member, Membership, Role, RoleAction, RoleChange, User
from clubs.roles import role_change, role_end, role_grant, secretaries_cover

TODAY = dt.date(2026, 5, 10)
DAY = dt.timedelta(days=1)


# --- the cover rule, pure ------------------------------------------------------------


def test_cover_examples():
    assert secretaries_cover([(dt.date(2020, 1, 1), None)], TODAY)
    assert not secretaries_cover([], TODAY)
    assert not secretaries_cover([(dt.date(2020, 1, 1), TODAY)], TODAY)  # nobody tomorrow
    handover = [(dt.date(2020, 1, 1), TODAY + 5 * DAY), (TODAY + 6 * DAY, None)]
    assert secretaries_cover(handover, TODAY)
    gap = [(dt.date(2020, 1, 1), TODAY + 5 * DAY), (TODAY + 7 * DAY, None)]
    assert not secretaries_cover(gap, TODAY)
    assert not secretaries_cover([(TODAY + DAY, None)], TODAY)  # nobody today


periods = st.lists(
    st.tuples(st.integers(-20, 20), st.one_of(st.none(), st.integers(0, 20))).map(
        lambda p: (TODAY + p[0] * DAY, None if p[1] is None else TODAY + (p[0] + p[1]) * DAY)
    ),
    max_size=5,
)


@given(periods)
def test_cover_agrees_with_checking_day_by_day(given_periods):
    """Covered iff every day from today to 60 days on (past every dated end) has a
    secretary, and some period never ends."""

    def on(day):
        return any(s <= day and (e is None or e >= day) for s, e in given_periods)

    by_days = all(on(TODAY + n * DAY) for n in range(60))
    assert secretaries_cover(given_periods, TODAY) == by_days


# --- services and pages --------------------------------------------------------------


def _person(club: Club, username: str, role: str) -> tuple[User, Membership]:
    user = User.objects.create_user(username, password="pw")
    member = Member.objects.create(name=username.title(), user=user)
    return user, Membership.objects.create(
        club=club, member=member, role=role, valid_from=dt.date(2020, 1, 1)
    )


@pytest.fixture
def club(db):
    return Club.objects.create(name="Casino", slug="casino")


@pytest.fixture
def sara(club):
    return _person(club, "sara", Role.SECRETARY)


@pytest.mark.django_db
def test_the_only_secretary_cannot_end_or_give_up_the_role(club, sara):
    user, membership = sara
    with pytest.raises(ClubError, match="must keep a secretary"):
        role_end(membership=membership, by=user)
    with pytest.raises(ClubError, match="must keep a secretary"):
        role_change(
            membership=membership,
            role=Role.PLAYER,
            valid_from=membership.valid_from,
            valid_to=None,
            by=user,
        )
    membership.refresh_from_db()
    assert (membership.role, membership.valid_to) == (Role.SECRETARY, None)
    assert not RoleChange.objects.exists()


@pytest.mark.django_db
def test_with_a_successor_from_the_next_day_the_secretary_hands_over(club, sara):
    user, membership = sara
    today = timezone.localdate()
    successor, _m = _person(club, "tere", Role.PLAYER)
    role_grant(
        club=club,
        member=successor.member,
        role=Role.SECRETARY,
        valid_from=today,
        by=user,
    )
    ended = role_end(membership=membership, by=user)
    assert ended.valid_to == today - dt.timedelta(days=1)
    history = list(RoleChange.objects.order_by("pk"))
    assert [(c.member.name, c.action) for c in history] == [
        ("Tere", RoleAction.GRANTED),
        ("Sara", RoleAction.ENDED),
    ]
    assert history[1].before["to"] is None and history[1].after["to"] == str(ended.valid_to)
    assert all(c.changed_by == user for c in history)


@pytest.mark.django_db
def test_a_role_is_only_given_to_the_clubs_own_members(club, sara):
    user, _m = sara
    other = Club.objects.create(name="Ateneo", slug="ateneo")
    outsider, _o = _person(other, "otto", Role.PLAYER)
    with pytest.raises(ClubError, match="not a member of this club"):
        role_grant(club=club, member=outsider.member, role=Role.PLAYER, valid_from=TODAY, by=user)
    api = APIClient()
    api.force_authenticate(user)
    answer = api.post(
        "/api/clubs/casino/memberships/",
        {"member": outsider.member.pk, "role": "organiser", "valid_from": "2026-01-01"},
        format="json",
    )
    assert answer.status_code == 400 and "not a member of this club" in answer.json()["detail"]
    assert not Membership.objects.filter(club=club, member=outsider.member).exists()


@pytest.mark.django_db
def test_a_role_not_yet_started_is_removed_when_ended(club, sara):
    user, _m = sara
    pia, membership = _person(club, "pia", Role.PLAYER)
    future = role_grant(
        club=club,
        member=pia.member,
        role=Role.ORGANISER,
        valid_from=timezone.localdate() + dt.timedelta(days=3),
        by=user,
    )
    assert role_end(membership=future, by=user) is None
    assert not Membership.objects.filter(pk=future.pk).exists()
    removed = RoleChange.objects.get(action=RoleAction.ENDED)
    assert removed.after == {} and removed.before["role"] == "organiser"


@pytest.mark.django_db
def test_secretary_ends_a_role_on_the_page_and_the_history_shows_it(client, club, sara):
    user, _m = sara
    _pia, membership = _person(club, "pia", Role.ORGANISER)
    client.force_login(user)
    page = client.get(f"/clubs/casino/members/{membership.member_id}/edit/").content.decode()
    assert f"/clubs/casino/memberships/{membership.pk}/end/" in page
    assert client.post(f"/clubs/casino/memberships/{membership.pk}/end/").status_code == 302
    membership.refresh_from_db()
    assert membership.valid_to == timezone.localdate() - dt.timedelta(days=1)
    history = client.get("/clubs/casino/logins/").content.decode()
    assert "Pia" in history and "Organiser 2020-01-01 – …" in history and "ended" in history


@pytest.mark.django_db
def test_the_last_secretary_is_told_why_on_the_page(client, club, sara):
    user, membership = sara
    client.force_login(user)
    answer = client.post(f"/clubs/casino/memberships/{membership.pk}/end/", follow=True)
    assert "must keep a secretary" in answer.content.decode()
    answer = client.post(
        f"/clubs/casino/memberships/{membership.pk}/edit/",
        {"role": "player", "valid_from": "2020-01-01", "valid_to": ""},
    )
    assert answer.status_code == 200 and "must keep a secretary" in answer.content.decode()


@pytest.mark.django_db
def test_imported_and_added_roles_are_in_the_history(club, sara):
    from clubs.services import member_add, member_import_csv

    user, _m = sara
    member_add(club=club, name="Nuevo", role="player", valid_from=TODAY, by=user)
    member_import_csv(club=club, text="name,role,from\nLuis,organiser,2026-01-01\n", by=user)
    granted = RoleChange.objects.filter(action=RoleAction.GRANTED)
    assert {(c.member.name, c.after["role"]) for c in granted} == {
        ("Nuevo", "player"),
        ("Luis", "organiser"),
    }
