from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DrivesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "drives"
    verbose_name = _("Whist drives")
    # What the site layer (tenace.parts) collects from this app, as dotted paths.
    season_ladders = "drives.ladder.SEASON_LADDERS"
    demo_loader = "drives.demo.demo_load"

    def ready(self) -> None:
        from clubs.people import person_part_register
        from clubs.rulings import rulings_register
        from drives import people
        from drives.rulings import RULINGS

        rulings_register(RULINGS)
        person_part_register("drives", export=people.export, erase=people.erase)
