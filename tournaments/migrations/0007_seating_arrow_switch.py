"""A seating knows whether the movement arrow-switches it (the pair seated NS then holds
the East–West cards); existing schedules take it from their movement's JSON."""

from django.db import migrations, models


def arrow_switch_from_movement(apps, schema_editor):
    Section = apps.get_model("tournaments", "Section")
    Seating = apps.get_model("tournaments", "Seating")
    for section in Section.objects.exclude(movement={}).only("pk", "movement"):
        for round_ in (section.movement or {}).get("rounds", []):
            tables = [t["table"] for t in round_.get("tables", []) if t.get("arrow_switch")]
            if tables:
                Seating.objects.filter(
                    section_id=section.pk, round=round_["round"], table__in=tables
                ).update(arrow_switch=True)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0006_tournament_directors")]

    operations = [
        migrations.AddField(
            model_name="seating",
            name="arrow_switch",
            field=models.BooleanField(default=False, verbose_name="arrow switch"),
        ),
        migrations.RunPython(arrow_switch_from_movement, migrations.RunPython.noop),
    ]
