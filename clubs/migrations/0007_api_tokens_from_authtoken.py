"""API tokens made before tokens were hashed (DRF's ``authtoken`` table, keys in plain
text) become hashed :class:`clubs.ApiToken` rows that keep working, expiring a year from
now; the plain keys are then deleted from the old table. Nothing to do where that table
never existed."""

import datetime as dt
import hashlib

from django.db import migrations
from django.utils import timezone

OLD_TABLE = "authtoken_token"


def hash_old_tokens(apps, schema_editor):
    connection = schema_editor.connection
    if OLD_TABLE not in connection.introspection.table_names():
        return
    ApiToken = apps.get_model("clubs", "ApiToken")
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {quote('key')}, {quote('user_id')} FROM {quote(OLD_TABLE)}")
        rows = cursor.fetchall()
    expires = timezone.now() + dt.timedelta(days=365)
    ApiToken.objects.bulk_create(
        ApiToken(
            user_id=user_id,
            name="API token",
            key_hash=hashlib.sha256(key.encode("utf-8")).hexdigest(),
            prefix=key[:8],
            expires=expires,
        )
        for key, user_id in rows
    )
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {quote(OLD_TABLE)}")


class Migration(migrations.Migration):
    dependencies = [("clubs", "0006_accounts_tokens_invitations_role_history")]

    operations = [migrations.RunPython(hash_old_tokens, migrations.RunPython.noop)]
