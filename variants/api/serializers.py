"""Serializers of the whist-family API. Seats are positions (0 = N / the first seat,
clockwise); contracts are the engine's names; the engine checks every value."""

from __future__ import annotations

from rest_framework import serializers

from clubs.api.inputs import DateField
from clubs.inputs import REASON_MAX_LENGTH
from variants.models import VariantHand, VariantHandCorrection, VariantHandLine, VariantTable
from variants.selectors import seat_totals
from variants.verdict import HandEntry

SEAT_HELP = "a seat: 0 = N (or the first seat), clockwise"


class VariantLineSerializer(serializers.ModelSerializer):
    class Meta:
        model = VariantHandLine
        fields = ["position", "bid", "tricks", "score", "out"]
        read_only_fields = fields


class VariantHandSerializer(serializers.ModelSerializer):
    lines = VariantLineSerializer(many=True, read_only=True)
    entry = serializers.DictField(read_only=True, help_text="the hand as entered")
    trump = serializers.CharField(read_only=True, help_text="S, H, D, C, NT or empty")

    class Meta:
        model = VariantHand
        fields = [
            "id",
            "table",
            "number",
            "dealer",
            "cards",
            "trump",
            "contract",
            "declarer",
            "made",
            "entry",
            "lines",
            "entered_at",
        ]
        read_only_fields = fields


class VariantSeatSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text=SEAT_HELP)
    member = serializers.IntegerField(source="member_id")
    name = serializers.CharField(source="member.name")


class VariantTableSerializer(serializers.ModelSerializer):
    """A table with its seats, hands and each seat's total."""

    seats = VariantSeatSerializer(many=True, read_only=True)
    hands = VariantHandSerializer(many=True, read_only=True)
    totals = serializers.SerializerMethodField()
    game = serializers.CharField(read_only=True)

    class Meta:
        model = VariantTable
        fields = [
            "id",
            "club_night",
            "number",
            "game",
            "preset",
            "overrides",
            "own_table",
            "first_dealer",
            "seats",
            "hands",
            "totals",
        ]
        read_only_fields = fields

    def get_totals(self, table) -> list[int]:
        return seat_totals(table)


class VariantTableCreateSerializer(serializers.Serializer):
    """A new table: the night, the game and its rules, the member ids in seat order."""

    club_night = serializers.IntegerField()
    game = serializers.ChoiceField(
        choices=["solo", "colour", "bid", "minnesota", "knockout", "exact"]
    )
    preset = serializers.CharField(required=False, allow_blank=True, default="", max_length=32)
    members = serializers.ListField(
        child=serializers.IntegerField(),
        min_length=2,
        max_length=8,
        help_text="member ids, seat 0 first",
    )
    overrides = serializers.DictField(required=False, default=dict)
    own_table = serializers.DictField(required=False, allow_null=True, default=None)
    first_dealer = serializers.IntegerField(required=False, default=0, min_value=0, max_value=7)
    number = serializers.IntegerField(required=False, min_value=1)


class VariantHandEntrySerializer(serializers.Serializer):
    """A hand from a phone (``number``: the hand it expects to enter). See
    ``variants.verdict.HandEntry`` for which fields each game reads."""

    number = serializers.IntegerField(min_value=1)
    calls = serializers.ListField(
        child=serializers.CharField(max_length=20), required=False, default=list, max_length=100
    )
    contract = serializers.CharField(required=False, allow_blank=True, default="", max_length=40)
    declarer = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=0, max_value=7
    )
    partner = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=0, max_value=7
    )
    others = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=7), required=False, default=list
    )
    level = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=0, max_value=13
    )
    suit = serializers.ChoiceField(choices=["", "S", "H", "D", "C"], required=False, default="")
    tricks = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=0, max_value=13
    )
    bids = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=17, allow_null=True),
        required=False,
        default=list,
        max_length=8,
    )
    tricks_each = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=17, allow_null=True),
        required=False,
        default=list,
        max_length=8,
    )
    grander = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=0, max_value=3
    )
    last_trick = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=0, max_value=3
    )
    first_trick_to_bidders = serializers.BooleanField(required=False, allow_null=True, default=None)
    troel_ace_led = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Colour whist's troel (setting dafke_ace_led): the fourth ace was played in "
        "the first round (aim 8), or not (aim 9).",
    )
    troel_trump_in_ace_suit = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Colour whist's troel (setting jeux_trump_in_ace_suit): the partner's shown "
        "trump card is in his ace's suit (aim 8), or not (aim 9).",
    )

    def entry(self) -> HandEntry:
        data = dict(self.validated_data)
        data.pop("number", None)
        data.pop("reason", None)
        return HandEntry.from_dict(data)


class VariantCorrectSerializer(VariantHandEntrySerializer):
    number = serializers.IntegerField(required=False)
    reason = serializers.CharField(max_length=REASON_MAX_LENGTH)


class VariantCorrectionSerializer(serializers.ModelSerializer):
    corrected_by = serializers.CharField(source="corrected_by.get_username", read_only=True)
    number = serializers.IntegerField(source="hand.number", read_only=True)

    class Meta:
        model = VariantHandCorrection
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


class VariantNightPlayerSerializer(serializers.Serializer):
    member = serializers.IntegerField(source="member.pk")
    name = serializers.CharField(source="member.name")
    game = serializers.CharField()
    total = serializers.IntegerField()
    hands = serializers.IntegerField()
    tables = serializers.ListField(child=serializers.IntegerField())


class VariantNightSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    date = DateField()
    tables = serializers.ListField(child=serializers.IntegerField())
    players = VariantNightPlayerSerializer(many=True)


class VariantDetailSerializer(serializers.Serializer):
    detail = serializers.CharField()


class VariantConflictSerializer(serializers.Serializer):
    detail = serializers.CharField()
    stored = VariantHandSerializer(required=False)
