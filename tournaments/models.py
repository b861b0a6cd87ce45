"""Duplicate whist events: tournaments, sessions, sections, entries, board sets and schedules.

A :class:`Tournament` has sessions; a :class:`Session` has sections; a :class:`Section` plays
one movement (stored as its JSON, see ``tournaments/movements``) on one :class:`BoardSet`.
The schedule is saved as rows — :class:`Seating` (who sits where in each round) and
:class:`BoardPlay` (which boards they play there) — so that a result can be checked against
"this board is scheduled at that table in that round for those entries".
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Member, Season
from tournaments.seats import pairs_by_cards


class TrumpScheme(models.TextChoices):
    HDSC = "hdsc", _("Hearts, diamonds, spades, clubs (fixed rotation)")
    NT_SHDC = "nt_shdc", _("No trumps, then spades, hearts, diamonds, clubs")
    TURNED = "turned", _("The dealer's last card, turned")


class ScoringMethod(models.TextChoices):
    MATCHPOINTS = "matchpoints", _("Matchpoints")
    COMPASS = "compass", _("Plus or minus the average (compass)")
    TOTAL_TRICKS = "total_tricks", _("Total tricks")
    TEAMS = "teams", _("Teams: plus or minus the average")


class CompassWinners(models.TextChoices):
    """Compass (rules.md §7): a winner for each direction, or one for the event."""

    TWO = "two", _("Two winners: North–South and East–West ranked apart")
    ONE = "one", _("One winner: every pair against its own direction's average, ranked together")


class LiveStandings(models.TextChoices):
    """Who follows the standings during play, before the directors release them (the rule:
    :func:`scoring.standings_sight.standings_sight`)."""

    PLAYERS = "players", _("Shown live to the event's players")
    EVERYONE = "everyone", _("Shown live to everyone")
    HIDDEN = "hidden", _("Hidden until the release")
    HIDE_LAST = "hide_last", _("Shown live to the event's players, except the last rounds")


class TournamentStatus(models.TextChoices):
    """An event's lifecycle: draft → ready → running → finished → released → closed."""

    DRAFT = "draft", _("Draft")
    READY = "ready", _("Ready")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")
    RELEASED = "released", _("Released")
    CLOSED = "closed", _("Closed")


#: The status changes an organiser may make (the guards are in
#: :func:`tournaments.services.events.tournament_set_status`).
STATUS_TRANSITIONS: dict[str, frozenset[str]] = {
    TournamentStatus.DRAFT: frozenset({TournamentStatus.READY}),
    TournamentStatus.READY: frozenset({TournamentStatus.DRAFT, TournamentStatus.RUNNING}),
    TournamentStatus.RUNNING: frozenset({TournamentStatus.FINISHED}),
    TournamentStatus.FINISHED: frozenset({TournamentStatus.RUNNING, TournamentStatus.RELEASED}),
    # Hold back: released standings are taken back to the organisers.
    TournamentStatus.RELEASED: frozenset({TournamentStatus.FINISHED, TournamentStatus.CLOSED}),
    # Reopened by a secretary only (the view checks the role).
    TournamentStatus.CLOSED: frozenset({TournamentStatus.RELEASED}),
}

#: Where players' phones may enter results.
STATUSES_PLAYERS_ENTER = frozenset({TournamentStatus.RUNNING})
#: Where the event's directors may still enter and correct results (until it is closed).
STATUSES_DIRECTORS_CORRECT = frozenset(
    {TournamentStatus.RUNNING, TournamentStatus.FINISHED, TournamentStatus.RELEASED}
)
#: Where the standings, travellers, score cards and deals are public.
STATUSES_RESULTS_PUBLIC = frozenset({TournamentStatus.RELEASED, TournamentStatus.CLOSED})
#: Where play has begun (entries and schedules change only by substitution or withdrawal).
STATUSES_STARTED = frozenset(
    {
        TournamentStatus.RUNNING,
        TournamentStatus.FINISHED,
        TournamentStatus.RELEASED,
        TournamentStatus.CLOSED,
    }
)


