from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from clubs.people import person_part_register
        from tournaments import people

        person_part_register(
            "tournaments", export=people.export, erase=people.erase, merge=people.merge
        )
