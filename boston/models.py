"""Boston tables on club nights: four seated members, their hands and the corrections.

A hand stores what was entered (the calls, or just the final contract, and the tricks) and
the payments :mod:`engine.boston` computed for it: the change of each seat and of the pool,
which the database checks sum to zero. Rules stay in the engine; see ``boston/services.py``.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import ClubNight, Correction, Member, SeatName, User
from engine.boston.auction import Level

OWN_TABLE = "own"


class BostonVariant(models.TextChoices):
    SPANISH = "boston_es", _("Spanish Boston")
    ANGLO_AMERICAN = "boston_anglo", _("Anglo-American Boston")
    FONTAINEBLEAU = "boston_fontainebleau", _("Boston de Fontainebleau")


class PaymentTableName(models.TextChoices):
    FOSTER_COMPLETE = "foster_complete", _("Foster's decimal table, every contract priced")
    FOSTER_DECIMAL = "foster_decimal", _("Foster's decimal table (failures and misères)")
    FOSTER_ORIGINAL = "foster_original", _("Foster's original table (failures and misères)")
    POKERWINER = "pokerwiner", _("Modern scale (pokerwiner)")
    OWN = OWN_TABLE, _("The club's own table")


class Unit(models.TextChoices):
    POINTS = "points", _("points")
    COUNTERS = "counters", _("counters")


class ContractLevel(models.TextChoices):
    """Every contract of every variant's ladder (engine ``Level`` names)."""

    PIDO = Level.PIDO.name, _("pido (5 tricks)")
    PEQUENA_INDEPENDENCIA = Level.PEQUENA_INDEPENDENCIA.name, _("pequeña independencia (6)")
    PEQUENA_MISERIA = Level.PEQUENA_MISERIA.name, _("pequeña miseria")
    GRAN_INDEPENDENCIA = Level.GRAN_INDEPENDENCIA.name, _("gran independencia (8)")
    GRAN_MISERIA = Level.GRAN_MISERIA.name, _("gran miseria")
    INDEPENDENCIA_DE_NUEVE = Level.INDEPENDENCIA_DE_NUEVE.name, _("independencia de nueve (9)")
    MISERIA_CUATRO_ASES = Level.MISERIA_CUATRO_ASES.name, _("miseria de cuatro ases")
    MISERIA_EN_LA_MESA = Level.MISERIA_EN_LA_MESA.name, _("miseria en la mesa")
    DEMANDE = Level.DEMANDE.name, _("demande (5 tricks)")
    CHELEM = Level.CHELEM.name, _("chelem (13 tricks)")
    FIVE = Level.FIVE.name, _("5 (boston)")
    SIX = Level.SIX.name, _("6 tricks")
    SEVEN = Level.SEVEN.name, _("7 tricks")
    EIGHT = Level.EIGHT.name, _("8 tricks")
    NINE = Level.NINE.name, _("9 tricks")
    TEN = Level.TEN.name, _("10 tricks")
    ELEVEN = Level.ELEVEN.name, _("11 tricks")
    TWELVE = Level.TWELVE.name, _("12 tricks")
    THIRTEEN = Level.THIRTEEN.name, _("13 tricks (grand slam)")
    LITTLE_MISERE = Level.LITTLE_MISERE.name, _("little misère")
    GRAND_MISERE = Level.GRAND_MISERE.name, _("grand misère")
    LITTLE_SPREAD = Level.LITTLE_SPREAD.name, _("little spread")
    GRAND_SPREAD = Level.GRAND_SPREAD.name, _("grand spread")


MISERES = [level.name for level in Level if level.is_misere]
SUPPORTABLE = [level.name for level in Level if level.supportable]


class SuitName(models.TextChoices):
    SPADES = "S", pgettext_lazy("suit", "spades")
    HEARTS = "H", pgettext_lazy("suit", "hearts")
    DIAMONDS = "D", pgettext_lazy("suit", "diamonds")
    CLUBS = "C", pgettext_lazy("suit", "clubs")


class TrumpChoice(models.TextChoices):
    PEQUENO = "pequeno", _("pequeño (turned this deal)")
    BUENO = "bueno", _("bueno (turned on the first deal)")


