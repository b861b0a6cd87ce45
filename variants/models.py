"""Club-night tables of the whist family (solo, colour whist, bid whist, Minnesota,
knock-out, the exact-bid games): the seated members, each hand as entered and the score
:mod:`engine.variants` gave every player, and the secretaries' corrections.

One hand has one line per seat: the bid (exact-bid games), the tricks, the score (a signed
amount in the money games, the side's points in the partnership games, the deal's points in
the exact-bid games, players outlasted in knock-out) and whether the player went out. Rules
stay in the engine; see ``variants/verdict.py``.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.models import ClubNight, Correction, Member, User


class Game(models.TextChoices):
    SOLO = "solo", _("Solo whist")
    COLOUR = "colour", _("Colour whist (kleurenwiezen)")
    BID = "bid", _("Bid whist")
    MINNESOTA = "minnesota", _("Minnesota whist")
    KNOCKOUT = "knockout", _("Knock-out whist")
    EXACT = "exact", _("Romanian whist, Oh Hell, podrida, pocha")


#: Players at a table of each game (fewest, most).
PLAYERS = {
    Game.SOLO: (4, 4),
    Game.COLOUR: (4, 4),
    Game.BID: (4, 4),
    Game.MINNESOTA: (4, 4),
    Game.KNOCKOUT: (2, 7),
    Game.EXACT: (3, 8),
}


class VariantTable(models.Model):
    """A table of one game at a club night: its preset and overrides, the club's own
    table of prices when the preset needs one, the first dealer."""

    club_night = models.ForeignKey(
        ClubNight, on_delete=models.PROTECT, related_name="variant_tables"
    )
    number = models.PositiveSmallIntegerField(_("table"))
    game = models.CharField(_("game"), max_length=12, choices=Game)
    preset = models.CharField(_("rules"), max_length=32)
    overrides = models.JSONField(_("settings changed"), default=dict, blank=True)
    own_table = models.JSONField(
        _("the club's own table of prices"),
        null=True,
        blank=True,
        help_text=_("Colour whist's points grid, or a solo stake table, as JSON."),
    )
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"), default=0)

    class Meta:
        ordering = ["club_night", "number"]
        verbose_name = _("whist-family table")
        verbose_name_plural = _("whist-family tables")
        constraints = [
            models.UniqueConstraint(
                fields=["club_night", "number"], name="variants_table_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="variants_table_number_positive"
            ),
            models.CheckConstraint(
                condition=Q(game__in=[g.value for g in Game]), name="variants_table_known_game"
            ),
            models.CheckConstraint(
                condition=Q(first_dealer__lte=7), name="variants_table_first_dealer_seated"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club_night} — {self.get_game_display()} {self.number}"


class VariantSeat(models.Model):
    """Who sits at ``position`` (0, 1, … clockwise; N E S W at four)."""

    table = models.ForeignKey(VariantTable, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="variant_seats")

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("whist-family seat")
        verbose_name_plural = _("whist-family seats")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "position"], name="variants_seat_unique_position"
            ),
            models.UniqueConstraint(fields=["table", "member"], name="variants_member_once"),
            models.CheckConstraint(
                condition=Q(position__lte=7), name="variants_seat_position_in_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} — {self.position}: {self.member}"


class VariantHand(models.Model):
    """One deal: what was entered (``entry``), the contract as the engine read it, the
    cards each player held and the trump (exact-bid and knock-out)."""

    table = models.ForeignKey(VariantTable, on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    dealer = models.PositiveSmallIntegerField(_("dealer"))
    cards = models.PositiveSmallIntegerField(_("cards each"), default=13)
    trump = models.CharField(_("trumps"), max_length=2, blank=True)
    entry = models.JSONField(_("as entered"), default=dict)
    contract = models.CharField(_("contract"), max_length=40, blank=True)
    declarer = models.PositiveSmallIntegerField(_("declarer"), null=True, blank=True)
    made = models.BooleanField(_("made"), null=True, blank=True)
    entered_by = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("whist-family hand")
        verbose_name_plural = _("whist-family hands")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="variants_hand_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="variants_hand_number_pos"),
            models.CheckConstraint(
                condition=Q(cards__gte=1) & Q(cards__lte=17), name="variants_hand_cards_range"
            ),
            models.CheckConstraint(
                condition=Q(trump__in=["", "S", "H", "D", "C", "NT"]),
                name="variants_hand_trump_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} — hand {self.number}"


class VariantHandLine(models.Model):
    """One player's part of a hand: bid, tricks, score, out."""

    hand = models.ForeignKey(VariantHand, on_delete=models.CASCADE, related_name="lines")
    position = models.PositiveSmallIntegerField(_("seat"))
    bid = models.PositiveSmallIntegerField(_("bid"), null=True, blank=True)
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    score = models.IntegerField(_("score"), default=0)
    out = models.BooleanField(_("knocked out"), default=False)

    class Meta:
        ordering = ["hand", "position"]
        verbose_name = _("hand line")
        verbose_name_plural = _("hand lines")
        constraints = [
            models.UniqueConstraint(fields=["hand", "position"], name="variants_line_unique"),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=17),
                name="variants_line_tricks_range",
            ),
            models.CheckConstraint(
                condition=Q(bid__isnull=True) | Q(bid__lte=17), name="variants_line_bid_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.hand} — {self.position}: {self.score}"


class VariantHandCorrection(Correction):
    """A secretary's amendment of a hand: who, when, before, after, why."""

    hand = models.ForeignKey(VariantHand, on_delete=models.PROTECT, related_name="corrections")

    class Meta(Correction.Meta):
        verbose_name = _("whist-family correction")
        verbose_name_plural = _("whist-family corrections")
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="variants_correction_reason"),
        ]