class Tournament(models.Model):
    """A duplicate event of one club.

    **Directors** (:attr:`directors`, named by the club's organisers on the event's
    *Directors* page, the creating organiser by default) run the event: they see every deal
    and traveller while it is played, set adjusted scores and "not played", and enter and
    correct results until the event is closed. The rule, decided in one place
    (:func:`tournaments.visibility.is_director`):

    * a director is a member **named** here who, today, is an organiser or secretary of
      the club **and is not playing**: an entrant of any section of the event (either
      player of any entry, withdrawn or not) is a player, never a director, whatever their
      role in the club, and so is a player substituted out of an entry;
    * while no named member qualifies (none named, or each one playing or no longer an
      organiser or secretary), every organiser and secretary of the club who is not
      playing directs the event, so that an event is never left without one;
    * the site's administrator (a superuser) directs every event they do not play in.

    Directors are members rather than logins: roles and entries are members' too, and a
    person without a login yet can be named.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), max_length=80)
    season = models.ForeignKey(
        Season, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournaments"
    )
    starts = models.DateField(_("starts"))
    ends = models.DateField(_("ends"), null=True, blank=True)
    rule_profile = models.CharField(_("rule profile"), max_length=20, default="duplicate")
    rule_overrides = models.JSONField(_("rule overrides"), default=dict, blank=True)
    trump_scheme = models.CharField(
        _("trump scheme"), max_length=10, choices=TrumpScheme, default=TrumpScheme.HDSC
    )
    scoring_method = models.CharField(
        _("scoring method"), max_length=20, choices=ScoringMethod, default=ScoringMethod.MATCHPOINTS
    )
    compass_winners = models.CharField(
        _("compass winners"),
        max_length=4,
        choices=CompassWinners,
        default=CompassWinners.TWO,
        help_text=_("Only for the compass method in a Mitchell (two directions)."),
    )
    individual = models.BooleanField(_("individual event"), default=False)
    status = models.CharField(
        _("status"), max_length=12, choices=TournamentStatus, default=TournamentStatus.DRAFT
    )
    live_standings = models.CharField(
        _("standings during play"),
        max_length=10,
        choices=LiveStandings,
        default=LiveStandings.PLAYERS,
    )
    live_hidden_rounds = models.PositiveSmallIntegerField(
        _("rounds hidden at the end"),
        default=2,
        validators=[MinValueValidator(1), MaxValueValidator(20)],
        help_text=_(
            "With “except the last rounds”: the standings shown during play count only the "
            "rounds before the last ones."
        ),
    )
    directors = models.ManyToManyField(
        Member,
        blank=True,
        related_name="directed_tournaments",
        verbose_name=_("directors"),
        help_text=_("Organisers or secretaries of the club who run the event and do not play."),
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="tournament_unique_slug"),
            models.CheckConstraint(
                condition=Q(ends__isnull=True) | Q(ends__gte=models.F("starts")),
                name="tournament_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def standings_released(self) -> bool:
        """Whether the standings, travellers, score cards and deals are public."""
        return self.status in STATUSES_RESULTS_PUBLIC


class Session(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sessions")
    number = models.PositiveSmallIntegerField(_("session"), default=1)
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="session_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="session_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} — {_('session')} {self.number}"


class BoardSet(models.Model):
    """Boards 1…n with their deals, dealt from a recorded seed or imported from PBN. The
    deals are stored; the seed deals them again only together with the site's deal secret
    (``dealing``, :mod:`tournaments.dealing`), and only the event's directors read it
    (:func:`tournaments.visibility.seed_visible`)."""

    class Source(models.TextChoices):
        SEED = "seed", _("Dealt from a seed")
        PBN = "pbn", _("Imported from PBN")

    class Dealing(models.TextChoices):
        SEED_ALONE = "seed", _("The seed alone (sets dealt before the deal secret)")
        KEYED = "keyed", _("The seed with the site's deal secret")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="board_sets")
    name = models.CharField(_("name"), max_length=80, blank=True)
    source = models.CharField(max_length=4, choices=Source, default=Source.SEED)
    seed = models.CharField(_("seed"), max_length=64, blank=True)
    dealing = models.CharField(
        _("dealing"),
        max_length=5,
        choices=Dealing,
        default=Dealing.KEYED,
        help_text=_("How the seed deals the boards again"),
    )
    trump_scheme = models.CharField(max_length=10, choices=TrumpScheme, default=TrumpScheme.HDSC)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name or f"{_('Board set')} {self.pk}"


class Board(models.Model):
    board_set = models.ForeignKey(BoardSet, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField(_("board"))
    dealer = models.CharField(_("dealer"), max_length=1)
    trump = models.CharField(_("trump"), max_length=1, blank=True, help_text=_("Empty: no trumps"))
    deal = models.CharField(_("deal"), max_length=80, help_text=_("PBN, e.g. N:AKQJ.T98.765.432 …"))
    turned = models.CharField(_("turned card"), max_length=3, blank=True)
    dd_tricks = models.CharField(
        _("double-dummy tricks"),
        max_length=20,
        blank=True,
        help_text=_("PBN DoubleDummyTricks: 20 hex digits, empty until analysed"),
    )

    class Meta:
        ordering = ["board_set", "number"]
        constraints = [
            models.UniqueConstraint(fields=["board_set", "number"], name="board_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_positive"),
            models.CheckConstraint(
                condition=Q(dealer__in=["N", "E", "S", "W"]), name="board_dealer_seat"
            ),
            models.CheckConstraint(
                condition=Q(trump__in=["", "S", "H", "D", "C"]), name="board_trump_suit"
            ),
        ]

    def __str__(self) -> str:
        return f"{_('Board')} {self.number}"


class Section(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(_("section"), max_length=20, default="A")
    movement_type = models.CharField(_("movement"), max_length=12, blank=True)
    movement = models.JSONField(_("movement"), default=dict, blank=True)
    board_set = models.ForeignKey(
        BoardSet, null=True, blank=True, on_delete=models.PROTECT, related_name="sections"
    )

    class Meta:
        ordering = ["session", "name"]
        constraints = [
            models.UniqueConstraint(fields=["session", "name"], name="section_unique_name"),
        ]

    def __str__(self) -> str:
        return f"{self.session} — {self.name}"

    @property
    def label(self) -> str:
        """The section within its event, for headings that already name the event:
        "Session 1, section A"."""
        return _("Session %(session)s, section %(section)s") % {
            "session": self.session.number,
            "section": self.name,
        }


class Direction(models.TextChoices):
    NONE = "", _("Any direction")
    NS = "NS", _("North–South")
    EW = "EW", _("East–West")


class Entry(models.Model):
    """A pair (two members or guests) or, in an individual event, one player; numbered in its
    section (1…n; in a Mitchell the EW pairs follow the NS pairs), with a direction where the
    movement has one."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveSmallIntegerField(_("number"))
    direction = models.CharField(
        _("direction"), max_length=2, choices=Direction, blank=True, default=""
    )
    member1 = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    member2 = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    guest1 = models.CharField(_("guest"), max_length=80, blank=True)
    guest2 = models.CharField(_("guest"), max_length=80, blank=True)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)

    class Meta:
        ordering = ["section", "direction", "number"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="entry_unique_number"),
            models.CheckConstraint(
                condition=Q(member1__isnull=False) | ~Q(guest1=""), name="entry_has_a_player"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="entry_number_positive"),
        ]

    def __str__(self) -> str:
        names = [
            str(m) if m else g
            for m, g in ((self.member1, self.guest1), (self.member2, self.guest2))
        ]
        return " – ".join(n for n in names if n)

    @property
    def label(self) -> str:
        return f"{self.direction} {self.number}".strip()

    def member_ids(self) -> set[int]:
        return {m for m in (self.member1_id, self.member2_id) if m is not None}


