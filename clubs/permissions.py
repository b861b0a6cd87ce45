"""Who may do what in a club: the one place where Tenace's permissions are decided.

Roles come from the user's current :class:`~clubs.models.Membership` rows (``valid_from`` ≤
today ≤ ``valid_to``):

* **secretary** — manages the club's data (members, seasons, settings) and corrects results;
* **organiser** — manages events, movements and rotations (and everything a player may do);
* **player** — reads, and enters scores only at a table where they sit;
* **anyone** (even logged out) — reads what the club publishes.

A Django superuser counts as a secretary of every club. Pages use :func:`require` (raising
``PermissionDenied``, which Django turns into a 403); the API uses :class:`ClubPermission`
subclasses. Both call the same predicates below, so pages and API cannot disagree.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Iterable

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.permissions import SAFE_METHODS, BasePermission

from clubs.models import Club, Member, Membership, Role

_CACHE_ATTR = "_tenace_club_roles"
_MEMBER_ATTR = "_tenace_member_id"


class Action(enum.StrEnum):
    """What a user wants to do in a club."""

    READ = "read"
    MANAGE_CLUB = "manage_club"  # members, seasons, settings; correct results
    ORGANISE = "organise"  # events, movements, rotations, club nights
    ENTER_SCORES = "enter_scores"  # at a table where the user sits (checked with the table)


ALLOWED: dict[Action, frozenset[str]] = {
    Action.READ: frozenset({"anyone"}),
    Action.MANAGE_CLUB: frozenset({Role.SECRETARY}),
    Action.ORGANISE: frozenset({Role.SECRETARY, Role.ORGANISER}),
    Action.ENTER_SCORES: frozenset({Role.SECRETARY, Role.ORGANISER}),
}


def roles_in(user, club: Club | int, *, on: dt.date | None = None) -> frozenset[str]:
    """The user's current roles in ``club`` (cached on the user object for the request)."""
    if user is None or not user.is_authenticated:
        return frozenset()
    club_id = club if isinstance(club, int) else club.pk
    if user.is_superuser:
        return frozenset({Role.SECRETARY, Role.ORGANISER, Role.PLAYER})
    cache: dict[int, frozenset[str]] = user.__dict__.setdefault(_CACHE_ATTR, {})
    if on is None and club_id in cache:
        return cache[club_id]
    today = on or timezone.localdate()
    roles = frozenset(
        Membership.objects.filter(member__user=user, club_id=club_id, valid_from__lte=today)
        .filter(Q(valid_to__isnull=True) | Q(valid_to__gte=today))
        .values_list("role", flat=True)
    )
    if on is None:
        cache[club_id] = roles
    return roles


def member_of(user) -> Member | None:
    """The member record behind a login, if any."""
    if user is None or not user.is_authenticated:
        return None
    return Member.objects.filter(user=user).first()


def member_id_of(user) -> int | None:
    """The id of the member record behind a login (cached on the user for the request)."""
    if user is None or not user.is_authenticated:
        return None
    if _MEMBER_ATTR not in user.__dict__:
        user.__dict__[_MEMBER_ATTR] = (
            Member.objects.filter(user=user).values_list("pk", flat=True).first()
        )
    return user.__dict__[_MEMBER_ATTR]


def access_sql(vendor: str, club_column: str) -> str:
    """Two select-list expressions for a query that already reads a club id in
    ``club_column``: the user's current roles in that club (comma-separated, NULL for none)
    and the user's member id. Parameters, in this order: the user's id, today, today, the
    user's id (a NULL user id gives NULL, NULL). Hot paths read these with their own row and
    hand them to :func:`access_remember`, so that :func:`can` needs no query of its own;
    :func:`roles_in` stays the definition they must agree with (tested)."""
    aggregate = "string_agg" if vendor == "postgresql" else "group_concat"
    q = _quoted_tables()
    return (
        f"(SELECT {aggregate}(ms.role, ',') FROM {q['membership']} ms"
        f" JOIN {q['member']} mb ON mb.id = ms.member_id"
        f" WHERE mb.user_id = %s AND ms.club_id = {club_column}"
        " AND ms.valid_from <= %s AND (ms.valid_to IS NULL OR ms.valid_to >= %s)),"
        f" (SELECT mb.id FROM {q['member']} mb WHERE mb.user_id = %s)"
    )


def access_params(user) -> list:
    """The parameters of :func:`access_sql` for ``user``."""
    user_id = user.pk if user is not None and user.is_authenticated else None
    today = timezone.localdate()
    return [user_id, today, today, user_id]


def access_remember(user, club_id: int, roles: str | None, member_id: int | None) -> None:
    """Remember for this request what :func:`access_sql` read about ``user``."""
    if user is None or not user.is_authenticated:
        return
    cache: dict[int, frozenset[str]] = user.__dict__.setdefault(_CACHE_ATTR, {})
    cache[club_id] = frozenset(roles.split(",")) if roles else frozenset()
    user.__dict__[_MEMBER_ATTR] = member_id


