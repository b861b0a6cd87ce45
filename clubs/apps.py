from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self) -> None:
        from clubs.ruling_texts import WHIST_RULINGS
        from clubs.rulings import rulings_register

        rulings_register(WHIST_RULINGS)
