"""A board set's default name no longer repeats its seed (issue #22): every set still named
"Boards from seed …" (in English, Spanish or Czech, as it was dealt) is renamed to how many
boards it has and when it was dealt, in the same language. Names a person chose are kept."""

from django.db import migrations
from django.utils import translation
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import ngettext

#: The former default name, by the language the set was dealt in.
FORMER_NAMES = {
    "en": "Boards from seed {seed}",
    "es": "Tableros de la semilla {seed}",
    "cs": "Rozdání ze semínka {seed}",
}


def _language_of_default_name(board_set) -> str | None:
    for language, pattern in FORMER_NAMES.items():
        former = pattern.format(seed=board_set.seed)
        if board_set.name in (former, former[:80]):
            return language
    return None


def rename(apps, schema_editor) -> None:
    BoardSet = apps.get_model("tournaments", "BoardSet")
    for board_set in BoardSet.objects.exclude(seed="").iterator():
        language = _language_of_default_name(board_set)
        if language is None:
            continue
        count = board_set.boards.count()
        with translation.override(language):
            board_set.name = ngettext(
                "%(count)s board dealt %(when)s", "%(count)s boards dealt %(when)s", count
            ) % {
                "count": count,
                "when": date_format(localtime(board_set.created), "SHORT_DATETIME_FORMAT"),
            }
        board_set.save(update_fields=["name"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_board_set_dealing"),
    ]

    operations = [migrations.RunPython(rename, migrations.RunPython.noop)]
