"""Plain INSERT statements built from a model's own fields, for the result-entry hot path.

Saving a model through the ORM compiles its INSERT anew each time; at the rate phones post
results that compiling cost more than PostgreSQL took to store the rows (``bench/README``).
The statements here are built once per model and column list from the model's metadata
(table, columns, quoting) and filled with each field's own database conversion
(``get_db_prep_save``), so the model stays the one description of the table: a new column
with a default is written as the model says, and a renamed one fails loudly here.

* :func:`insert_row` — one row of any model, through a plain ``INSERT`` (both databases).
* :func:`insert_result_with_version` — a new result and its first version in **one**
  statement on PostgreSQL (ids taken from both sequences, so the result points at its
  version from the start; the foreign keys are checked at commit, as Django declares them
  deferrable). Elsewhere (SQLite) it saves through the ORM in three statements.

Neither runs model validation: callers validate (``full_clean``) first, as before.
"""

from __future__ import annotations

from functools import lru_cache

from django.db import connection, models

from scoring.models import Result, ResultVersion


def _columns(model: type[models.Model], skip: tuple[str, ...] = ()) -> list[models.Field]:
    return [
        field
        for field in model._meta.concrete_fields
        if not field.primary_key and field.attname not in skip
    ]


def _values(instance: models.Model, fields: list[models.Field]) -> list:
    return [
        field.get_db_prep_save(getattr(instance, field.attname), connection) for field in fields
    ]


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
    with connection.cursor() as cursor:
        cursor.execute(
            _insert_sql(type(instance), connection.vendor),
            _values(instance, _columns(type(instance))),
        )


_RESULT_SKIP = ("latest_version_id",)
_VERSION_SKIP = ("result_id",)


@lru_cache(maxsize=4)
def _result_and_version_sql(vendor: str) -> str:
    quote = connection.ops.quote_name
    result_table, version_table = Result._meta.db_table, ResultVersion._meta.db_table
    result_fields = _columns(Result, _RESULT_SKIP)
    version_fields = _columns(ResultVersion, _VERSION_SKIP)

    def listed(fields):
        return ", ".join(quote(field.column) for field in fields)

    def marks(fields):
        return ", ".join(["%s"] * len(fields))

    return (
        "WITH ids AS (SELECT"
        f" nextval(pg_get_serial_sequence('{result_table}', 'id')) AS result_id,"
        f" nextval(pg_get_serial_sequence('{version_table}', 'id')) AS version_id),"
        f" new_result AS (INSERT INTO {quote(result_table)}"
        f" (id, {quote('latest_version_id')}, {listed(result_fields)})"
        " VALUES ((SELECT result_id FROM ids), (SELECT version_id FROM ids),"
        f" {marks(result_fields)}) RETURNING id),"
        f" new_version AS (INSERT INTO {quote(version_table)}"
        f" (id, {quote('result_id')}, {listed(version_fields)})"
        " VALUES ((SELECT version_id FROM ids), (SELECT result_id FROM ids),"
        f" {marks(version_fields)}) RETURNING id)"
        " SELECT new_result.id, new_version.id FROM new_result, new_version"
    )


def insert_result_with_version(result: Result, version: ResultVersion) -> None:
    """Store a new ``result`` and its first ``version`` (which must not be saved yet) and
    link them; both get their ids. Raises ``IntegrityError`` as a save would."""
    if connection.vendor != "postgresql":
        result.save()
        version.result = result
        version.save()
        result.latest_version = version
        result.save(update_fields=["latest_version"])
        return
    params = [
        *_values(result, _columns(Result, _RESULT_SKIP)),
        *_values(version, _columns(ResultVersion, _VERSION_SKIP)),
    ]
    with connection.cursor() as cursor:
        cursor.execute(_result_and_version_sql(connection.vendor), params)
        result_id, version_id = cursor.fetchone()
    for row, pk in ((result, result_id), (version, version_id)):
        row.pk = pk
        row._state.adding = False
        row._state.db = connection.alias
    version.result = result
    result.latest_version = version
