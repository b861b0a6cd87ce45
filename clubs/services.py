"""Services of the clubs app: ``<entity>_<action>``, keyword-only, atomic, ``full_clean()`` first.

They raise :class:`clubs.errors.ClubError` subclasses, never DRF exceptions.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.errors import ClubError, MemberImportRefused, saved_or_refused
from clubs.inputs import CSVRefused, csv_rows, csv_text_check
from clubs.models import Club, Member, Membership, Role, Season
from clubs.permissions import can_edit_person
from clubs.roles import role_change, role_grant, role_log_granted

REQUIRED_COLUMNS = ("name", "role", "from")


@dataclass(frozen=True)
class RefusedRow:
    """A CSV line (1 = the header) that was refused, with the reason."""

    line: int
    reason: str


@dataclass(frozen=True)
class ImportReport:
    """What a member import did: memberships created, and the rows refused."""

    created: int
    refused: tuple[RefusedRow, ...]


def _parse_date(text: str, column: str) -> dt.date | None:
    if not text:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise ValidationError(
            _("%(column)s date %(value)r is not YYYY-MM-DD") % {"column": column, "value": text}
        ) from None


def _row_to_membership(club: Club, row: dict[str, str], made: dict[str, Member]) -> Membership:
    """Build (unsaved) the membership a CSV row asks for; raise ValidationError if it cannot.
    ``made``: the members this file created so far, by email (a second row of one person)."""
    name = (row.get("name") or "").strip()
    email = (row.get("email") or "").strip()
    role = (row.get("role") or "").strip().lower()
    if not name:
        raise ValidationError(_("the name is empty"))
    if role not in Role.values:
        raise ValidationError(
            _("role %(role)r is not one of %(roles)s")
            % {"role": role, "roles": ", ".join(Role.values)}
        )
    valid_from = _parse_date((row.get("from") or "").strip(), "from")
    if valid_from is None:
        raise ValidationError(_("the from date is empty"))
    valid_to = _parse_date((row.get("to") or "").strip(), "to")
    # Only this club's own members are recognised by email: anyone else is a new record
    # (a person of another club joins by accepting this club's invitation).
    member = club_member_by_email(club, email) or made.get(email.lower())
    if member is None:
        member = Member(name=name, email=email, phone=(row.get("phone") or "").strip())
        member.full_clean()
        member.save()
        if email:
            made[email.lower()] = member
    membership = Membership(
        club=club, member=member, role=role, valid_from=valid_from, valid_to=valid_to
    )
    membership.full_clean()
    return membership


def _messages(error: ValidationError) -> str:
    return "; ".join(error.messages)


@transaction.atomic
def member_import_csv(*, club: Club, text: str, by=None) -> ImportReport:
    """Import members and memberships of ``club`` from CSV ``text``; all rows or none.

    Columns: ``name``, ``role`` (secretary/organiser/player) and ``from`` (YYYY-MM-DD) are
    required; ``email``, ``phone`` and ``to`` are optional. A member of this club whose email
    is already known is reused, not duplicated (members of other clubs are never attached:
    they join by invitation). A row twice in the file, or a membership already stored, is
    refused. Every role given is kept in the club's role history, by ``by``. If any row is refused the transaction is rolled back (nothing saved) and :class:`MemberImportRefused` is
    raised carrying the :class:`ImportReport`; otherwise the report lists no refusals.
    """
    try:
        csv_text_check(text)
        reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
        header = [h.strip().lower() for h in (reader.fieldnames or [])]
        rows = [(reader.line_num, row) for row in csv_rows(reader)]
    except (CSVRefused, csv.Error) as error:
        raise MemberImportRefused(ImportReport(0, (RefusedRow(1, str(error)),))) from None
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        report = ImportReport(0, (RefusedRow(1, _("missing column(s): %s") % ", ".join(missing)),))
        raise MemberImportRefused(report)
    reader.fieldnames = header
    refused: list[RefusedRow] = []
    memberships: list[Membership] = []
    seen: set[tuple[int, str, dt.date]] = set()
    made: dict[str, Member] = {}
    for line, row in rows:
        try:
            membership = _row_to_membership(club, row, made)
        except ValidationError as error:
            refused.append(RefusedRow(line, _messages(error)))
            continue
        key = (membership.member_id, membership.role, membership.valid_from)
        if key in seen:
            refused.append(RefusedRow(line, _("this membership is already earlier in the file")))
            continue
        seen.add(key)
        memberships.append(membership)
    if refused:
        raise MemberImportRefused(ImportReport(0, tuple(refused)))
    for membership in memberships:
        membership.save()
        role_log_granted(membership, by=by)
    return ImportReport(len(memberships), ())


_saved = saved_or_refused


def club_member_by_email(club: Club, email: str) -> Member | None:
    """The member of ``club`` (now or before) with ``email``, if any."""
    if not email:
        return None
    return Member.objects.filter(memberships__club=club, email__iexact=email).order_by("pk").first()


@transaction.atomic
def member_add(
    *,
    club: Club,
    name: str,
    role: str,
    valid_from: dt.date,
    valid_to: dt.date | None = None,
    email: str = "",
    phone: str = "",
    by=None,
) -> Membership:
    """Add a person to ``club`` with a first role. A member of this club with the same email
    is given the role instead of a second record; anyone else is a new person (a member of
    another club joins by accepting this club's invitation). Nothing is saved if the role
    is refused."""
    email = email.strip()
    member = club_member_by_email(club, email)
    if member is None:
        member = _saved(Member(name=name.strip(), email=email, phone=phone.strip()))
    return role_grant(
        club=club,
        member=member,
        role=role,
        valid_from=valid_from,
        valid_to=valid_to,
        by=by,
        new_member=True,
    )


@transaction.atomic
def member_update(*, member: Member, name: str, email: str = "", phone: str = "", by) -> Member:
    """Change a member's name and contact details: by the person themselves, or by a
    secretary while the person has no login and belongs to no club ``by`` is not a secretary
    of (:func:`clubs.permissions.can_edit_person`)."""
    if not can_edit_person(by, member):
        raise ClubError(
            _("%(name)s's name and contact details are their own: they change them on their page.")
            % {"name": member.name}
        )
    if member.user_id is not None and email.strip().lower() != member.email.lower():
        raise ClubError(
            _("An email address is changed on your page (My account): it is confirmed by a link.")
        )
    member.name, member.email, member.phone = name.strip(), email.strip(), phone.strip()
    return _saved(member)


def membership_add(
    *,
    club: Club,
    member: Member,
    role: str,
    valid_from: dt.date,
    valid_to: dt.date | None = None,
    by=None,
) -> Membership:
    """Give ``member`` (already a member of ``club``) a role from ``valid_from`` (to
    ``valid_to``, or open): :func:`clubs.roles.role_grant`."""
    return role_grant(
        club=club, member=member, role=role, valid_from=valid_from, valid_to=valid_to, by=by
    )


def membership_update(
    *, membership: Membership, role: str, valid_from: dt.date, valid_to: dt.date | None, by=None
) -> Membership:
    """Change a membership's role or dates (end it by giving ``valid_to``):
    :func:`clubs.roles.role_change`."""
    return role_change(
        membership=membership, role=role, valid_from=valid_from, valid_to=valid_to, by=by
    )


@transaction.atomic
def season_create(
    *,
    club: Club,
    name: str,
    starts: dt.date,
    ends: dt.date,
    count_best: int | None = None,
    min_attendance: int = 1,
) -> Season:
    """A new season of ``club`` with its ladder counting rule (best N, minimum attendance)."""
    return _saved(
        Season(
            club=club,
            name=name.strip(),
            starts=starts,
            ends=ends,
            count_best=count_best,
            min_attendance=min_attendance,
        )
    )


@transaction.atomic
def season_update(
    *,
    season: Season,
    name: str,
    starts: dt.date,
    ends: dt.date,
    count_best: int | None = None,
    min_attendance: int = 1,
) -> Season:
    """Change a season's name, dates or counting rule (the ladder follows at once)."""
    season.name, season.starts, season.ends = name.strip(), starts, ends
    season.count_best, season.min_attendance = count_best, min_attendance
    return _saved(season)
