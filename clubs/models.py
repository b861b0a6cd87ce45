"""Clubs, the people in them and their roles.

A :class:`Member` is a person (who may have no login); a :class:`Membership` gives a member a
role in one club for a period, so a person can belong to several clubs with different roles.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import Q
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.choices import Role


class User(AbstractUser):
    """A login. Tenace's own user model from the first migration, so it can grow.

    ``session_generation`` is part of what every session of the user is signed with:
    raising it logs the user out everywhere (:func:`clubs.accounts.sessions_end_all`)."""

    session_generation = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")

    def _get_session_auth_hash(self, secret=None):
        key_salt = "django.contrib.auth.models.AbstractBaseUser.get_session_auth_hash"
        value = self.password
        if self.session_generation:
            value = f"{value}:{self.session_generation}"
        return salted_hmac(key_salt, value, secret=secret, algorithm="sha256").hexdigest()


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
    """A person: a player, with or without a login.

    The name and contact details are the person's own (``docs/club-secretary.md``): once
    they have a login only they change them; a club sees the contact details only while a
    membership there has not ended. ``erased`` is set when the person asked to be erased:
    the name is then a pseudonym and the contact details are gone."""

    name = models.CharField(_("name"), max_length=120)
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    erased = models.DateTimeField(_("erased"), null=True, blank=True, editable=False)
    erased_by = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", editable=False
    )
    user = models.OneToOneField(
        User,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="member",
        verbose_name=_("login"),
    )
    clubs = models.ManyToManyField(Club, through="Membership", related_name="members")
    # The person's own choices (My account): results emailed at each release, and the
    # language of the emails Tenace sends by itself (blank: the club's language).
    results_by_email = models.BooleanField(
        _("email me my results"),
        default=True,
        help_text=_("When an event's results are released: your place, percentage and score card."),
    )
    language = models.CharField(
        _("language of my emails"),
        max_length=8,
        blank=True,
        choices=[("en", "English"), ("es", "Español"), ("cs", "Čeština")],
        help_text=_("Empty: the club's language."),
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("member")
        verbose_name_plural = _("members")

    def __str__(self) -> str:
        return self.name


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
    count_best = models.PositiveSmallIntegerField(
        _("count the best"),
        null=True,
        blank=True,
        help_text=_("Count only each member's best N results; leave empty to count them all."),
    )
    min_attendance = models.PositiveSmallIntegerField(
        _("minimum attendance"),
        default=1,
        help_text=_("Members with fewer results than this are left off the ladder."),
    )

    class Meta:
        ordering = ["-starts"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_unique_name"),
            models.CheckConstraint(
                condition=Q(ends__gte=models.F("starts")), name="season_ends_after_start"
            ),
            models.CheckConstraint(
                condition=Q(count_best__isnull=True) | Q(count_best__gte=1),
                name="season_count_best_positive",
            ),
            models.CheckConstraint(
                condition=Q(min_attendance__gte=1), name="season_min_attendance_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} — {self.name}"


class SeatName(models.TextChoices):
    NORTH = "N", _("North")
    EAST = "E", _("East")
    SOUTH = "S", _("South")
    WEST = "W", _("West")


class SideName(models.TextChoices):
    NS = "NS", _("North–South")
    EW = "EW", _("East–West")


class TrumpName(models.TextChoices):
    SPADES = "S", pgettext_lazy("suit", "Spades")
    HEARTS = "H", pgettext_lazy("suit", "Hearts")
    DIAMONDS = "D", pgettext_lazy("suit", "Diamonds")
    CLUBS = "C", pgettext_lazy("suit", "Clubs")


class RevokePenaltyName(models.TextChoices):
    TAKE_TRICKS = "take_tricks", _("Take three tricks")
    DEDUCT = "deduct", _("Deduct three points")
    ADD = "add", _("Add three points")


class ClubNight(models.Model):
    """An evening of rubber whist at a club, under the club's profile with overrides."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="club_nights")
    date = models.DateField(_("date"))
    rule_profile = models.CharField(_("rule profile"), max_length=20, choices=RuleProfileName)
    rule_overrides = models.JSONField(_("rule overrides"), default=dict, blank=True)

    class Meta:
        ordering = ["-date", "pk"]
        verbose_name = _("club night")
        verbose_name_plural = _("club nights")

    def __str__(self) -> str:
        return f"{self.club} — {self.date}"


class RubberTable(models.Model):
    """A table at a club night: four members (or three, with dummy) playing rubbers.

    At a dummy table (``dummy``) the three members sit South, West and East for rubber 1 in
    the order they cut (South holds Dummy first); Dummy sits North (:mod:`engine.dummy`).
    """

    club_night = models.ForeignKey(ClubNight, on_delete=models.PROTECT, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    dummy = models.BooleanField(_("dummy whist (three players)"), default=False)

    class Meta:
        ordering = ["club_night", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(
                fields=["club_night", "number"], name="clubs_table_unique_number"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="clubs_table_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.club_night} — {self.number}"


class TableSeat(models.Model):
    """Who sits where at a table for its first rubber (later rubbers come from the rotation)."""

    table = models.ForeignKey(RubberTable, on_delete=models.PROTECT, related_name="seats")
    seat = models.CharField(_("seat"), max_length=1, choices=SeatName)
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="table_seats")
    guest = models.BooleanField(
        _("guest"), default=False, help_text=_("A guest, not a member of the club.")
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="clubs_seat_unique_at_table"),
            models.UniqueConstraint(fields=["table", "member"], name="clubs_member_once_at_table"),
        ]

    def __str__(self) -> str:
        return f"{self.table} — {self.seat}: {self.member}"


class RubberRecord(models.Model):
    """One rubber played at a table (1, 2 or 3 of a three-rubber match)."""

    table = models.ForeignKey(RubberTable, on_delete=models.PROTECT, related_name="rubbers")
    number = models.PositiveSmallIntegerField(_("rubber"))
    first_dealer = models.CharField(_("first dealer"), max_length=1, choices=SeatName)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("rubber")
        verbose_name_plural = _("rubbers")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="clubs_rubber_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="clubs_rubber_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.table} — rubber {self.number}"