class BostonTable(models.Model):
    """A Boston table at a club night: variant, payment table, pool stakes, first dealer."""

    club_night = models.ForeignKey(
        ClubNight, on_delete=models.PROTECT, related_name="boston_tables"
    )
    number = models.PositiveSmallIntegerField(_("table"))
    variant = models.CharField(
        _("variant"), max_length=24, choices=BostonVariant, default=BostonVariant.SPANISH
    )
    variant_overrides = models.JSONField(_("variant overrides"), default=dict, blank=True)
    payment_table = models.CharField(
        _("payment table"),
        max_length=24,
        choices=PaymentTableName,
        default=PaymentTableName.FOSTER_COMPLETE,
    )
    own_payment_table = models.JSONField(
        _("the club's own payment table"),
        null=True,
        blank=True,
        help_text=_("Prices per adversary, as JSON: made, per_overtrick, failed, misere."),
    )
    unit = models.CharField(_("unit"), max_length=10, choices=Unit, default=Unit.POINTS)
    stake_dealer = models.PositiveSmallIntegerField(_("dealer's stake to the pool"), default=8)
    stake_others = models.PositiveSmallIntegerField(_("other players' stake"), default=4)
    first_dealer = models.CharField(
        _("first dealer"), max_length=1, choices=SeatName, default=SeatName.NORTH
    )

    class Meta:
        ordering = ["club_night", "number"]
        verbose_name = _("Boston table")
        verbose_name_plural = _("Boston tables")
        constraints = [
            models.UniqueConstraint(
                fields=["club_night", "number"], name="boston_table_unique_number"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="boston_table_number_positive"),
            models.CheckConstraint(
                condition=(Q(payment_table=OWN_TABLE) & Q(own_payment_table__isnull=False))
                | (~Q(payment_table=OWN_TABLE) & Q(own_payment_table__isnull=True)),
                name="boston_table_own_payment_table_given",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club_night} — Boston {self.number}"


class BostonSeat(models.Model):
    """Who sits where at a Boston table (seats do not change during the night)."""

    table = models.ForeignKey(BostonTable, on_delete=models.PROTECT, related_name="seats")
    seat = models.CharField(_("seat"), max_length=1, choices=SeatName)
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="boston_seats")

    class Meta:
        ordering = ["table", "seat"]
        verbose_name = _("Boston seat")
        verbose_name_plural = _("Boston seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="boston_seat_unique_at_table"),
            models.UniqueConstraint(fields=["table", "member"], name="boston_member_once_at_table"),
        ]

    def __str__(self) -> str:
        return f"{self.table} — {self.seat}: {self.member}"


class BostonHand(models.Model):
    """One deal: the auction (calls, or the final contract), the tricks and the payments.

    No contract (``level`` empty) means all four passed and the cards were redealt: the
    stakes stay in the pool — unless the variant plays the hand (misère partout, pool to the
    fewest), then ``all_pass_tricks`` holds each seat's tricks. A trick contract without a suit is Fontainebleau's "grand". ``tricks`` are those of the declaring side (a misère: the
    declarer's). ``change_*`` are the counters each seat and the pool won (+) or lost (−),
    stakes included, as the engine computed them.
    """

    table = models.ForeignKey(BostonTable, on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    dealer = models.CharField(_("dealer"), max_length=1, choices=SeatName)
    turned = models.CharField(
        _("suit turned"),
        max_length=1,
        choices=SuitName,
        blank=True,
        help_text=_("The dealer's last card: the pequeño (needed to rank suits by preference)."),
    )
    calls = models.JSONField(_("calls"), default=list, blank=True)
    level = models.CharField(_("contract"), max_length=24, choices=ContractLevel, blank=True)
    suit = models.CharField(_("suit"), max_length=1, choices=SuitName, blank=True)
    trump = models.CharField(_("trump"), max_length=8, choices=TrumpChoice, blank=True)
    declarer = models.CharField(_("declarer"), max_length=1, choices=SeatName, blank=True)
    supporter = models.CharField(_("supporter"), max_length=1, choices=SeatName, blank=True)
    tricks = models.PositiveSmallIntegerField(_("tricks taken"), null=True, blank=True)
    all_pass_tricks = models.JSONField(
        _("tricks of each seat (all passed and played)"), default=dict, blank=True
    )
    made = models.BooleanField(_("made"), null=True, blank=True)
    change_n = models.IntegerField(default=0)
    change_e = models.IntegerField(default=0)
    change_s = models.IntegerField(default=0)
    change_w = models.IntegerField(default=0)
    change_pool = models.IntegerField(default=0)
    entered_by = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("Boston hand")
        verbose_name_plural = _("Boston hands")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="boston_hand_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="boston_hand_number_positive"),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=13),
                name="boston_hand_tricks_in_range",
            ),
            models.CheckConstraint(
                condition=(
                    Q(level="")
                    & Q(declarer="")
                    & Q(supporter="")
                    & Q(suit="")
                    & Q(trump="")
                    & Q(tricks__isnull=True)
                    & Q(made__isnull=True)
                )
                | (
                    ~Q(level="") & ~Q(declarer="") & Q(tricks__isnull=False) & Q(made__isnull=False)
                ),
                name="boston_hand_contract_complete",
            ),
            models.CheckConstraint(
                condition=~Q(level__in=MISERES) | (Q(suit="") & Q(trump="")),
                name="boston_hand_misere_has_no_trump",
            ),
            models.CheckConstraint(
                condition=Q(trump="") | ~Q(suit=""),
                name="boston_hand_pequeno_bueno_names_a_suit",
            ),
            models.CheckConstraint(
                condition=Q(supporter="")
                | (Q(level__in=SUPPORTABLE) & ~Q(supporter=models.F("declarer"))),
                name="boston_hand_supporter_of_a_pido",
            ),
            models.CheckConstraint(
                condition=Q(
                    change_pool=-(
                        models.F("change_n")
                        + models.F("change_e")
                        + models.F("change_s")
                        + models.F("change_w")
                    )
                ),
                name="boston_hand_payments_sum_to_zero",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} — hand {self.number}"

    def change_of(self, seat: str) -> int:
        """The counters ``seat`` ("N", "E", "S", "W") won or lost on this hand."""
        return getattr(self, f"change_{seat.lower()}")


class BostonHandCorrection(Correction):
    """An amendment of a hand by a secretary: who, when, before and after (JSON), and why."""

    hand = models.ForeignKey(BostonHand, on_delete=models.PROTECT, related_name="corrections")

    class Meta(Correction.Meta):
        verbose_name = _("Boston correction")
        verbose_name_plural = _("Boston corrections")
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="boston_correction_has_reason"),
        ]
