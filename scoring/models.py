"""Results, their versions, the standings snapshots and the live-publishing state.

* :class:`Result` is the current result of one scheduled board play (one board, one pair
  meeting): NS tricks (EW have the rest) or an adjusted score or "not played". The database
  refuses a second result for the same board play and tricks outside 0–13.
* :class:`ResultVersion` is append-only: every change (recorded, confirmed, disputed,
  corrected, imported) adds a row with who, when, before, after and why. Nothing is deleted;
  ``Result.latest_version`` points at the newest row.
* A section's **data version** is the number of its result versions: every change adds one
  row in the same transaction, so the count only grows, and a consistent read sees exactly
  the results it counts (no shared counter row that every writer would queue on).
* :class:`SectionScoring` holds the data version the latest snapshot reflects
  (``published_version``); ``stale`` marks a section whose recompute could not be enqueued.
* :class:`StandingsSnapshot` is a computed standings document, written atomically with the
  data version it reflects; pages read snapshots, never results.
* :class:`IdempotencyKey` remembers the answer given to a request key, so a retry gets the
  same answer and never a second row.
* :class:`TableDevice` is a phone handed to one table of one section without a personal
  login (as a Bridgemate is): only hashes of its key and short code are stored; the results
  it enters or confirms name it in their versions.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ResultKind(models.TextChoices):
    PLAYED = "played", _("Played")
    ADJUSTED = "adjusted", _("Adjusted score")
    NOT_PLAYED = "not_played", _("Not played")


class Adjusted(models.TextChoices):
    AVERAGE_PLUS = "A+", _("Average plus")
    AVERAGE = "A", _("Average")
    AVERAGE_MINUS = "A-", _("Average minus")


class ResultStatus(models.TextChoices):
    ENTERED = "entered", _("Waiting for confirmation")
    CONFIRMED = "confirmed", _("Confirmed")
    DISPUTED = "disputed", _("Disputed")


class ResultSource(models.TextChoices):
    TABLE = "table", _("At the table")
    SECRETARY = "secretary", _("Secretary")
    IMPORT = "import", _("CSV import")
    API = "api", _("API")


class Result(models.Model):
    board_play = models.OneToOneField(
        "tournaments.BoardPlay", on_delete=models.PROTECT, related_name="result"
    )
    # Copied from the schedule so that standings read one table with no joins.
    section = models.ForeignKey(
        "tournaments.Section", on_delete=models.PROTECT, related_name="results"
    )
    board = models.ForeignKey("tournaments.Board", on_delete=models.PROTECT, related_name="+")
    board_number = models.PositiveSmallIntegerField(_("board"))
    round = models.PositiveSmallIntegerField(_("round"))
    table = models.PositiveSmallIntegerField(_("table"))
    ns = models.ForeignKey(
        "tournaments.Entry", on_delete=models.PROTECT, related_name="+", verbose_name=_("NS")
    )
    ew = models.ForeignKey(
        "tournaments.Entry", on_delete=models.PROTECT, related_name="+", verbose_name=_("EW")
    )
    kind = models.CharField(_("kind"), max_length=12, choices=ResultKind, default="played")
    ns_tricks = models.SmallIntegerField(_("NS tricks"), null=True, blank=True)
    # The tricks that count for NS after any revoke penalty (the engine's board score).
    ns_score = models.SmallIntegerField(_("NS tricks scored"), null=True, blank=True)
    adjusted_ns = models.CharField(_("NS adjusted"), max_length=2, choices=Adjusted, blank=True)
    adjusted_ew = models.CharField(_("EW adjusted"), max_length=2, choices=Adjusted, blank=True)
    play_record = models.TextField(_("play record"), blank=True)
    claim = models.CharField(_("claim"), max_length=8, blank=True, help_text=_("e.g. NS 3"))
    revoke_side = models.CharField(_("revoking side"), max_length=2, blank=True)
    revokes = models.PositiveSmallIntegerField(_("revokes"), default=0)
    status = models.CharField(
        _("status"), max_length=10, choices=ResultStatus, default=ResultStatus.ENTERED
    )
    source = models.CharField(_("source"), max_length=10, choices=ResultSource)
    contested_ns_tricks = models.SmallIntegerField(
        _("NS tricks according to EW"), null=True, blank=True
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(default=timezone.now)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # EW confirmed by typing their table's code (on NS's phone), not logged in as themselves.
    confirmed_by_code = models.BooleanField(_("confirmed with the table's code"), default=False)
    latest_version = models.ForeignKey(
        "ResultVersion", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["section", "board_number", "table"]
        verbose_name = _("result")
        verbose_name_plural = _("results")
        indexes = [models.Index(fields=["section", "status"], name="result_section_status")]
        constraints = [
            models.CheckConstraint(
                condition=Q(ns_tricks__isnull=True) | Q(ns_tricks__gte=0, ns_tricks__lte=13),
                name="result_tricks_0_13",
            ),
            models.CheckConstraint(
                condition=Q(ns_score__isnull=True) | Q(ns_score__gte=0, ns_score__lte=13),
                name="result_score_0_13",
            ),
            models.CheckConstraint(
                condition=~Q(kind="played") | Q(ns_tricks__isnull=False, ns_score__isnull=False),
                name="result_played_has_tricks",
            ),
            models.CheckConstraint(
                condition=Q(contested_ns_tricks__isnull=True)
                | Q(contested_ns_tricks__gte=0, contested_ns_tricks__lte=13),
                name="result_contested_0_13",
            ),
            models.UniqueConstraint(fields=["board", "ns"], name="result_board_once_per_ns"),
            models.UniqueConstraint(fields=["board", "ew"], name="result_board_once_per_ew"),
        ]

    def __str__(self) -> str:
        return f"board {self.board_number}, table {self.table}, round {self.round}"

    @property
    def ew_tricks(self) -> int | None:
        return None if self.ns_tricks is None else 13 - self.ns_tricks

    @property
    def ew_score(self) -> int | None:
        return None if self.ns_score is None else 13 - self.ns_score


class VersionAction(models.TextChoices):
    RECORDED = "recorded", _("Recorded")
    CONFIRMED = "confirmed", _("Confirmed")
    DISPUTED = "disputed", _("Disputed")
    CORRECTED = "corrected", _("Corrected")
    IMPORTED = "imported", _("Imported")


class ResultVersion(models.Model):
    """One change of a result; rows are only ever added."""

    result = models.ForeignKey(Result, on_delete=models.PROTECT, related_name="versions")
    # Copied from the result: a section's data version is its count of versions.
    section = models.ForeignKey(
        "tournaments.Section", on_delete=models.PROTECT, related_name="+", db_index=False
    )
    number = models.PositiveIntegerField(_("version"))
    action = models.CharField(_("action"), max_length=10, choices=VersionAction)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # The change was made with the table's confirmation code ("code at table T"), not a login.
    by_code = models.BooleanField(_("with the table's code"), default=False)
    at = models.DateTimeField(default=timezone.now)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField()
    reason = models.TextField(_("reason"), blank=True)
    #: The table device the change came from (no personal login: ``by`` is empty).
    device = models.ForeignKey(
        "TableDevice",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("table device"),
    )

    class Meta:
        ordering = ["result", "number"]
        verbose_name = _("result version")
        verbose_name_plural = _("result versions")
        indexes = [models.Index(fields=["section", "at"], name="result_version_section_at")]
        constraints = [
            models.UniqueConstraint(fields=["result", "number"], name="result_version_unique"),
            models.CheckConstraint(
                condition=~Q(action="corrected") | ~Q(reason=""), name="correction_has_reason"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.result} v{self.number} ({self.action})"


class ConfirmationCodeTries(models.Model):
    """Wrong EW confirmation codes typed for one table in one round
    (:mod:`scoring.confirmation`). At ``CODE_TRIES`` failures the code is locked
    (``locked_at``) until a director lifts the lock (``lifted_by``, ``lifted_at``)."""

    seating = models.OneToOneField(
        "tournaments.Seating", on_delete=models.CASCADE, related_name="code_tries"
    )
    failures = models.PositiveSmallIntegerField(_("wrong codes"), default=0)
    last_failure = models.DateTimeField(_("last wrong code"), null=True, blank=True)
    locked_at = models.DateTimeField(_("locked"), null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    lifted_at = models.DateTimeField(_("lock lifted"), null=True, blank=True)

    class Meta:
        verbose_name = _("wrong confirmation codes")
        verbose_name_plural = _("wrong confirmation codes")
        indexes = [
            models.Index(
                fields=["locked_at"],
                condition=Q(locked_at__isnull=False),
                name="code_tries_locked",
            )
        ]

    def __str__(self) -> str:
        return f"{self.seating}: {self.failures}"


class SectionScoring(models.Model):
    """How far a section's results and its published standings have got."""

    section = models.OneToOneField(
        "tournaments.Section", on_delete=models.CASCADE, primary_key=True, related_name="scoring"
    )
    published_version = models.PositiveBigIntegerField(default=0)
    stale = models.BooleanField(default=False)
    stale_since = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("section scoring state")
        verbose_name_plural = _("section scoring states")
        indexes = [models.Index(fields=["stale"], name="section_scoring_stale")]

    def __str__(self) -> str:
        return f"{self.section_id}: v{self.published_version}"


