"""``access_sql`` (the roles and member id a hot path reads with its own row) agrees with
``roles_in`` and ``member_id_of``, the definitions, whatever the memberships."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Club, Member, Membership, Role, User
from clubs.permissions import (
    Action,
    access_params,
    access_remember,
    access_sql,
    can,
    member_id_of,
    roles_in,
)

TODAY = timezone.localdate()
#: Start and end of a membership relative to today: past, current, future, open-ended.
SPANS = [(-400, -10), (-400, None), (-10, 0), (0, None), (0, 30), (5, 60), (-30, 30), (1, None)]


def _read(user, club_id: int) -> tuple[str | None, int | None]:
    # The club id as a parameter of its own, which comes second (after the user's id).
    sql = f"SELECT {access_sql(connection.vendor, '%s')}"
    user_id, *rest = access_params(user)
    with connection.cursor() as cursor:
        cursor.execute(sql, [user_id, club_id, *rest])
        return cursor.fetchone()


def _fresh(user_id: int) -> User:
    return User.objects.get(pk=user_id)  # no cached roles


memberships = st.lists(
    st.tuples(
        st.sampled_from([0, 1]),  # which club
        st.sampled_from([Role.SECRETARY, Role.ORGANISER, Role.PLAYER]),
        st.sampled_from(SPANS),
    ),
    max_size=5,
    unique_by=lambda row: (row[0], row[1], row[2][0]),
)


@pytest.mark.django_db
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=memberships, has_member=st.booleans())
def test_access_sql_reads_the_roles_and_member_that_roles_in_gives(rows, has_member):
    clubs = [
        Club.objects.get_or_create(slug=f"c{i}", defaults={"name": f"C{i}"})[0] for i in (0, 1)
    ]
    Membership.objects.all().delete()
    Member.objects.all().delete()
    User.objects.all().delete()
    user = User.objects.create_user(username="someone")
    member = Member.objects.create(name="Someone", user=user) if has_member else None
    for club_index, role, (start, end) in rows if member else []:
        Membership.objects.create(
            club=clubs[club_index],
            member=member,
            role=role,
            valid_from=TODAY + dt.timedelta(days=start),
            valid_to=None if end is None else TODAY + dt.timedelta(days=end),
        )
    for club in clubs:
        roles_text, member_id = _read(user, club.pk)
        read = frozenset(roles_text.split(",")) if roles_text else frozenset()
        assert read == roles_in(_fresh(user.pk), club.pk)
        assert member_id == member_id_of(_fresh(user.pk))


@pytest.mark.django_db
def test_access_remember_answers_can_without_a_query(django_assert_num_queries):
    club = Club.objects.create(slug="c", name="C")
    user = User.objects.create_user(username="player")
    member = Member.objects.create(name="Player", user=user)
    Membership.objects.create(club=club, member=member, role=Role.PLAYER, valid_from=TODAY)
    roles_text, member_id = _read(user, club.pk)
    access_remember(user, club.pk, roles_text, member_id)
    with django_assert_num_queries(0):
        assert can(user, Action.ENTER_SCORES, club.pk, seated={member.pk})
        assert not can(user, Action.ENTER_SCORES, club.pk, seated={member.pk + 1})
        assert not can(user, Action.ORGANISE, club.pk)


@pytest.mark.django_db
def test_access_sql_for_no_user_reads_nothing():
    club = Club.objects.create(slug="c", name="C")
    assert _read(None, club.pk) == (None, None)
