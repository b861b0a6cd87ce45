from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TenaceConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tenace"
    verbose_name = _("Tenace")
