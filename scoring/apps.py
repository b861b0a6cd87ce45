from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        from clubs.idempotency import idempotency_register
        from scoring.idempotency import idempotent_call

        idempotency_register(idempotent_call)
