"""A person's own data across every app: export it, erase it, merge two records of it.

``clubs`` is the lowest app: it cannot know what the apps above it hold about a member.
Each app that keeps something about a person registers a *part* in its
``AppConfig.ready()``::

    from clubs.people import person_part_register
    person_part_register("tournaments", export=..., erase=..., merge=...)

* ``export(member) -> dict | list`` — what the app holds about ``member``, as JSON-ready
  values (names, dates, scores); it appears in the export under the part's label.
* ``erase(member, former_name)`` — called after the member's name was replaced by a
  pseudonym (``member.name``) and their contact details deleted: the app replaces
  ``former_name`` wherever it **copied** it (stored standings, free-text reasons). Rows that
  point at the member by key need nothing: they now show the pseudonym.
* ``merge(source, target)`` — called before every row pointing at ``source`` is moved to
  ``target`` (done here, for every app, through the foreign keys to :class:`Member`): the app
  rewrites what it copied of ``source`` (its id in JSON, its name in stored standings).

Parts run inside the service's transaction, in registration order; a part raising
:class:`clubs.errors.ClubError` refuses the whole operation. Receivers only call their app's
code (no logic of their own here).
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.errors import ClubError
from clubs.models import ApiToken, Club, Invitation, Member, Membership, RoleChange, User
from clubs.permissions import can_erase_person

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no look-alikes: no I, L, O, 0, 1
PSEUDONYM_START = "N. N. "


@dataclass(frozen=True)
class PersonPart:
    """What one app does with a person's data (any of the three may be None)."""

    label: str
    export: Callable[[Member], object] | None = None
    erase: Callable[[Member, str], None] | None = None
    merge: Callable[[Member, Member], None] | None = None


_PARTS: dict[str, PersonPart] = {}


def person_part_register(
    label: str,
    *,
    export: Callable[[Member], object] | None = None,
    erase: Callable[[Member, str], None] | None = None,
    merge: Callable[[Member, Member], None] | None = None,
) -> None:
    """Register (or replace) the part of app ``label``; call it from ``AppConfig.ready()``."""
    _PARTS[label] = PersonPart(label, export, erase, merge)


def person_parts() -> tuple[PersonPart, ...]:
    return tuple(_PARTS.values())


# --- export ---------------------------------------------------------------------------


