from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self) -> None:
        from django.db import models
        from rest_framework.serializers import ModelSerializer

        from clubs import people_parts
        from clubs.api.inputs import DateField, DateTimeField
        from clubs.people import person_part_register
        from clubs.ruling_texts import WHIST_RULINGS
        from clubs.rulings import rulings_register

        rulings_register(WHIST_RULINGS)
        # Every model serializer's dates are read with ASCII digits only (clubs.api.inputs).
        ModelSerializer.serializer_field_mapping[models.DateField] = DateField
        ModelSerializer.serializer_field_mapping[models.DateTimeField] = DateTimeField

        person_part_register(
            "club_nights",
            export=people_parts.club_nights_export,
            erase=people_parts.club_nights_erase,
        )
