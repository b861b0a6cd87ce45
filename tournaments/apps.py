from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")
    # What the site layer (tenace.parts) collects from this app, as dotted paths.
    demo_loader = "tournaments.demo.demo_load"

    def ready(self) -> None:
        from clubs.people import person_part_register
        from clubs.rulings import rulings_register
        from tournaments import people
        from tournaments.ruling_texts import MOVEMENT_RULINGS, PBN_RULINGS

        rulings_register(MOVEMENT_RULINGS)
        rulings_register(PBN_RULINGS)
        person_part_register(
            "tournaments", export=people.export, erase=people.erase, merge=people.merge
        )
