"""Whist drives: the evening, its players (no account needed), its tables with their entry
codes, the seating of each round as it was called, each table's entries with corrections,
and the cuts the MC recorded for tied prizes.

The rules stay in :mod:`engine.drives`: the seating of a round is stored when the MC calls
it (so a later correction changes scores, never who sat where), and the cards and prizes are
derived from the entries whenever they are read (``drives/selectors.py``).
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Correction, Member, User
from engine.drives.settings import DriveSettings


class DriveStatus(models.TextChoices):
    SETUP = "setup", _("Setting up")
    RUNNING = "running", _("Playing")
    FINISHED = "finished", _("Finished")


class RoleName(models.TextChoices):
    LADY = "lady", _("Lady")
    GENT = "gent", _("Gent")


class Drive(models.Model):
    """A whist drive: a club's, or a one-off public event run by its ``organiser``."""

    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.PROTECT, related_name="drives"
    )
    organiser = models.ForeignKey(
        User, on_delete=models.PROTECT, related_name="+", verbose_name=_("MC")
    )
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    settings = models.JSONField(_("settings"), default=dict, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=DriveStatus, default=DriveStatus.SETUP
    )
    tables = models.PositiveSmallIntegerField(_("tables"), null=True, blank=True)
    current_hand = models.PositiveSmallIntegerField(_("hand being played"), default=0)
    version = models.PositiveIntegerField(default=0)
    counts_for_ladder = models.BooleanField(_("counts for the club's drive ladder"), default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-pk"]
        verbose_name = _("whist drive")
        verbose_name_plural = _("whist drives")
        constraints = [
            models.CheckConstraint(
                condition=(Q(status=DriveStatus.SETUP) & Q(current_hand=0) & Q(tables__isnull=True))
                | (~Q(status=DriveStatus.SETUP) & Q(current_hand__gte=1) & Q(tables__gte=1)),
                name="drive_started_has_tables_and_a_hand",
            ),
            models.CheckConstraint(
                condition=Q(counts_for_ladder=False) | Q(club__isnull=False),
                name="drive_ladder_needs_a_club",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    def rules(self) -> DriveSettings:
        """The stored settings as the engine's value."""
        return DriveSettings.from_dict(self.settings)


class DrivePlayer(models.Model):
    """A player at a drive, typed at the door: a name and a seat role, maybe a member.

    ``token`` is the seat they hold (:mod:`engine.drives.movement`) from round
    ``first_round`` to ``last_round`` (None: to the end); a late arrival waits with no
    token until the next round is called."""

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="players")
    number = models.PositiveSmallIntegerField(_("card number"))
    name = models.CharField(_("name"), max_length=120)
    role = models.CharField(_("plays as"), max_length=4, choices=RoleName)
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.SET_NULL, related_name="drive_players"
    )
    token = models.PositiveSmallIntegerField(null=True, blank=True)
    first_round = models.PositiveSmallIntegerField(default=1)
    last_round = models.PositiveSmallIntegerField(null=True, blank=True)
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["drive", "number"]
        verbose_name = _("drive player")
        verbose_name_plural = _("drive players")
        constraints = [
            models.UniqueConstraint(fields=["drive", "number"], name="drive_player_number"),
            models.UniqueConstraint(
                fields=["drive", "member"],
                condition=Q(member__isnull=False),
                name="drive_member_once",
            ),
            models.CheckConstraint(condition=Q(first_round__gte=1), name="drive_player_round"),
            models.CheckConstraint(
                condition=Q(last_round__isnull=True) | Q(last_round__gte=F("first_round") - 1),
                name="drive_player_leaves_after_arriving",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class DriveTable(models.Model):
    """A table of a started drive and the code its phone enters hands with (no login)."""

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="table_rows")
    number = models.PositiveSmallIntegerField(_("table"))
    code = models.CharField(_("table code"), max_length=16, unique=True)

    class Meta:
        ordering = ["drive", "number"]
        verbose_name = _("drive table")
        verbose_name_plural = _("drive tables")
        constraints = [
            models.UniqueConstraint(fields=["drive", "number"], name="drive_table_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="drive_table_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.drive} — {self.number}"


class DriveRound(models.Model):
    """The seating of one round as it was called: ``seating[t-1]`` is table t's four seat
    tokens (lady A, gent A, lady B, gent B). A round called before every table had entered
    the last one is recomputed as their results come in (``winners``, ``waiting``)."""

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    seating = models.JSONField()
    #: the previous round's winners as the MC called this one ("A", "B"; None: a table that
    #: had not entered, its result filled in when it does) — empty for round 1
    winners = models.JSONField(default=list, blank=True)
    #: tables whose seating waits for such a missing result (see ``seating_after``)
    waiting = models.JSONField(default=list, blank=True)
    called_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["drive", "number"]
        constraints = [
            models.UniqueConstraint(fields=["drive", "number"], name="drive_round_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="drive_round_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.drive} — round {self.number}"


class EntryVia(models.TextChoices):
    TABLE = "table", _("the table's phone")
    MC = "mc", _("the MC")


class DriveEntry(models.Model):
    """A table's hand: each pair's tricks (13 between them; fewer for a hand stopped by the
    bell, when the drive's ``short_hands`` allows it)."""

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="entries")
    hand = models.PositiveSmallIntegerField(_("hand"))
    table = models.PositiveSmallIntegerField(_("table"))
    tricks_a = models.PositiveSmallIntegerField(_("pair A's tricks"))
    tricks_b = models.PositiveSmallIntegerField(_("pair B's tricks"))
    via = models.CharField(max_length=5, choices=EntryVia, default=EntryVia.TABLE)
    entered_by = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["drive", "hand", "table"]
        verbose_name = _("drive entry")
        verbose_name_plural = _("drive entries")
        constraints = [
            models.UniqueConstraint(fields=["drive", "hand", "table"], name="drive_entry_once"),
            models.CheckConstraint(
                condition=Q(tricks_a__lte=13) & Q(tricks_a__lte=13 - F("tricks_b")),
                name="drive_entry_at_most_thirteen_tricks",
            ),
            models.CheckConstraint(
                condition=Q(hand__gte=1) & Q(table__gte=1), name="drive_entry_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.drive} — hand {self.hand}, table {self.table}"


class DriveEntryCorrection(Correction):
    """A change of a table's entry by the MC: who, when, before, after and why."""

    entry = models.ForeignKey(DriveEntry, on_delete=models.CASCADE, related_name="corrections")

    class Meta(Correction.Meta):
        verbose_name = _("drive correction")
        verbose_name_plural = _("drive corrections")
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="drive_correction_has_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.entry} — {self.reason}"


class DriveCut(models.Model):
    """A cut for a tied prize: who was tied, who won the cut, who recorded it and when.
    The latest cut of a prize is the one that counts; earlier ones stay as the record."""

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="cuts")
    prize = models.PositiveSmallIntegerField(_("prize"))
    tied = models.JSONField(_("tied players"))
    winner = models.ForeignKey(DrivePlayer, on_delete=models.PROTECT, related_name="+")
    cut_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    cut_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["drive", "cut_at", "pk"]
        verbose_name = _("cut for a prize")
        verbose_name_plural = _("cuts for prizes")
        constraints = [
            models.CheckConstraint(condition=Q(prize__gte=1), name="drive_cut_prize_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.drive} — prize {self.prize}: {self.winner}"