def _quoted_tables() -> dict[str, str]:
    from django.db import connection

    quote = connection.ops.quote_name
    return {
        "membership": quote(Membership._meta.db_table),
        "member": quote(Member._meta.db_table),
    }


def can(user, action: Action, club: Club | int, *, seated: Iterable[int] = ()) -> bool:
    """Whether ``user`` may do ``action`` in ``club``.

    For :attr:`Action.ENTER_SCORES`, ``seated`` are the member ids at the table: a player may
    enter scores only when their own member id is among them.
    """
    allowed = ALLOWED[action]
    if "anyone" in allowed:
        return True
    roles = roles_in(user, club)
    if roles & allowed:
        return True
    if action is Action.ENTER_SCORES and Role.PLAYER in roles:
        member_id = member_id_of(user)
        return member_id is not None and member_id in set(seated)
    return False


def require(user, action: Action, club: Club | int, *, seated: Iterable[int] = ()) -> None:
    """Raise ``PermissionDenied`` with a readable reason unless :func:`can` allows it."""
    if not can(user, action, club, seated=seated):
        messages = {
            Action.MANAGE_CLUB: _("Only the club's secretaries can change this."),
            Action.ORGANISE: _("Only the club's organisers and secretaries can change this."),
            Action.ENTER_SCORES: _("You can enter scores only at your own table."),
        }
        raise PermissionDenied(messages.get(action, _("You are not allowed to do this.")))


def secretary_of_every_club(user, member: Member) -> bool:
    """Whether ``user`` is a secretary of **every** club ``member`` is or was a member of
    (and of at least one): what a change to a person shared by several clubs needs."""
    clubs = set(Membership.objects.filter(member=member).values_list("club_id", flat=True))
    return bool(clubs) and all(can(user, Action.MANAGE_CLUB, club) for club in clubs)


def can_edit_person(user, member: Member) -> bool:
    """Whether ``user`` may change ``member``'s name and contact details, which are the
    person's own: the person themselves once they have a login; before that, a secretary of
    **every** club the person is or was a member of (so one club never changes what another
    club sees). Nobody changes an erased person."""
    if user is None or not user.is_authenticated or member.erased is not None:
        return False
    if member.user_id is not None:
        return member.user_id == user.pk
    return secretary_of_every_club(user, member)


def can_erase_person(user, member: Member) -> bool:
    """Whether ``user`` may erase the person ``member`` everywhere (name, contact details,
    login, every club's roles): the person themselves, or a secretary of **every** club the
    person is or was a member of. A secretary of only some of them erases the person from
    their own club only (:func:`clubs.people.club_erase`): one club never ends another
    club's membership or the person's login."""
    if user is None or not user.is_authenticated:
        return False
    if member.user_id is not None and member.user_id == user.pk:
        return True
    return secretary_of_every_club(user, member)


def can_see_contact(user, club: Club | int, memberships: Iterable[Membership]) -> bool:
    """Whether ``user`` may read the contact details of a member whose ``memberships`` of
    ``club`` are given: the club's organisers and secretaries, while one of those
    memberships has not ended."""
    today = timezone.localdate()
    open_now = any(m.valid_to is None or m.valid_to >= today for m in memberships)
    return open_now and can(user, Action.ORGANISE, club)


def can_enter_at_table(user, table) -> bool:
    """Whether ``user`` may enter hands at a club-night ``table``: the club's organisers and
    secretaries anywhere, a player only while seated at it (its ``seats``, prefetched or
    not, and its ``club_night`` give the members and the club)."""
    seated = [seat.member_id for seat in table.seats.all()]
    return can(user, Action.ENTER_SCORES, table.club_night.club_id, seated=seated)


class ClubPermission(BasePermission):
    """DRF permission: anyone reads; writes need ``write_action`` in the object's club.

    Views say how to find the club: ``get_permission_club(request)`` for list/create, and
    the object's ``club_id`` (or ``get_object_club(obj)``) for detail routes.
    """

    write_action = Action.MANAGE_CLUB

    def has_permission(self, request, view) -> bool:
        if request.method in SAFE_METHODS:
            return True
        if not request.user or not request.user.is_authenticated:
            return False
        if getattr(view, "lookup_url_kwarg", None) in view.kwargs or "pk" in view.kwargs:
            return True  # a detail route: has_object_permission decides with the object's club
        club = getattr(view, "get_permission_club", lambda r: None)(request)
        # No club named, nothing allowed: a write must say which club it is for.
        return club is not None and can(request.user, self.write_action, club)

    def has_object_permission(self, request, view, obj) -> bool:
        if request.method in SAFE_METHODS:
            return True
        club = getattr(view, "get_object_club", lambda o: o.club_id)(obj)
        return can(request.user, self.write_action, club)


class IsClubSecretary(ClubPermission):
    write_action = Action.MANAGE_CLUB


class IsClubOrganiser(ClubPermission):
    write_action = Action.ORGANISE
