"""Logins and what hangs off them: API tokens, invitations to log in, and the history of
roles in a club.

Imported at the end of :mod:`clubs.models` (Django finds models there); kept apart so that
module stays about the clubs and their games.

* :class:`ApiToken` — a member's key for the API, stored as its SHA-256 only (the key is
  shown once, when it is made); it can expire and be revoked; its last use is recorded at
  most once a minute (:mod:`clubs.tokens`).
* :class:`Invitation` — a one-time, expiring way for a member without a login to make one:
  a link by email or a printed code; only the code's SHA-256 is kept.
* :class:`RoleChange` — who gave, changed or ended a role in a club, when, before and after.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.choices import Role


class ApiToken(models.Model):
    """A named API key of one login (``Authorization: Token <key>``)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=60)
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(
        _("begins with"), max_length=12, editable=False, help_text=_("To recognise the key.")
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    expires = models.DateTimeField(_("expires"), null=True, blank=True)
    last_used = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked = models.DateTimeField(_("revoked"), null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="apitoken_has_name"),
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.name} ({self.prefix}…)"


class InvitationChannel(models.TextChoices):
    EMAIL = "email", _("Email")
    CODE = "code", _("Printed code")


class Invitation(models.Model):
    """An invitation from ``club`` to ``member`` (who has no login yet) to make one.

    Used once (``accepted``), before ``expires``, unless a secretary ``withdrawn`` it; a
    newer invitation of the same member leaves the older ones valid."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="invitations")
    member = models.ForeignKey("clubs.Member", on_delete=models.CASCADE, related_name="invitations")
    channel = models.CharField(_("sent as"), max_length=8, choices=InvitationChannel)
    email = models.EmailField(_("email"), blank=True)
    code_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    expires = models.DateTimeField(_("expires"))
    accepted = models.DateTimeField(_("accepted"), null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    withdrawn = models.DateTimeField(_("withdrawn"), null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        constraints = [
            models.CheckConstraint(
                condition=~Q(channel="email") | ~Q(email=""), name="invitation_email_has_address"
            ),
            models.CheckConstraint(
                condition=Q(accepted__isnull=True) | Q(withdrawn__isnull=True),
                name="invitation_accepted_or_withdrawn",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} → {self.member} ({self.get_channel_display()})"


class RoleAction(models.TextChoices):
    GRANTED = "granted", _("granted")
    CHANGED = "changed", _("changed")
    ENDED = "ended", _("ended")


class RoleChange(models.Model):
    """One change of a role in a club: who, when, the role before and after (JSON)."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="role_changes")
    member = models.ForeignKey(
        "clubs.Member", on_delete=models.CASCADE, related_name="role_changes"
    )
    membership = models.ForeignKey(
        "clubs.Membership", null=True, on_delete=models.SET_NULL, related_name="changes"
    )
    action = models.CharField(_("action"), max_length=8, choices=RoleAction)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"))
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    changed_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]
        verbose_name = _("role change")
        verbose_name_plural = _("role changes")

    def __str__(self) -> str:
        return f"{self.club}: {self.member} {self.action}"

    @staticmethod
    def _described(state: dict | None) -> str:
        if not state or "role" not in state:
            return ""
        role = Role(state["role"]).label if state["role"] in Role.values else state["role"]
        return f"{role} {state.get('from') or ''} – {state.get('to') or '…'}"

    @property
    def before_text(self) -> str:
        """The role before the change, e.g. "Secretary 2026-01-01 – …" ("" for none)."""
        return self._described(self.before)

    @property
    def after_text(self) -> str:
        """The role after the change ("" when it was removed)."""
        return self._described(self.after)
