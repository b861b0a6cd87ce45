"""Serializers of the clubs API."""

from __future__ import annotations

from rest_framework import serializers

from clubs.models import HandRecord, RubberRecord


class HandSerializer(serializers.ModelSerializer):
    # Plain strings in the schema: the seat/side choice sets are shared with other apps.
    dealer = serializers.CharField(read_only=True, help_text="N, E, S or W")
    honours_side = serializers.CharField(read_only=True, help_text="NS, EW or empty")
    revoke_side = serializers.CharField(read_only=True, help_text="NS, EW or empty")
    revoke_penalty = serializers.CharField(read_only=True)

    class Meta:
        model = HandRecord
        fields = [
            "id",
            "number",
            "dealer",
            "ns_tricks",
            "honours_side",
            "honours_count",
            "revoke_side",
            "revoke_penalty",
            "entered_at",
        ]
        read_only_fields = fields


class HandEntrySerializer(serializers.Serializer):
    """A hand entered from a phone: ``number`` is the hand the phone expects to enter."""

    number = serializers.IntegerField(min_value=1)
    ns_tricks = serializers.IntegerField(min_value=0)
    honours_side = serializers.CharField(required=False, allow_blank=True, default="")
    honours_count = serializers.IntegerField(required=False, default=0)
    revoke_side = serializers.CharField(required=False, allow_blank=True, default="")
    revoke_penalty = serializers.CharField(required=False, allow_blank=True, default="")


class RubberSerializer(serializers.ModelSerializer):
    hands = HandSerializer(many=True, read_only=True)
    first_dealer = serializers.CharField(read_only=True, help_text="N, E, S or W")

    class Meta:
        model = RubberRecord
        fields = ["id", "table", "number", "first_dealer", "hands"]
        read_only_fields = fields
