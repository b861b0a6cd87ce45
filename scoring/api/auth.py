"""Token authentication for the result-entry API, in one plain statement.

DRF's ``TokenAuthentication`` reads the token and its user through the ORM; building that
query costs more than the database takes to answer it, and the table-side phones send a
token with every result. :class:`ResultTokenAuthentication` reads the same row (the user
whose token it is) with one plain SQL text and the model's own converters, and
refuses the same cases with the same messages (unknown token, inactive user). It is a
``TokenAuthentication`` subclass; the OpenAPI schema shows it as ``resultTokenAuth`` (the
same ``Authorization: Token <key>`` header).
"""

from __future__ import annotations

from functools import lru_cache

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from scoring.rows import prepared_cursor


@lru_cache(maxsize=4)
def _user_by_token_sql(vendor: str) -> str:
    user = get_user_model()
    quote = connection.ops.quote_name
    columns = ", ".join(f"u.{quote(field.column)}" for field in user._meta.concrete_fields)
    return (
        f"SELECT {columns} FROM {quote(user._meta.db_table)} u"
        f" JOIN {quote(Token._meta.db_table)} t ON t.{quote('user_id')} = u.{quote('id')}"
        f" WHERE t.{quote('key')} = %s"
    )


def _user_from_row(row):
    """The user of a row of every concrete column, through each field's own database
    converters (SQLite returns dates as text), as the ORM would build it."""
    model = get_user_model()
    values = list(row)
    for index, field in enumerate(model._meta.concrete_fields):
        column = field.get_col(model._meta.db_table)
        for convert in connection.ops.get_db_converters(column) + column.get_db_converters(
            connection
        ):
            values[index] = convert(values[index], column, connection)
    return model.from_db(connection.alias, None, values)


class ResultTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, answered with one query (see the module)."""

    def authenticate_credentials(self, key):
        with prepared_cursor() as cursor:
            cursor.execute(_user_by_token_sql(connection.vendor), [key])
            row = cursor.fetchone()
        user = None if row is None else _user_from_row(row)
        if user is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return user, Token(key=key, user=user)


class ResultTokenScheme(OpenApiAuthenticationExtension):
    """The schema's name for :class:`ResultTokenAuthentication`."""

    target_class = ResultTokenAuthentication
    name = "resultTokenAuth"

    def get_security_definition(self, auto_schema):
        return build_bearer_security_scheme_object(
            header_name="Authorization", token_prefix="Token"
        )
