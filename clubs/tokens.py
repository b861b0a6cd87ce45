"""API tokens: made by their owner, stored hashed, expiring, revocable, used in one query.

A key is ``tnc_`` and 40 random URL-safe characters; only its SHA-256 is stored (with the
first characters, to recognise it in a list), so a copy of the database gives no key. The
owner makes and revokes their tokens on their page ("My account") or through the API, logged
in (a session), never with a token (:func:`token_create_refusal`); a club's secretaries list
and revoke the tokens of the club's current members.

:class:`ApiTokenAuthentication` answers ``Authorization: Token <key>`` with **one**
statement: the token (by its hash) and its user. The last use is recorded at most once a
minute per token (``TOUCH_EVERY``), never a write per request: on PostgreSQL inside that
same statement (a data-modifying ``WITH`` that updates nothing while the recorded use is
recent), elsewhere by one ``UPDATE`` in the first request of a minute. The result-entry hot
path subclasses it to run the statement prepared (``scoring/api/auth.py``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from dataclasses import dataclass
from functools import lru_cache

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from clubs.errors import ClubError
from clubs.models import ApiToken, Club, Membership

KEY_START = "tnc_"
TOUCH_EVERY = dt.timedelta(seconds=60)
#: The longest a token may be made to last (and the default).
LONGEST = dt.timedelta(days=366)


def key_hash(key: str) -> str:
    """The stored form of a key (SHA-256, hex)."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class IssuedToken:
    """A token just made, with its key: the only time the key is known."""

    token: ApiToken
    key: str


def made_with_token_message() -> str:
    """The refusal of a token asked for with a token (:func:`token_create_refusal`)."""
    return _(
        "A token cannot make tokens: make them on your “My account” page, logged in with "
        "your password (a token made with another token would keep working after that one "
        "is revoked)."
    )


def token_create_refusal(auth) -> str | None:
    """Why a request authenticated with ``auth`` (DRF's ``request.auth``) may not make a
    token, or None: tokens are made from a logged-in session only, never with a token, so
    that revoking a token leaves no token it made behind."""
    return made_with_token_message() if isinstance(auth, ApiToken) else None


@transaction.atomic
def token_create(*, user, name: str, expires: dt.datetime | None = None) -> IssuedToken:
    """A new token of ``user`` named ``name``, valid until ``expires`` (at most a year from
    now; a year when not given)."""
    now = timezone.now()
    name = name.strip()
    if not name:
        raise ClubError(_("Give the token a name, e.g. the phone or program that will use it."))
    expires = expires or now + LONGEST
    if expires <= now:
        raise ClubError(_("The expiry date must be in the future."))
    if expires > now + LONGEST:
        raise ClubError(_("A token can last at most a year."))
    key = KEY_START + secrets.token_urlsafe(30)
    token = ApiToken(
        user=user, name=name[:60], key_hash=key_hash(key), prefix=key[:12], expires=expires
    )
    token.full_clean()
    token.save()
    return IssuedToken(token, key)


@transaction.atomic
def token_revoke(*, token: ApiToken, by) -> ApiToken:
    """Revoke ``token`` (again: nothing changes). Its key is refused from now on."""
    if token.revoked is None:
        token.revoked, token.revoked_by = timezone.now(), by
        token.save(update_fields=["revoked", "revoked_by"])
    return token


def tokens_of(user) -> QuerySet[ApiToken]:
    """The user's tokens, newest first (revoked ones too, marked)."""
    return ApiToken.objects.filter(user=user).order_by("-created", "-pk")


def club_tokens(club: Club, *, on: dt.date) -> QuerySet[ApiToken]:
    """The unrevoked tokens of the club's members whose membership has not ended on ``on``,
    with their owner's member record (one query)."""
    users = Membership.objects.filter(club=club, valid_from__lte=on).filter(
        Q(valid_to__isnull=True) | Q(valid_to__gte=on)
    )
    return (
        ApiToken.objects.filter(revoked__isnull=True, user__member__in=users.values("member_id"))
        .select_related("user__member")
        .order_by("user__member__name", "-created", "-pk")
    )


