from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DrivesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "drives"
    verbose_name = _("Whist drives")

    def ready(self) -> None:
        from clubs.rulings import rulings_register
        from drives.rulings import RULINGS

        rulings_register(RULINGS)
