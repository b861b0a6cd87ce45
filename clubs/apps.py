from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self) -> None:
        from clubs import people_parts
        from clubs.people import person_part_register
        from clubs.ruling_texts import WHIST_RULINGS
        from clubs.rulings import rulings_register

        rulings_register(WHIST_RULINGS)

        person_part_register(
            "club_nights",
            export=people_parts.club_nights_export,
            erase=people_parts.club_nights_erase,
        )
