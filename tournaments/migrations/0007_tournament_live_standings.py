"""Live standings during play (issue #23): a setting per event. Events that exist keep
what they had (hidden until the release); new events show them to their players."""

import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0006_tournament_directors'),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='live_hidden_rounds',
            field=models.PositiveSmallIntegerField(default=2, help_text='With “except the last rounds”: the standings shown during play count only the rounds before the last ones.', validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(20)], verbose_name='rounds hidden at the end'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='live_standings',
            field=models.CharField(choices=[('players', "Shown live to the event's players"), ('everyone', 'Shown live to everyone'), ('hidden', 'Hidden until the release'), ('hide_last', "Shown live to the event's players, except the last rounds")], default='hidden', max_length=10, verbose_name='standings during play'),
        ),
        migrations.AlterField(
            model_name='tournament',
            name='live_standings',
            field=models.CharField(choices=[('players', "Shown live to the event's players"), ('everyone', 'Shown live to everyone'), ('hidden', 'Hidden until the release'), ('hide_last', "Shown live to the event's players, except the last rounds")], default='players', max_length=10, verbose_name='standings during play'),
        ),
    ]