class StandingsSnapshot(models.Model):
    """The standings of a section as of ``version`` (its ``data_version`` when computed)."""

    section = models.ForeignKey(
        "tournaments.Section", on_delete=models.CASCADE, related_name="standings_snapshots"
    )
    version = models.PositiveBigIntegerField()
    created = models.DateTimeField(default=timezone.now)
    data = models.JSONField()

    class Meta:
        ordering = ["section", "-version"]
        verbose_name = _("standings snapshot")
        verbose_name_plural = _("standings snapshots")
        constraints = [
            models.UniqueConstraint(fields=["section", "version"], name="snapshot_unique_version")
        ]

    def __str__(self) -> str:
        return f"section {self.section_id} v{self.version}"


class IdempotencyKey(models.Model):
    """The answer given to one request key of one user (a retry gets the same answer)."""

    key = models.CharField(max_length=100)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    fingerprint = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    body = models.JSONField()
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("idempotency key")
        verbose_name_plural = _("idempotency keys")
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_unique_key")
        ]

    def __str__(self) -> str:
        return self.key


class TableDevice(models.Model):
    """A phone left at ``table`` of ``section`` for the evening: it enters and confirms that
    table's results, nothing else, until it is revoked. Its key (in the QR code) and its
    short code are shown once, when it is made; only their hashes are kept."""

    section = models.ForeignKey(
        "tournaments.Section", on_delete=models.CASCADE, related_name="table_devices"
    )
    table = models.PositiveSmallIntegerField(_("table"))
    key_hash = models.CharField(max_length=64, unique=True)
    code_hash = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(_("created"), default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    last_used = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked = models.DateTimeField(_("revoked"), null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["section", "table", "-created"]
        verbose_name = _("table device")
        verbose_name_plural = _("table devices")
        constraints = [
            models.CheckConstraint(condition=Q(table__gte=1), name="table_device_table_positive")
        ]

    def __str__(self) -> str:
        return _("Device at table %(table)s") % {"table": self.table}


class ReleaseEmailStatus(models.TextChoices):
    QUEUED = "queued", _("Waiting to be sent")
    SENT = "sent", _("Sent")
    FAILED = "failed", _("Failed")
    UNCHANGED = "unchanged", _("Not sent: same result as the last email")
    NO_ADDRESS = "no_address", _("Not sent: no email address or no login")
    OPTED_OUT = "opted_out", _("Not sent: turned off by the player")
    WITHHELD = "withheld", _("Not sent: the results were held back first")


class ReleaseEmail(models.Model):
    """The results email of one release (a :class:`~tournaments.models.StatusChange` to
    released) to one player: at most one per release and person (the database refuses a
    second), so re-running the job sends nothing twice. ``figures`` is what the email
    tells (place, percentage, total per section; the event's) — a later release emails the
    player again only when they differ. Rows of players who are not emailed say why."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="release_emails"
    )
    release = models.ForeignKey(
        "tournaments.StatusChange", on_delete=models.CASCADE, related_name="release_emails"
    )
    member = models.ForeignKey(
        "clubs.Member", on_delete=models.CASCADE, related_name="release_emails"
    )
    address = models.EmailField(_("email"), blank=True)
    language = models.CharField(_("language"), max_length=8)
    status = models.CharField(_("status"), max_length=12, choices=ReleaseEmailStatus)
    figures = models.JSONField(_("result"), default=dict)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    error = models.CharField(_("last error"), max_length=300, blank=True)
    created = models.DateTimeField(_("created"), default=timezone.now)
    sent_at = models.DateTimeField(_("sent"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "-release", "member__name", "pk"]
        verbose_name = _("results email")
        verbose_name_plural = _("results emails")
        constraints = [
            models.UniqueConstraint(fields=["release", "member"], name="release_email_once"),
            models.CheckConstraint(
                condition=~Q(status="sent") | Q(sent_at__isnull=False),
                name="release_email_sent_has_time",
            ),
            models.CheckConstraint(
                condition=~Q(status__in=["queued", "sent", "failed"]) | ~Q(address=""),
                name="release_email_sent_has_address",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.release_id} → {self.member_id}: {self.status}"
