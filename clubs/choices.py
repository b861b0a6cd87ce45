"""The roles a member holds in a club, in a module of their own so that every models module
can name them without importing another (``clubs.models`` re-exports them)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    SECRETARY = "secretary", _("Secretary")
    ORGANISER = "organiser", _("Organiser")
    PLAYER = "player", _("Player")
