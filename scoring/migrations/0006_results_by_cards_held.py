"""Results are stored by the cards held: at an arrow-switched table the pair seated EW
holds the North–South cards, so it is the result's ``ns``. Results stored before named
the pairs by their seats (the standings swapped them back; the travellers, score cards and
files did not): swap them. The tricks were already the North–South cards' tricks."""

from django.db import migrations


def swap_arrow_switched(apps, schema_editor):
    Result = apps.get_model("scoring", "Result")
    rows = Result.objects.filter(board_play__seating__arrow_switch=True).select_related(
        "board_play__seating"
    )
    for result in rows:
        seating = result.board_play.seating
        if (result.ns_id, result.ew_id) == (seating.ns_id, seating.ew_id):
            Result.objects.filter(pk=result.pk).update(ns_id=seating.ew_id, ew_id=seating.ns_id)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0005_release_emails"),
        ("tournaments", "0007_seating_arrow_switch"),
    ]

    operations = [migrations.RunPython(swap_arrow_switched, migrations.RunPython.noop)]
