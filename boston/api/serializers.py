"""Serializers of the Boston API. Seats, suits and contracts are plain strings in the schema
(their choice sets are shared with other apps); the engine checks them."""

from __future__ import annotations

from rest_framework import serializers

from boston.models import BostonHand, BostonHandCorrection, BostonTable
from boston.selectors import seat_totals
from boston.services import HandEntry
from clubs.api.inputs import DateField
from clubs.inputs import REASON_MAX_LENGTH

SEAT_HELP = "N, E, S or W"
SUIT_HELP = "S, H, D, C, or empty (a misère; Fontainebleau's grand)"


class BostonHandSerializer(serializers.ModelSerializer):
    dealer = serializers.CharField(read_only=True, help_text=SEAT_HELP)
    turned = serializers.CharField(read_only=True, help_text=SUIT_HELP)
    level = serializers.CharField(read_only=True, help_text="engine Level name; empty: redeal")
    suit = serializers.CharField(read_only=True, help_text=SUIT_HELP)
    trump = serializers.CharField(read_only=True, help_text="pequeno, bueno or empty")
    declarer = serializers.CharField(read_only=True, help_text=SEAT_HELP)
    supporter = serializers.CharField(read_only=True, help_text=f"{SEAT_HELP} or empty")
    calls = serializers.ListField(child=serializers.CharField(), read_only=True)

    class Meta:
        model = BostonHand
        fields = [
            "id",
            "table",
            "number",
            "dealer",
            "turned",
            "calls",
            "level",
            "suit",
            "trump",
            "declarer",
            "supporter",
            "tricks",
            "all_pass_tricks",
            "made",
            "change_n",
            "change_e",
            "change_s",
            "change_w",
            "change_pool",
            "entered_at",
        ]
        read_only_fields = fields


class BostonSeatSerializer(serializers.Serializer):
    seat = serializers.CharField(help_text=SEAT_HELP)
    member = serializers.IntegerField(source="member_id")
    name = serializers.CharField(source="member.name")


class BostonTableSerializer(serializers.ModelSerializer):
    """A table with its seats, hands, each seat's total and the pool."""

    seats = BostonSeatSerializer(many=True, read_only=True)
    hands = BostonHandSerializer(many=True, read_only=True)
    totals = serializers.SerializerMethodField()
    pool = serializers.SerializerMethodField()
    first_dealer = serializers.CharField(read_only=True, help_text=SEAT_HELP)
    variant = serializers.CharField(read_only=True)
    payment_table = serializers.CharField(read_only=True)
    unit = serializers.CharField(read_only=True)

    class Meta:
        model = BostonTable
        fields = [
            "id",
            "club_night",
            "number",
            "variant",
            "variant_overrides",
            "payment_table",
            "own_payment_table",
            "unit",
            "stake_dealer",
            "stake_others",
            "first_dealer",
            "seats",
            "hands",
            "totals",
            "pool",
        ]
        read_only_fields = fields

    def get_totals(self, table) -> dict[str, int]:
        return seat_totals(table.hands.all())

    def get_pool(self, table) -> int:
        return sum(h.change_pool for h in table.hands.all())


class BostonTableCreateSerializer(serializers.Serializer):
    """A new table: the night, a member id per seat, and how it plays and pays."""

    club_night = serializers.IntegerField()
    north = serializers.IntegerField()
    east = serializers.IntegerField()
    south = serializers.IntegerField()
    west = serializers.IntegerField()
    number = serializers.IntegerField(required=False, min_value=1)
    variant = serializers.CharField(default="boston_es")
    variant_overrides = serializers.DictField(required=False, default=dict)
    payment_table = serializers.CharField(default="foster_complete")
    own_payment_table = serializers.DictField(required=False, allow_null=True, default=None)
    unit = serializers.CharField(default="points")
    stake_dealer = serializers.IntegerField(default=8, min_value=0)
    stake_others = serializers.IntegerField(default=4, min_value=0)
    first_dealer = serializers.CharField(default="N", help_text=SEAT_HELP)


class BostonHandEntrySerializer(serializers.Serializer):
    """A hand from a phone: ``number`` is the hand it expects to enter; either ``calls`` (in
    turn from the player left of the dealer, e.g. ``["pass", "PIDO:H", "sostengo"]``) or the
    contract (``level`` empty: all passed); ``tricks`` by the declaring side."""

    number = serializers.IntegerField(min_value=1)
    calls = serializers.ListField(
        child=serializers.CharField(max_length=20), required=False, default=list, max_length=100
    )
    turned = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=10, help_text=SUIT_HELP
    )
    level = serializers.CharField(required=False, allow_blank=True, default="", max_length=20)
    suit = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=10, help_text=SUIT_HELP
    )
    trump = serializers.CharField(required=False, allow_blank=True, default="")
    declarer = serializers.CharField(required=False, allow_blank=True, default="")
    supporter = serializers.CharField(required=False, allow_blank=True, default="")
    tricks = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=0)
    tricks_each = serializers.DictField(
        child=serializers.IntegerField(min_value=0),
        required=False,
        default=dict,
        help_text='All passed and played: each seat\'s tricks, e.g. {"N": 3, "E": 4, …}',
    )

    def entry(self) -> HandEntry:
        data = dict(self.validated_data)
        data.pop("number", None)
        data.pop("reason", None)
        data["calls"] = tuple(data["calls"])
        data["tricks_each"] = tuple(data["tricks_each"].items())
        return HandEntry(**data)


class BostonCorrectSerializer(BostonHandEntrySerializer):
    """The hand as it should have been entered, and why."""

    number = serializers.IntegerField(required=False)
    reason = serializers.CharField(max_length=REASON_MAX_LENGTH)


class BostonCorrectionSerializer(serializers.ModelSerializer):
    corrected_by = serializers.CharField(source="corrected_by.get_username", read_only=True)
    number = serializers.IntegerField(source="hand.number", read_only=True)

    class Meta:
        model = BostonHandCorrection
        fields = [
            "id",
            "hand",
            "number",
            "corrected_by",
            "corrected_at",
            "before",
            "after",
            "reason",
        ]
        read_only_fields = fields


class NightPlayerSerializer(serializers.Serializer):
    member = serializers.IntegerField(source="member.pk")
    name = serializers.CharField(source="member.name")
    total = serializers.IntegerField()
    hands = serializers.IntegerField()
    tables = serializers.ListField(child=serializers.IntegerField())


class BostonNightSerializer(serializers.Serializer):
    """A club night's Boston: its tables' ids, each player's total, best first, and what is
    left in the pools."""

    id = serializers.IntegerField()
    date = DateField()
    tables = serializers.ListField(child=serializers.IntegerField())
    players = NightPlayerSerializer(many=True)
    pool = serializers.IntegerField(
        help_text="What the pools hold after the night's hands: players' totals + pool = 0"
    )
