"""Serializers of the drives API. Roles are ``lady``/``gent``; pairs are A and B at a table;
trumps are ``H D S C NT``. Cards and prizes are derived by the engine, never stored."""

from __future__ import annotations

from rest_framework import serializers

from clubs.api.inputs import DateField
from clubs.inputs import REASON_MAX_LENGTH
from drives.models import Drive, DriveCut, DriveEntry, DriveEntryCorrection, DrivePlayer


class DriveDetailSerializer(serializers.Serializer):
    detail = serializers.CharField()


class DriveSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    settings = serializers.SerializerMethodField()

    class Meta:
        model = Drive
        fields = [
            "id",
            "club",
            "name",
            "date",
            "status",
            "tables",
            "current_hand",
            "version",
            "counts_for_ladder",
            "settings",
        ]
        read_only_fields = fields

    def get_settings(self, drive) -> dict:
        """The settings (drives.md §10); the mystery number stays sealed until the end."""
        settings = dict(drive.settings)
        if drive.status != "finished":
            settings["mystery_number"] = None
        return settings


class DriveCreateSerializer(serializers.Serializer):
    """A new drive: a club's (``club`` = its short name) or a one-off event (no club)."""

    name = serializers.CharField(max_length=120)
    date = DateField()
    club = serializers.SlugField(required=False, allow_blank=True, default="")
    settings = serializers.DictField(
        required=False, default=dict, help_text="Settings of drives.md §10; missing ones default."
    )
    counts_for_ladder = serializers.BooleanField(required=False, default=False)


class DrivePlayerSerializer(serializers.ModelSerializer):
    role = serializers.CharField(read_only=True, help_text="lady or gent")

    class Meta:
        model = DrivePlayer
        fields = ["id", "number", "name", "role", "member", "first_round", "last_round"]
        read_only_fields = fields


class DrivePlayerAddSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    role = serializers.CharField(max_length=4, help_text="lady or gent")
    member = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1)


class DriveEntrySerializer(serializers.ModelSerializer):
    class Meta:
        model = DriveEntry
        fields = ["id", "hand", "table", "tricks_a", "tricks_b", "via", "entered_at"]
        read_only_fields = fields


class DriveEntryInSerializer(serializers.Serializer):
    """A hand at a table: each pair's tricks (the engine refuses a total other than 13)."""

    hand = serializers.IntegerField(min_value=1, max_value=200)
    tricks_a = serializers.IntegerField(min_value=0, max_value=13)
    tricks_b = serializers.IntegerField(min_value=0, max_value=13)


class DriveTableEntryInSerializer(DriveEntryInSerializer):
    """A table's phone entering its hand: with the card code of a player seated there."""

    card = serializers.CharField(
        max_length=20,
        help_text="The card code printed on the score card of a player at this table now.",
    )


class DriveMCEntryInSerializer(DriveEntryInSerializer):
    table = serializers.IntegerField(min_value=1, max_value=1000)


class DriveConflictSerializer(serializers.Serializer):
    detail = serializers.CharField()
    stored = DriveEntrySerializer(allow_null=True)


class DriveCorrectionInSerializer(serializers.Serializer):
    hand = serializers.IntegerField(min_value=1, max_value=200)
    table = serializers.IntegerField(min_value=1, max_value=1000)
    tricks_a = serializers.IntegerField(min_value=0, max_value=13)
    tricks_b = serializers.IntegerField(min_value=0, max_value=13)
    reason = serializers.CharField(max_length=REASON_MAX_LENGTH)


class DriveCorrectionSerializer(serializers.ModelSerializer):
    corrected_by = serializers.CharField(source="corrected_by.get_username", read_only=True)
    hand = serializers.IntegerField(source="entry.hand", read_only=True)
    table = serializers.IntegerField(source="entry.table", read_only=True)

    class Meta:
        model = DriveEntryCorrection
        fields = [
            "id",
            "hand",
            "table",
            "corrected_by",
            "corrected_at",
            "before",
            "after",
            "reason",
        ]
        read_only_fields = fields


class DriveTableStateSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    kind = serializers.CharField(help_text="played, dummy or sit_out")
    pair_a = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    pair_b = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    names_a = serializers.CharField()
    names_b = serializers.CharField()
    tricks_a = serializers.IntegerField(allow_null=True)
    tricks_b = serializers.IntegerField(allow_null=True)
    done = serializers.BooleanField()


class DriveStateSerializer(serializers.Serializer):
    """The hand being played: its trumps, each table's pairs and entry."""

    status = serializers.CharField()
    hand = serializers.IntegerField()
    round = serializers.IntegerField()
    trump = serializers.CharField(allow_blank=True)
    all_entered = serializers.BooleanField()
    tables = DriveTableStateSerializer(many=True)


class DriveCardRowSerializer(serializers.Serializer):
    hand = serializers.IntegerField()
    trump = serializers.CharField()
    kind = serializers.CharField(help_text="played, dummy, sit_out or absent")
    table = serializers.IntegerField(allow_null=True)
    partner = serializers.IntegerField(allow_null=True)
    tricks = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField()
    pending = serializers.BooleanField()
    total = serializers.IntegerField()


class DriveCardSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    role = serializers.CharField()
    total = serializers.IntegerField()
    half_time = serializers.IntegerField(allow_null=True)
    present = serializers.IntegerField()
    big_hands = serializers.IntegerField()
    rows = DriveCardRowSerializer(many=True)


class DriveAwardSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    prize = serializers.CharField(help_text="group:metric[:lowest], e.g. lady:total")
    name = serializers.CharField()
    place = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=["awarded", "shared", "cut_needed", "waiting", "no_candidate", "no_number"]
    )
    winners = serializers.ListField(child=serializers.IntegerField())
    value = serializers.IntegerField(allow_null=True)
    tied = serializers.ListField(child=serializers.IntegerField())
    decided_by = serializers.CharField(allow_blank=True)


class DriveCutInSerializer(serializers.Serializer):
    prize = serializers.IntegerField(min_value=1, max_value=1000)
    winner = serializers.IntegerField(min_value=1, help_text="The player who won the cut.")


class DriveCutSerializer(serializers.ModelSerializer):
    cut_by = serializers.CharField(source="cut_by.get_username", read_only=True)

    class Meta:
        model = DriveCut
        fields = ["id", "prize", "tied", "winner", "cut_by", "cut_at"]
        read_only_fields = fields