def club_token(club: Club, token_id: int, *, on: dt.date) -> ApiToken | None:
    """One of :func:`club_tokens`, or None."""
    return club_tokens(club, on=on).filter(pk=token_id).first()


# --- authentication -------------------------------------------------------------------


@lru_cache(maxsize=4)
def _token_user_sql(vendor: str) -> str:
    user = get_user_model()
    q = connection.ops.quote_name
    tokens = q(ApiToken._meta.db_table)
    columns = ", ".join(f"u.{q(field.column)}" for field in user._meta.concrete_fields)
    found = f"{columns}, t.{q('id')}, t.{q('expires')}, t.{q('last_used')}"
    join = f" JOIN {q(user._meta.db_table)} u ON u.{q('id')} = t.{q('user_id')}"
    if vendor != "postgresql":
        return (
            f"SELECT {found} FROM {tokens} t{join}"
            f" WHERE t.{q('key_hash')} = %s AND t.{q('revoked')} IS NULL"
        )
    return (
        f"WITH t AS (SELECT {q('id')}, {q('user_id')}, {q('expires')}, {q('last_used')}"
        f" FROM {tokens} WHERE {q('key_hash')} = %s AND {q('revoked')} IS NULL),"
        # Records the use only when the recorded one is a minute old: no write otherwise.
        f" touched AS (UPDATE {tokens} SET {q('last_used')} = %s"
        f" WHERE {q('id')} = (SELECT {q('id')} FROM t)"
        f" AND ({q('last_used')} IS NULL OR {q('last_used')} < %s)"
        f" AND ({q('expires')} IS NULL OR {q('expires')} > %s) RETURNING 1)"
        f" SELECT {found} FROM t{join}"
    )


def _token_user_params(vendor: str, key: str, now: dt.datetime) -> list:
    if vendor != "postgresql":
        return [key_hash(key)]
    return [key_hash(key), now, now - TOUCH_EVERY, now]


def _converted(model, fields, values: list) -> list:
    """``values`` read for ``fields`` of ``model`` through each field's database converters
    (SQLite returns dates as text), as the ORM would convert them."""
    values = list(values)
    for index, field in enumerate(fields):
        column = field.get_col(model._meta.db_table)
        for convert in connection.ops.get_db_converters(column) + column.get_db_converters(
            connection
        ):
            values[index] = convert(values[index], column, connection)
    return values


def user_from_row(row) -> object:
    """The user of a row of every concrete column, as the ORM would build it."""
    model = get_user_model()
    values = _converted(model, model._meta.concrete_fields, row)
    return model.from_db(connection.alias, None, values)


_TOKEN_FIELDS = tuple(ApiToken._meta.get_field(name) for name in ("id", "expires", "last_used"))


class ApiTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>`` for a hashed :class:`~clubs.models.ApiToken`, in one
    statement (see the module). Refusals: unknown or revoked token ("Invalid token."),
    expired token, inactive user."""

    def cursor(self):
        """The cursor the statement runs on (the result-entry API prepares it)."""
        return connection.cursor()

    def authenticate_credentials(self, key):
        now = timezone.now()
        vendor = connection.vendor
        with self.cursor() as cursor:
            cursor.execute(_token_user_sql(vendor), _token_user_params(vendor, key, now))
            row = cursor.fetchone()
        if row is None:
            raise exceptions.AuthenticationFailed(gettext_lazy("Invalid token."))
        token_id, expires, last_used = _converted(ApiToken, _TOKEN_FIELDS, row[-3:])
        if expires is not None and expires <= now:
            raise exceptions.AuthenticationFailed(gettext_lazy("Token expired."))
        user = user_from_row(row[:-3])
        if not user.is_active:
            raise exceptions.AuthenticationFailed(gettext_lazy("User inactive or deleted."))
        if vendor != "postgresql" and (last_used is None or last_used < now - TOUCH_EVERY):
            ApiToken.objects.filter(pk=token_id).update(last_used=now)
        return user, ApiToken(pk=token_id, user=user, expires=expires, last_used=last_used)
