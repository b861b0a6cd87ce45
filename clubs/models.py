"""Clubs, the people in them and their roles.

A :class:`Member` is a person (who may have no login); a :class:`Membership` gives a member a
role in one club for a period, so a person can belong to several clubs with different roles.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A login. Tenace's own user model from the first migration, so it can grow."""

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")


class RuleProfileName(models.TextChoices):
    SHORT = "short", _("Short whist (game 5, honours)")
    AMERICAN = "american", _("American whist (game 7, no honours)")
    LONG = "long", _("Long whist (game 9, honours)")
    DUPLICATE = "duplicate", _("Duplicate whist (every trick counts)")
    DUMMY = "dummy", _("Dummy whist (three players)")


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), max_length=60, unique=True)
    rule_profile = models.CharField(
        _("rule profile"), max_length=20, choices=RuleProfileName, default=RuleProfileName.SHORT
    )
    rule_overrides = models.JSONField(
        _("rule overrides"),
        default=dict,
        blank=True,
        help_text=_("Settings that differ from the rule profile, e.g. a game target of 10."),
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=[("en", _("English")), ("es", _("Spanish")), ("cs", _("Czech"))],
        default="en",
    )
    time_zone = models.CharField(_("time zone"), max_length=64, default="Europe/Madrid")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Member(models.Model):
    """A person: a player, with or without a login."""

    name = models.CharField(_("name"), max_length=120)
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    user = models.OneToOneField(
        User,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="member",
        verbose_name=_("login"),
    )
    clubs = models.ManyToManyField(Club, through="Membership", related_name="members")

    class Meta:
        ordering = ["name"]
        verbose_name = _("member")
        verbose_name_plural = _("members")

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    SECRETARY = "secretary", _("Secretary")
    ORGANISER = "organiser", _("Organiser")
    PLAYER = "player", _("Player")


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=12, choices=Role, default=Role.PLAYER)
    valid_from = models.DateField(_("from"))
    valid_to = models.DateField(_("to"), null=True, blank=True)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "member", "role", "valid_from"], name="membership_unique_start"
            ),
            models.CheckConstraint(
                condition=Q(valid_to__isnull=True) | Q(valid_to__gte=models.F("valid_from")),
                name="membership_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member} — {self.get_role_display()} — {self.club}"


class Season(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=80)
    starts = models.DateField(_("starts"))
    ends = models.DateField(_("ends"))

    class Meta:
        ordering = ["-starts"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_unique_name"),
            models.CheckConstraint(
                condition=Q(ends__gte=models.F("starts")), name="season_ends_after_start"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} — {self.name}"
