"""Board sets say how their seed deals them (issue #22): every set stored before this
migration was dealt from its seed alone ("seed"); sets dealt from now on, from the seed with
the site's deal secret ("keyed", the new default). The stored deals do not change."""

from django.db import migrations, models

CHOICES = [
    ("seed", "The seed alone (sets dealt before the deal secret)"),
    ("keyed", "The seed with the site's deal secret"),
]


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_tournament_directors"),
    ]

    operations = [
        # Existing rows: dealt from the seed alone.
        migrations.AddField(
            model_name="boardset",
            name="dealing",
            field=models.CharField(
                choices=CHOICES,
                default="seed",
                help_text="How the seed deals the boards again",
                max_length=5,
                verbose_name="dealing",
            ),
        ),
        # New rows: with the deal secret.
        migrations.AlterField(
            model_name="boardset",
            name="dealing",
            field=models.CharField(
                choices=CHOICES,
                default="keyed",
                help_text="How the seed deals the boards again",
                max_length=5,
                verbose_name="dealing",
            ),
        ),
    ]
