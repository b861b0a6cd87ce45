from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class VariantsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "variants"
    verbose_name = _("The whist family")

    def ready(self) -> None:
        from clubs.rulings import rulings_register
        from variants.rulings import RULINGS

        rulings_register(RULINGS)
