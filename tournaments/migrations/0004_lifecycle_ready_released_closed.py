"""The event's lifecycle gains its last states: draft → ready → running → finished →
released → closed. "scheduled" becomes "ready"; a finished event whose standings were
released becomes "released" (the flag is now the status)."""

from django.db import migrations, models


def forwards(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.filter(status="scheduled").update(status="ready")
    Tournament.objects.filter(status="finished", standings_released=True).update(status="released")


def backwards(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.filter(status="ready").update(status="scheduled")
    Tournament.objects.filter(status__in=["released", "closed"]).update(
        status="finished", standings_released=True
    )


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0003_compass_winners_two_or_one")]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="status",
            field=models.CharField(
                choices=[
                    ("draft", "Draft"),
                    ("ready", "Ready"),
                    ("running", "Running"),
                    ("finished", "Finished"),
                    ("released", "Released"),
                    ("closed", "Closed"),
                ],
                default="draft",
                max_length=12,
                verbose_name="status",
            ),
        ),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(model_name="tournament", name="standings_released"),
    ]
