from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class VariantsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "variants"
    verbose_name = _("The whist family")
    # What the site layer (tenace.parts) collects from this app, as dotted paths.
    season_ladders = "variants.ladder.SEASON_LADDERS"
    demo_loader = "variants.demo.demo_load"

    def ready(self) -> None:
        from clubs.people import person_part_register
        from clubs.rulings import rulings_register
        from variants import people
        from variants.rulings import RULINGS

        rulings_register(RULINGS)
        person_part_register("whist_family", export=people.export, erase=people.erase)