#: The contracts' names as the pages show them (engine names → the game's words).
CONTRACT_LABELS = {
    "solo": {
        "proposal": _("proposal and acceptance"),
        "solo": _("solo"),
        "misere": _("misère"),
        "abundance": _("abundance"),
        "royal_abundance": _("royal abundance"),
        "open_misere": _("misère ouverte"),
        "declared_abundance": _("abundance declared"),
        "general_misere": _("general misère"),
        "redeal": _("all passed, redealt"),
    },
    "colour": {
        "ask_join": _("ask and join (vragen en meegaan)"),
        "alone": _("alone (alleen)"),
        "small_misery": _("small misery (kleine miserie)"),
        "piccolissimo": _("piccolissimo (exactly two)"),
        "piccolo": _("piccolo (exactly one)"),
        "abondance": _("abondance"),
        "large_misery": _("large misery (grote miserie)"),
        "troel": _("troel"),
        "open_misery": _("open misery (open miserie)"),
        "solo_slim": _("solo slim"),
        "redeal": _("all passed, redealt"),
    },
    "bid": {
        "uptown": _("uptown"),
        "downtown": _("downtown"),
        "no_trump": _("no trump"),
        "redeal": _("all passed, redealt"),
    },
    "minnesota": {"high": _("high (grand)"), "low": _("low (nula)")},
}

#: The presets' names (engine preset names → what a secretary reads).
PRESET_LABELS = {
    "foster": _("Foster (counters; the default)"),
    "britannica_1911": _("Britannica 1911 (units 1-1-2-3-4-6)"),
    "wikipedia": _("Wikipedia"),
    "hoyle_modernized": _("Hoyle's Games Modernized (pence)"),
    "club_grid": _("the club's own points grid"),
    "dafke": _("Dafke's guide (hearts, diamonds, spades, clubs)"),
    "parlett": _("Parlett (score the bid; game 7)"),
    "original_bid_whist": _("original bid whist (score every odd trick)"),
    "tournament_columbus": _("Columbus tournament rules (game 5)"),
    "pagat": _("pagat.com (the default)"),
    "wikipedia_bga": _("Wikipedia and Board Game Arena"),
    "south_dakota": _("South Dakota (game 11)"),
    "norwegian_parlett": _("Norwegian whist (Parlett; game 50)"),
    "romanian": _("Romanian whist (5 + bid)"),
    "oh_hell": _("Oh Hell (10 + tricks)"),
    "podrida_acanomas": _("La podrida (acanomas: 10 + 3 a trick)"),
    "pocha_ludoteka": _("La pocha (Ludoteka: 10 + 5 a trick)"),
}


def contract_label(game: str, contract: str) -> str:
    """A stored contract in the game's words (bid whist: "5 no trump")."""
    if game == Game.BID and ":" in contract:
        level, _sep, direction = contract.partition(":")
        return f"{level} {CONTRACT_LABELS['bid'].get(direction, direction)}"
    return str(CONTRACT_LABELS.get(game, {}).get(contract, contract))
