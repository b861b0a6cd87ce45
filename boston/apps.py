from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BostonConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "boston"
    verbose_name = _("Boston")
    # What the site layer (tenace.parts) collects from this app, as dotted paths.
    season_ladders = "boston.ladder.SEASON_LADDERS"
    demo_loader = "boston.demo.demo_load"

    def ready(self) -> None:
        from boston.ruling_texts import BOSTON_RULINGS
        from clubs.rulings import rulings_register

        rulings_register(BOSTON_RULINGS)

        from boston import people
        from clubs.people import person_part_register

        person_part_register("boston", export=people.export, erase=people.erase)
