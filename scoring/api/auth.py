"""Token authentication for the result-entry API, in one prepared statement.

:class:`clubs.tokens.ApiTokenAuthentication` reads the token (by the SHA-256 of its key)
and its user with one plain statement, recording the token's last use at most once a minute
inside that same statement on PostgreSQL. The table-side phones send a token with every
result, so :class:`ResultTokenAuthentication` runs that statement through
:func:`scoring.rows.prepared_cursor`: PostgreSQL prepares it once per connection. The
refusals are the same (unknown, revoked or expired token; inactive user). The OpenAPI schema
shows it as ``resultTokenAuth`` (the same ``Authorization: Token <key>`` header).
"""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object

from clubs.tokens import ApiTokenAuthentication
from scoring.rows import prepared_cursor


class ResultTokenAuthentication(ApiTokenAuthentication):
    """``Authorization: Token <key>``, answered with one prepared statement."""

    def cursor(self):
        return prepared_cursor()


class ResultTokenScheme(OpenApiAuthenticationExtension):
    """The schema's name for :class:`ResultTokenAuthentication`."""

    target_class = ResultTokenAuthentication
    name = "resultTokenAuth"

    def get_security_definition(self, auto_schema):
        return build_bearer_security_scheme_object(
            header_name="Authorization", token_prefix="Token"
        )
