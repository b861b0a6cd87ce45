"""Invitations to log in: a club's secretary invites a member who has no login yet.

An invitation is a 12-character code (``ABCD-EFGH-JKMN``: an alphabet without look-alikes,
about 59 bits; only its SHA-256 is stored). It is sent by email as a link, or handed over
printed for a member without email; it works once, until it expires
(``settings.INVITATION_DAYS``) or until a secretary withdraws it
(:func:`invitation_withdraw`). A newer invitation of the same member leaves the older one
valid: an email sent last week still works when the code is printed tonight.

Accepting it (:func:`login_create_by_invitation` for a new login, :func:`invitation_accept`
for a person already logged in) gives the person the invited member record; a person who
already had a record (in another club) keeps theirs and the club's record is merged into
it (:func:`clubs.people.person_merge`): this is how a person of another club joins, by
their own consent. Nobody is ever attached to a club by email alone.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.errors import ClubError
from clubs.guesses import GuessCounter
from clubs.mail import email_queue, email_render
from clubs.models import Club, Invitation, InvitationChannel, Member, Membership, User
from clubs.people import CODE_ALPHABET, person_merge

CODE_LENGTH = 12


def code_new() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_normal(text: str) -> str:
    """A typed code as stored: capitals, without spaces or dashes."""
    return re.sub(r"[^0-9A-Z]", "", text.upper())


def code_shown(code: str) -> str:
    """``ABCDEFGHJKMN`` → ``ABCD-EFGH-JKMN`` (easier to read out and type)."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def code_hash(code: str) -> str:
    return hashlib.sha256(code_normal(code).encode("ascii")).hexdigest()


@dataclass(frozen=True)
class InvitationLine:
    """What one invitation did: ``outcome`` is ``"email"`` (sent to ``email``), ``"code"``
    (``code`` to print and hand over: shown this once) or ``"skipped"`` (``reason``)."""

    member: Member
    outcome: str
    email: str = ""
    code: str = ""
    expires: dt.datetime | None = None
    reason: str = ""


def invitations_waiting(club: Club) -> QuerySet[Invitation]:
    """The club's invitations that can still be accepted."""
    return Invitation.objects.filter(
        club=club, accepted__isnull=True, withdrawn__isnull=True, expires__gt=timezone.now()
    )


def _refusal(club: Club, member: Member) -> str | None:
    if member.erased is not None:
        return _("erased at their request")
    if member.user_id is not None:
        return _("already has a login")
    if not Membership.objects.filter(club=club, member=member).exists():
        return _("not a member of this club")
    return None


@transaction.atomic
def invitation_create(
    *,
    club: Club,
    member: Member,
    by: User,
    accept_url: Callable[[str], str],
    by_email: bool = True,
) -> InvitationLine:
    """Invite ``member`` of ``club`` to make a login: by email when ``by_email`` and the
    member has an address (the link is ``accept_url(code)``), else as a code to print.
    Earlier invitations of the member stay valid until withdrawn or expired. Raises
    :class:`ClubError` when the member cannot be invited (has a login, is not the club's)."""
    refusal = _refusal(club, member)
    if refusal:
        raise ClubError(_("%(name)s: %(reason)s.") % {"name": member.name, "reason": refusal})
    now = timezone.now()
    code = code_new()
    channel = InvitationChannel.EMAIL if by_email and member.email else InvitationChannel.CODE
    invitation = Invitation(
        club=club,
        member=member,
        channel=channel,
        email=member.email if channel == InvitationChannel.EMAIL else "",
        code_hash=code_hash(code),
        created_by=by,
        expires=now + dt.timedelta(days=settings.INVITATION_DAYS),
    )
    invitation.full_clean()
    invitation.save()
    if channel == InvitationChannel.CODE:
        return InvitationLine(member, "code", code=code_shown(code), expires=invitation.expires)
    subject, body = email_render(
        template="invitation",
        context={
            "club": club.name,
            "name": member.name,
            "link": accept_url(code),
            "code": code_shown(code),
            "expires": invitation.expires,
        },
        language=club.language,
    )
    email_queue(to=invitation.email, subject=subject, body=body)
    return InvitationLine(member, "email", email=invitation.email, expires=invitation.expires)


