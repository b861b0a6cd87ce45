"""Standings snapshots compressed with LZ4 on PostgreSQL.

A snapshot of a 100-table section is about 700 KB of JSON, written a few times a second
while results arrive; PostgreSQL's default compression (pglz) took about 25 ms of its CPU
per snapshot, LZ4 about 4 ms (bench/README). Only where the server was built with LZ4
(``default_toast_compression`` lists it); elsewhere, and on SQLite, nothing changes.
Existing rows keep their compression; new rows use LZ4.
"""

from django.db import migrations

TABLE = "scoring_standingssnapshot"


def use_lz4(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'"
        )
        row = cursor.fetchone()
        if row and row[0]:
            cursor.execute(f"ALTER TABLE {TABLE} ALTER COLUMN data SET COMPRESSION lz4")


def use_default(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"ALTER TABLE {TABLE} ALTER COLUMN data SET COMPRESSION default")


class Migration(migrations.Migration):
    dependencies = [("scoring", "0001_initial")]

    operations = [migrations.RunPython(use_lz4, use_default)]
