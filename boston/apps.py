from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BostonConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "boston"
    verbose_name = _("Boston")

    def ready(self) -> None:
        from boston import people
        from clubs.people import person_part_register

        person_part_register("boston", export=people.export, erase=people.erase)
