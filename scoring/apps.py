from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        from clubs.people import person_part_register
        from scoring import people

        person_part_register(
            "results", export=people.export, erase=people.erase, merge=people.merge
        )