class HandRecord(models.Model):
    """One hand as entered: tricks per side, honours held, a revoke and its elected penalty."""

    rubber = models.ForeignKey(RubberRecord, on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    dealer = models.CharField(_("dealer"), max_length=1, choices=SeatName)
    ns_tricks = models.PositiveSmallIntegerField(_("tricks won by North–South"))
    honours_side = models.CharField(
        _("honours held by"), max_length=2, choices=SideName, blank=True
    )
    honours_count = models.PositiveSmallIntegerField(_("honours held"), default=0)
    revoke_side = models.CharField(_("revoke by"), max_length=2, choices=SideName, blank=True)
    revoke_penalty = models.CharField(
        _("penalty elected"), max_length=12, choices=RevokePenaltyName, blank=True
    )
    revoke_by_dummy = models.BooleanField(_("revoke from dummy's hand"), default=False)
    other_revoke_penalty = models.CharField(
        _("penalty for the other side's revoke"),
        max_length=12,
        choices=RevokePenaltyName,
        blank=True,
        help_text=_(
            "Both sides revoked: the penalty elected against the other side. The night's "
            "both_revoke setting decides the hand (neither wins the game, or a new deal)."
        ),
    )
    deal = models.CharField(
        _("deal"),
        max_length=80,
        blank=True,
        help_text=_("The four hands as a PBN deal, when entered; honours are computed from it."),
    )
    trump = models.CharField(_("trumps"), max_length=1, choices=TrumpName, blank=True)
    entered_by = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["rubber", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(fields=["rubber", "number"], name="clubs_hand_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="clubs_hand_number_positive"),
            models.CheckConstraint(
                condition=Q(ns_tricks__lte=13),
                name="clubs_hand_tricks_in_range",
                violation_error_message=_(
                    "A hand has 13 tricks: North–South cannot have won more than 13 (ns_tricks)."
                ),
            ),
            models.CheckConstraint(
                condition=(Q(honours_side="") & Q(honours_count=0))
                | (~Q(honours_side="") & Q(honours_count__gte=3) & Q(honours_count__lte=4)),
                name="clubs_hand_honours_three_or_four",
                violation_error_message=_(
                    "Honours: give the side that held them (honours_side NS or EW) with 3 or 4 "
                    "(honours_count), or no side and 0."
                ),
            ),
            models.CheckConstraint(
                condition=(Q(revoke_side="") & Q(revoke_penalty=""))
                | (~Q(revoke_side="") & ~Q(revoke_penalty="")),
                name="clubs_hand_revoke_has_penalty",
                violation_error_message=_(
                    "Revoke: give the revoking side (revoke_side) with its penalty "
                    "(revoke_penalty), or neither."
                ),
            ),
            models.CheckConstraint(
                condition=Q(other_revoke_penalty="") | ~Q(revoke_side=""),
                name="clubs_hand_both_revoke_has_a_first",
                violation_error_message=_(
                    "Both sides revoked: give the first revoking side (revoke_side) and its "
                    "penalty as well as the other side's penalty (other_revoke_penalty)."
                ),
            ),
            models.CheckConstraint(
                condition=Q(revoke_by_dummy=False) | ~Q(revoke_side=""),
                name="clubs_hand_dummy_revoke_has_side",
                violation_error_message=_(
                    "A revoke by Dummy (revoke_by_dummy) needs the revoking side (revoke_side)."
                ),
            ),
            models.CheckConstraint(
                condition=(Q(deal="") & Q(trump="")) | (~Q(deal="") & ~Q(trump="")),
                name="clubs_hand_deal_has_trump",
                violation_error_message=_(
                    "A deal needs its trump suit (trump), and a trump its deal."
                ),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.rubber} — hand {self.number}"


class Correction(models.Model):
    """What every kept correction records: who, when, before and after (JSON), and why.
    Concrete corrections add the corrected row and a constraint that the reason is given."""

    corrected_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    corrected_at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField(_("before"))
    after = models.JSONField(_("after"))
    reason = models.TextField(_("reason"))

    class Meta:
        abstract = True
        ordering = ["corrected_at", "pk"]

    def __str__(self) -> str:
        return f"{self.hand} — {self.reason}"


class HandCorrection(Correction):
    """An amendment of a hand: who, when, the hand before and after (JSON), and why."""

    hand = models.ForeignKey(HandRecord, on_delete=models.PROTECT, related_name="corrections")

    class Meta(Correction.Meta):
        verbose_name = _("correction")
        verbose_name_plural = _("corrections")
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="clubs_correction_has_reason"),
        ]


# Logins, tokens, invitations and role history live in their own module (imported here so
# Django registers them with the clubs app).
from clubs.models_accounts import (  # noqa: E402, F401
    ApiToken,
    Invitation,
    InvitationChannel,
    RoleAction,
    RoleChange,
)
