"""Plain statements for the result-entry hot path, prepared by PostgreSQL.

Saving a model through the ORM compiles its INSERT anew each time, and PostgreSQL plans
every statement Django sends; at the rate phones post results both cost more than storing
the rows (``bench/README``). The statements here are built once per model from the model's
metadata (table, columns, quoting) and filled with each field's own database conversion
(``get_db_prep_save``, skipped for plain ints, strings and booleans), so the model stays
the one description of the table; they run through :func:`prepared_cursor`.

* :func:`prepared_cursor` — a Django cursor (queries logged, errors wrapped) whose
  statements PostgreSQL prepares once per connection; an ordinary cursor elsewhere.
* :func:`insert_row` — one row of any model, through a plain ``INSERT`` (both databases).
* :func:`insert_result_with_version` — a new result, its first version, their link and,
  optionally, the idempotency key that answers the request, in **one** statement on
  PostgreSQL (atomic by itself, so it needs no transaction; ids reserved with the schedule
  facts or taken from the sequences; the foreign keys are checked at commit, as Django
  declares them deferrable). Elsewhere (SQLite) the ORM saves them in the caller's
  transaction.

Neither runs model validation: callers validate (``full_clean``) first, as before.
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import lru_cache

import psycopg
from django.db import DEFAULT_DB_ALIAS, connection, connections, models

from scoring.models import IdempotencyKey, Result, ResultVersion


@lru_cache(maxsize=16)
def _columns(model: type[models.Model], skip: tuple[str, ...] = ()) -> tuple[models.Field, ...]:
    return tuple(
        field
        for field in model._meta.concrete_fields
        if not field.primary_key and field.attname not in skip
    )


#: Fields whose value needs no conversion when it is already a plain int, str, bool or
#: None (what the driver binds as it is): most of a result's columns. Anything else — JSON,
#: dates, or a value of another type — goes through the field's own ``get_db_prep_save``.
_PLAIN_FIELDS = (
    models.IntegerField,
    models.CharField,
    models.TextField,
    models.BooleanField,
    models.ForeignKey,
)
_PLAIN_VALUES = frozenset({int, str, bool, type(None)})


@lru_cache(maxsize=16)
def _plain(fields: tuple[models.Field, ...]) -> tuple[bool, ...]:
    return tuple(isinstance(field, _PLAIN_FIELDS) for field in fields)


def _values(instance: models.Model, fields: tuple[models.Field, ...]) -> list:
    db = connections[DEFAULT_DB_ALIAS]  # once, not through the proxy for every field
    values = []
    for field, plain in zip(fields, _plain(fields), strict=True):
        value = getattr(instance, field.attname)
        if not (plain and type(value) in _PLAIN_VALUES):
            value = field.get_db_prep_save(value, db)
        values.append(value)
    return values


@lru_cache(maxsize=16)
def _insert_sql(model: type[models.Model], vendor: str) -> str:
    quote = connection.ops.quote_name
    fields = _columns(model)
    columns = ", ".join(quote(field.column) for field in fields)
    marks = ", ".join(["%s"] * len(fields))
    return f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({marks})"


def insert_row(instance: models.Model) -> None:
    """Insert ``instance`` (a new row: its primary key is the database's) with one plain
    statement; the new key is not read back (callers that need it use the ORM)."""
    with prepared_cursor() as cursor:
        cursor.execute(
            _insert_sql(type(instance), connection.vendor),
            _values(instance, _columns(type(instance))),
        )


_RESULT_SKIP = ("latest_version_id",)
_VERSION_SKIP = ("result_id",)


@lru_cache(maxsize=4)
def _result_and_version_sql(vendor: str, with_key: bool) -> str:
    quote = connection.ops.quote_name
    result_table, version_table = Result._meta.db_table, ResultVersion._meta.db_table
    result_fields = _columns(Result, _RESULT_SKIP)
    version_fields = _columns(ResultVersion, _VERSION_SKIP)

    def listed(fields):
        return ", ".join(quote(field.column) for field in fields)

    def marks(fields):
        return ", ".join(["%s"] * len(fields))

    key = ""
    if with_key:
        key_fields = _columns(IdempotencyKey)
        key = (
            f", new_key AS (INSERT INTO {quote(IdempotencyKey._meta.db_table)}"
            f" ({listed(key_fields)}) VALUES ({marks(key_fields)}) RETURNING id)"
        )
    return (
        # The ids reserved with the schedule facts, else new ones.
        "WITH ids AS (SELECT"
        f" COALESCE(%s::bigint, nextval(pg_get_serial_sequence('{result_table}', 'id')))"
        " AS result_id,"
        f" COALESCE(%s::bigint, nextval(pg_get_serial_sequence('{version_table}', 'id')))"
        " AS version_id),"
        f" new_result AS (INSERT INTO {quote(result_table)}"
        f" (id, {quote('latest_version_id')}, {listed(result_fields)})"
        " VALUES ((SELECT result_id FROM ids), (SELECT version_id FROM ids),"
        f" {marks(result_fields)}) RETURNING id),"
        f" new_version AS (INSERT INTO {quote(version_table)}"
        f" (id, {quote('result_id')}, {listed(version_fields)})"
        " VALUES ((SELECT version_id FROM ids), (SELECT result_id FROM ids),"
        f" {marks(version_fields)}) RETURNING id){key}"
        " SELECT new_result.id, new_version.id"
        f" FROM new_result, new_version{', new_key' if with_key else ''}"
    )


def single_statement() -> bool:
    """Whether :func:`insert_result_with_version` writes in one statement (PostgreSQL),
    so that it needs no transaction of its own."""
    return connection.vendor == "postgresql"


def insert_result_with_version(
    result: Result, version: ResultVersion, key: IdempotencyKey | None = None
) -> None:
    """Store a new ``result`` and its first ``version`` (neither saved yet), linked, and
    the idempotency ``key`` row that answers the request, if any; all get their ids.

    On PostgreSQL this is one statement (atomic by itself), with the ids already on
    ``result`` and ``version`` (reserved with the schedule facts) or new ones; a ``key``
    needs reserved ids, since its answer names the result. Elsewhere the ORM writes them
    (the caller holds the transaction). Raises ``IntegrityError`` as a save would: a second
    result for the board play or the pair, or a key already stored."""
    if not single_statement():
        result.save()
        version.result = result
        version.save()
        result.latest_version = version
        result.save(update_fields=["latest_version"])
        if key is not None:
            insert_row(key)
        return
    if key is not None and (result.pk is None or version.pk is None):
        raise ValueError("a key is stored with a result only when its ids are reserved")
    params = [
        result.pk,
        version.pk,
        *_values(result, _columns(Result, _RESULT_SKIP)),
        *_values(version, _columns(ResultVersion, _VERSION_SKIP)),
        *(_values(key, _columns(IdempotencyKey)) if key is not None else ()),
    ]
    with prepared_cursor() as cursor:
        cursor.execute(_result_and_version_sql(connection.vendor, key is not None), params)
        result_id, version_id = cursor.fetchone()
    for row, pk in ((result, result_id), (version, version_id)):
        row.pk = pk
        row._state.adding = False
        row._state.db = connection.alias
    version.result = result
    result.latest_version = version


class _PreparingCursor(psycopg.Cursor):
    """Server-side binding, each statement prepared on its first execution."""

    def execute(self, query, params=None, *, prepare=True, binary=None):
        return super().execute(query, params, prepare=prepare, binary=binary)

    def _convert_query(self, query, params=None):
        # Keep the statement for Django's query log (psycopg leaves it unset when it runs
        # an already prepared statement): logged with its $1, $2 … placeholders.
        converted = super()._convert_query(query, params)
        self._query = converted
        return converted


@contextmanager
def prepared_cursor():
    """A Django cursor whose statements PostgreSQL plans once per connection.

    Django binds parameters on the client, so PostgreSQL parses and plans every statement
    afresh; for the schedule-facts join that planning cost several times the execution.
    On PostgreSQL this cursor binds on the server and prepares each statement on first use
    (psycopg keeps up to 100 per connection), so a connection that posts results plans
    each one only until PostgreSQL settles on its generic plan. Elsewhere it is an
    ordinary cursor. Queries are still logged and errors wrapped as Django's."""
    db = connections[DEFAULT_DB_ALIAS]
    if db.vendor != "postgresql":
        with db.cursor() as cursor:
            yield cursor
        return
    db.ensure_connection()
    with db.wrap_database_errors:
        raw = _PreparingCursor(db.connection)
    wrapped = db.make_debug_cursor(raw) if db.queries_logged else db.make_cursor(raw)
    with wrapped as cursor:
        yield cursor