def invitations_send(
    *,
    club: Club,
    members: Iterable[Member],
    by: User,
    accept_url: Callable[[str], str],
    by_email: bool = True,
) -> list[InvitationLine]:
    """Invite each of ``members`` (:func:`invitation_create`); a member who cannot be
    invited is reported as skipped, with the reason. One line per member, in order."""
    lines = []
    for member in members:
        refusal = _refusal(club, member)
        if refusal:
            lines.append(InvitationLine(member, "skipped", reason=refusal))
            continue
        lines.append(
            invitation_create(
                club=club, member=member, by=by, accept_url=accept_url, by_email=by_email
            )
        )
    return lines


#: Wrong invitation codes a client (by address) may type within the window; after them
#: every code, even the right one, is refused until the window passes.
CODE_GUESSES = GuessCounter("clubs:invitation-guesses", 10, 15 * 60)


def guesses_exhausted_message() -> str:
    return _(
        "Too many wrong invitation codes from this computer: try again in 15 minutes, or ask "
        "your club's secretary for a new invitation."
    )


def invitation_try(code: str, *, client: str) -> Invitation | None:
    """The waiting invitation with ``code`` (:func:`invitation_find`), a wrong code counted
    against ``client`` (its address, :func:`clubs.guesses.client_address`). Refused
    (:class:`ClubError`) once the client typed ``CODE_GUESSES.limit`` wrong codes within the
    window, so codes cannot be tried without limit (by the code page or the link)."""
    if not CODE_GUESSES.take_for(client):  # counted before the code is checked (atomic)
        raise ClubError(guesses_exhausted_message())
    invitation = invitation_find(code)
    if invitation is not None or not code_normal(code or ""):
        CODE_GUESSES.give_back_for(client)  # a right code (or none typed) does not count
    return invitation


@transaction.atomic
def invitation_withdraw(*, club: Club, invitation_id: int) -> Invitation:
    """Withdraw one of ``club``'s waiting invitations: its code and link stop working.
    Raises :class:`ClubError` when it is not the club's or no longer waits."""
    invitation = (
        Invitation.objects.select_for_update()
        .select_related("member")
        .filter(pk=invitation_id, club=club)
        .first()
    )
    if invitation is None:
        raise ClubError(_("No such invitation of this club."))
    if invitation.accepted or invitation.withdrawn or invitation.expires <= timezone.now():
        raise ClubError(_("This invitation has been used, withdrawn or has expired."))
    invitation.withdrawn = timezone.now()
    invitation.save(update_fields=["withdrawn"])
    return invitation


def invitation_find(code: str) -> Invitation | None:
    """The waiting invitation with ``code`` (as typed: any case, spaces or dashes)."""
    if len(code_normal(code)) != CODE_LENGTH:
        return None
    return (
        Invitation.objects.filter(
            code_hash=code_hash(code),
            accepted__isnull=True,
            withdrawn__isnull=True,
            expires__gt=timezone.now(),
        )
        .select_related("club", "member")
        .first()
    )


@transaction.atomic
def invitation_accept(*, invitation: Invitation, user: User) -> Member:
    """``user`` accepts ``invitation``: the invited record becomes theirs, or — when they
    already have a record — is merged into it (every result kept). Returns their record.
    Refused when the invitation was used, withdrawn or has expired meanwhile."""
    invitation = (
        Invitation.objects.select_for_update().select_related("member").get(pk=invitation.pk)
    )
    if invitation.accepted or invitation.withdrawn or invitation.expires <= timezone.now():
        raise ClubError(_("This invitation has been used, withdrawn or has expired."))
    invited = invitation.member
    if invited.user_id is not None:
        raise ClubError(_("This member already has a login."))
    own = Member.objects.filter(user=user).first()
    if own is None:
        invited.user = user
        invited.save(update_fields=["user"])
        own = invited
    else:
        own = person_merge(source=invited, target=own)
    address = invitation.email or own.email
    if address and not user.email:
        user.email = address
        user.save(update_fields=["email"])
    own.email = own.email or address
    own.save(update_fields=["email"])
    invitation.accepted, invitation.accepted_by = timezone.now(), user
    invitation.save(update_fields=["accepted", "accepted_by"])
    return own


@transaction.atomic
def login_create_by_invitation(*, invitation: Invitation, username: str, password: str) -> User:
    """A new login ``username`` with ``password`` (already validated by the form) for the
    person ``invitation`` is for, accepting it."""
    user = get_user_model()(username=username)
    user.set_password(password)
    user.full_clean(exclude=["password"])
    user.save()
    invitation_accept(invitation=invitation, user=user)
    return user