class ChangeRecord(models.Model):
    """Who changed something, when, what it was before and after, and why (abstract: each
    kind of change names what it changed)."""

    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField()
    after = models.JSONField()
    reason = models.CharField(_("reason"), max_length=200)

    class Meta:
        abstract = True


class EntryChange(ChangeRecord):
    """A substitution or withdrawal during play: kept so the history of an entry is visible."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="changes")

    class Meta:
        ordering = ["changed_at"]

    def __str__(self) -> str:
        return f"{self.entry}: {self.reason}"


class StatusChange(ChangeRecord):
    """An event moved along its lifecycle (started, finished, released, held back, closed,
    reopened): who, when, from which status to which (``before``/``after`` hold
    ``{"status": …}``) and why. A release is the row whose ``after`` status is released; its
    id identifies that release (the results email is sent once per release)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="status_changes"
    )

    class Meta:
        ordering = ["changed_at", "pk"]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.before.get('status')} → {self.after.get('status')}"


class BoardDealChange(ChangeRecord):
    """A board's deal corrected before play: kept so the organiser's changes stay visible."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="deal_changes")

    class Meta:
        ordering = ["changed_at", "pk"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="board_deal_change_has_reason")
        ]

    def __str__(self) -> str:
        return f"{self.board}: {self.reason}"


class Seating(models.Model):
    """Who sits at ``table`` in ``round``. Pairs: ``ns`` and ``ew``. Individual events: the
    four players are ``ns`` (north), ``south``, ``ew`` (east) and ``west``.

    ``arrow_switch``: the movement turns this table's boards round, so the pair seated NS
    holds the East–West cards (:func:`tournaments.seats.pairs_by_cards`)."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="seatings")
    round = models.PositiveSmallIntegerField(_("round"))
    table = models.PositiveSmallIntegerField(_("table"))
    ns = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    ew = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    south = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    west = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    arrow_switch = models.BooleanField(_("arrow switch"), default=False)

    class Meta:
        ordering = ["section", "round", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "round", "table"], name="seating_unique_table"
            ),
            models.UniqueConstraint(fields=["section", "round", "ns"], name="seating_ns_once"),
            models.UniqueConstraint(fields=["section", "round", "ew"], name="seating_ew_once"),
            models.CheckConstraint(condition=~Q(ns=models.F("ew")), name="seating_not_self"),
        ]

    def __str__(self) -> str:
        return f"R{self.round} T{self.table}"

    @property
    def ns_cards_id(self) -> int:
        """The entry holding the North–South cards (arrow switch applied)."""
        return pairs_by_cards(self.ns_id, self.ew_id, arrow_switch=self.arrow_switch)[0]

    @property
    def ew_cards_id(self) -> int:
        """The entry holding the East–West cards (arrow switch applied)."""
        return pairs_by_cards(self.ns_id, self.ew_id, arrow_switch=self.arrow_switch)[1]


class BoardPlay(models.Model):
    """A board scheduled at a seating. ``not_played`` when a pair withdrew before it."""

    seating = models.ForeignKey(Seating, on_delete=models.CASCADE, related_name="board_plays")
    board = models.ForeignKey(Board, on_delete=models.PROTECT, related_name="plays")
    not_played = models.BooleanField(_("not played"), default=False)

    class Meta:
        ordering = ["seating", "board"]
        constraints = [
            models.UniqueConstraint(fields=["seating", "board"], name="boardplay_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.seating} {self.board}"