def _when(value: dt.date | dt.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def account_export(user: User | None) -> dict | None:
    """What Tenace holds about a login: its name, email, dates and API tokens."""
    if user is None:
        return None
    return {
        "username": user.get_username(),
        "email": user.email,
        "joined": _when(user.date_joined),
        "last_login": _when(user.last_login),
        "api_tokens": [
            {
                "name": t.name,
                "begins_with": t.prefix,
                "created": _when(t.created),
                "expires": _when(t.expires),
                "last_used": _when(t.last_used),
                "revoked": _when(t.revoked),
            }
            for t in ApiToken.objects.filter(user=user).order_by("created", "pk")
        ],
    }


def _memberships_export(member: Member) -> list[dict]:
    memberships = Membership.objects.filter(member=member).select_related("club")
    return [
        {"club": m.club.name, "role": m.role, "from": _when(m.valid_from), "to": _when(m.valid_to)}
        for m in memberships.order_by("club__name", "valid_from", "pk")
    ]


def _invitations_export(member: Member) -> list[dict]:
    return [
        {
            "club": i.club.name,
            "sent_as": i.channel,
            "email": i.email,
            "created": _when(i.created),
            "expires": _when(i.expires),
            "accepted": _when(i.accepted),
        }
        for i in Invitation.objects.filter(member=member).select_related("club")
    ]


def _role_changes_export(member: Member) -> list[dict]:
    return [
        {
            "club": c.club.name,
            "action": c.action,
            "before": c.before,
            "after": c.after,
            "when": _when(c.changed_at),
        }
        for c in RoleChange.objects.filter(member=member).select_related("club")
    ]


def person_export(*, member: Member) -> dict:
    """Everything Tenace holds about ``member``, as one JSON-ready document: the person,
    their login, memberships, invitations and role history, then each app's part."""
    document = {
        "format": "tenace-person/1",
        "exported": _when(timezone.now()),
        "person": {
            "id": member.pk,
            "name": member.name,
            "email": member.email,
            "phone": member.phone,
            "erased": _when(member.erased),
        },
        "login": account_export(member.user),
        "memberships": _memberships_export(member),
        "invitations": _invitations_export(member),
        "role_changes": _role_changes_export(member),
    }
    for part in person_parts():
        if part.export is not None:
            document[part.label] = part.export(member)
    return document


# --- erase ----------------------------------------------------------------------------


def _pseudonym() -> str:
    for _attempt in range(20):
        name = PSEUDONYM_START + "".join(secrets.choice(CODE_ALPHABET) for _ in range(5))
        if not Member.objects.filter(name=name).exists():
            return name
    raise ClubError(_("No free pseudonym was found; try again."))  # pragma: no cover


def _user_scrub(user: User, member_id: int) -> None:
    """The login of an erased person: no name, no email, no password, no way in; kept as a
    row only because results and corrections name who entered them."""
    ApiToken.objects.filter(user=user).delete()
    _login_attempts_forget(user.get_username())
    user.username = f"erased-{member_id}-{secrets.token_hex(4)}"
    user.first_name = user.last_name = user.email = ""
    user.set_unusable_password()
    user.is_active = user.is_staff = user.is_superuser = False
    user.session_generation += 1
    user.save()


def _login_attempts_forget(username: str) -> None:
    from axes.models import AccessAttempt, AccessFailureLog

    AccessAttempt.objects.filter(username=username).delete()
    AccessFailureLog.objects.filter(username=username).delete()


def _roles_end(member: Member, by: User | None, *, club: Club | None = None) -> int:
    """End the roles that have not ended (of ``club`` only, when given; an erased person can
    no longer act in a club); refused, with the reason, when that would leave a club without
    a secretary. Returns how many were ended."""
    from clubs.roles import role_end

    today = timezone.localdate()
    open_roles = Membership.objects.filter(member=member).filter(
        models.Q(valid_to__isnull=True) | models.Q(valid_to__gte=today)
    )
    if club is not None:
        open_roles = open_roles.filter(club=club)
    ended = 0
    for membership in open_roles.select_related("club", "member"):
        try:
            role_end(membership=membership, by=by)
        except ClubError:
            raise ClubError(
                _(
                    "%(name)s is the only secretary of %(club)s: give someone else the "
                    "secretary's role first."
                )
                % {"name": member.name, "club": membership.club.name}
            ) from None
        ended += 1
    return ended


def erase_refused_message() -> str:
    return _(
        "Erasing a person everywhere needs the person themselves, or a secretary of every "
        "club they are or were a member of; a secretary of one club erases them from that "
        "club only."
    )


@transaction.atomic
def person_erase(*, member: Member, by: User | None) -> str:
    """Erase ``member`` at their request: their name becomes a stable pseudonym everywhere
    (results, rubbers, standings, ladders keep their figures), their roles end, their
    contact details, invitations, API tokens and login details are deleted, and they can no
    longer log in. Returns the pseudonym. Erasing again changes nothing. ``by`` (None: the
    site itself) must be the person or a secretary of every club of theirs
    (:func:`clubs.permissions.can_erase_person`). Refused (:class:`ClubError`) otherwise,
    and for a club's only secretary."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    if member.erased is not None:
        return member.name
    if by is not None and not can_erase_person(by, member):
        raise ClubError(erase_refused_message())
    _roles_end(member, by)
    former = member.name
    member.name = _pseudonym()
    member.email = member.phone = ""
    member.erased, member.erased_by = timezone.now(), by
    member.save()
    Invitation.objects.filter(member=member).delete()
    if member.user is not None:
        _user_scrub(member.user, member.pk)
    for part in person_parts():
        if part.erase is not None:
            part.erase(member, former)
    return member.name


@transaction.atomic
def club_erase(*, club: Club, member: Member, by: User | None) -> int:
    """A club's secretary erases a person shared with other clubs, from **this club only**:
    the club's roles of theirs end (so the club no longer reads their contact details) and
    the club's waiting invitations are withdrawn. Their name, contact details, login and
    other clubs' memberships stay: erasing the person needs the person, or every club
    (:func:`person_erase`). Returns how many roles ended. Refused (:class:`ClubError`) for
    the club's only secretary."""
    member = Member.objects.select_for_update().get(pk=member.pk)
    ended = _roles_end(member, by, club=club)
    Invitation.objects.filter(member=member, club=club, accepted__isnull=True).delete()
    return ended


@transaction.atomic
def login_erase(*, user: User) -> None:
    """Erase a login that has no member record (nothing else to pseudonymise)."""
    _user_scrub(user, 0)


# --- merge ----------------------------------------------------------------------------


def _pointers_to_member() -> list[models.ForeignKey]:
    """Every foreign key to :class:`Member` in every installed app (found through Django's
    model metadata, so the apps above need not be imported), the login aside."""
    return [
        relation.field
        for relation in Member._meta.get_fields(include_hidden=True)
        if isinstance(relation, models.ManyToOneRel) and not relation.one_to_one
    ]


def _memberships_dedupe(source: Member, target: Member) -> None:
    """Drop the source's memberships the target already has (same club, role and start)."""
    same = Membership.objects.filter(
        member=target,
        club=models.OuterRef("club"),
        role=models.OuterRef("role"),
        valid_from=models.OuterRef("valid_from"),
    )
    Membership.objects.filter(member=source).filter(models.Exists(same)).delete()


@transaction.atomic
def person_merge(*, source: Member, target: Member) -> Member:
    """Make ``source`` and ``target`` (two records of one person) one: every row of every
    app that points at ``source`` points at ``target`` (results, seats, entries,
    memberships…), then ``source`` is deleted. At most one of them may have a login (kept).
    Contact details missing on ``target`` are taken from ``source``. Permission is the
    caller's to check (a secretary of both clubs, or the person accepting an invitation)."""
    source = Member.objects.select_for_update().get(pk=source.pk)
    target = Member.objects.select_for_update().get(pk=target.pk)
    if source.pk == target.pk:
        raise ClubError(_("These are the same record."))
    if source.user_id and target.user_id:
        raise ClubError(_("Both records have a login: they cannot be merged."))
    if source.erased or target.erased:
        raise ClubError(_("An erased record cannot be merged."))
    for part in person_parts():
        if part.merge is not None:
            part.merge(source, target)
    _memberships_dedupe(source, target)
    try:
        with transaction.atomic():
            for field in _pointers_to_member():
                field.model._base_manager.filter(**{field.name: source}).update(
                    **{field.name: target}
                )
    except IntegrityError:
        raise ClubError(
            _("Both records appear in the same game (a table or a pair): they cannot be merged.")
        ) from None
    user = source.user
    target.email = target.email or source.email
    target.phone = target.phone or source.phone
    source.delete()
    if user is not None:
        target.user = user
    target.save()
    return target
