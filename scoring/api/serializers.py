"""API shapes of results and standings. Input serializers only validate types; the engine
checks live in the services."""

from __future__ import annotations

import copy

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.api.inputs import DateTimeField
from scoring.checks import PLAY_RECORD_MAX_LENGTH, ResultInput, validate_play_record
from scoring.models import Adjusted, Result, ResultKind, ResultVersion


@extend_schema_field(
    {
        "type": "string",
        "pattern": "^(A\\+|A|A-)?$",
        "description": "Adjusted score: A+ (average plus), A (average), A- (average minus), or empty",
    }
)
class AdjustedField(serializers.ChoiceField):
    """Average plus / average / average minus (one schema for both sides)."""

    def __init__(self, **kwargs):
        super().__init__(choices=[*Adjusted.choices, ("", "")], **kwargs)


class ResultSerializer(serializers.ModelSerializer):
    ns = serializers.SerializerMethodField()
    ew = serializers.SerializerMethodField()
    board = serializers.IntegerField(source="board_number", read_only=True)
    adjusted_ns = AdjustedField(read_only=True)
    adjusted_ew = AdjustedField(read_only=True)
    ew_tricks = serializers.IntegerField(read_only=True, allow_null=True)
    version = serializers.IntegerField(source="latest_version.number", read_only=True)

    def get_ns(self, result) -> int:
        """The NS entry's number."""
        facts = self.context.get("numbers")
        return facts.ns_number if facts else result.ns.number

    def get_ew(self, result) -> int:
        """The EW entry's number."""
        facts = self.context.get("numbers")
        return facts.ew_number if facts else result.ew.number

    class Meta:
        model = Result
        fields = [
            "id",
            "section",
            "round",
            "table",
            "board",
            "ns",
            "ew",
            "kind",
            "ns_tricks",
            "ew_tricks",
            "ns_score",
            "adjusted_ns",
            "adjusted_ew",
            "play_record",
            "claim",
            "revoke_side",
            "revokes",
            "status",
            "contested_ns_tricks",
            "source",
            "entered_at",
            "confirmed_at",
            "version",
        ]
        read_only_fields = fields


class ResultFieldsSerializer(serializers.Serializer):
    """What a result says (shared by entry and correction)."""

    def get_fields(self):
        """A shallow copy of each declared field, bound to this serializer as usual.

        DRF deep-copies every declared field for each serializer, re-running each field's
        ``__init__``: for a phone posting one result a request that was a tenth of the
        request's CPU. These fields keep nothing of their own between validations (their
        validators and choices are read, never changed), so a shallow copy is enough."""
        return {name: copy.copy(field) for name, field in self._declared_fields.items()}

    kind = serializers.ChoiceField(choices=ResultKind.choices, default=ResultKind.PLAYED)
    ns_tricks = serializers.IntegerField(required=False, allow_null=True)
    adjusted_ns = AdjustedField(required=False, default="")
    adjusted_ew = AdjustedField(required=False, default="")
    play_record = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=PLAY_RECORD_MAX_LENGTH,
        validators=[validate_play_record],
        help_text="The cards played in order (at most 52), e.g. “AS KS 10D 2C”",
    )
    claim = serializers.CharField(required=False, allow_blank=True, default="", max_length=8)
    revoke_side = serializers.ChoiceField(
        choices=[("", ""), ("NS", "NS"), ("EW", "EW")], required=False, default=""
    )
    revokes = serializers.IntegerField(required=False, default=0, min_value=0, max_value=3)

    def result_input(self) -> ResultInput:
        return result_input_from(self.validated_data)


def result_input_from(data: dict) -> ResultInput:
    """The :class:`ResultInput` of validated result fields."""
    return ResultInput(
        kind=data["kind"],
        ns_tricks=data.get("ns_tricks"),
        adjusted_ns=data.get("adjusted_ns", ""),
        adjusted_ew=data.get("adjusted_ew", ""),
        play_record=data.get("play_record", ""),
        claim=data.get("claim", ""),
        revoke_side=data.get("revoke_side", ""),
        revokes=data.get("revokes", 0),
    )


class ResultEntrySerializer(ResultFieldsSerializer):
    """A new result: where it was played, by whom, and what it says."""

    section = serializers.IntegerField()
    round = serializers.IntegerField(min_value=1)
    table = serializers.IntegerField(min_value=1)
    board = serializers.IntegerField(min_value=1)
    ns = serializers.IntegerField(
        min_value=1,
        help_text="Number of the entry holding the NS cards (after an arrow switch, the one "
        "sitting EW)",
    )
    ew = serializers.IntegerField(min_value=1, help_text="Number of the entry holding the EW cards")


class ConfirmSerializer(serializers.Serializer):
    ns_tricks = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=13)
    code = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=40,
        help_text="The table's EW confirmation code, when the request is not made by EW "
        "themselves (e.g. EW confirming on NS's phone).",
    )


class CorrectionSerializer(ResultFieldsSerializer):
    reason = serializers.CharField(max_length=500)


class SettleSerializer(serializers.Serializer):
    """How a director settles a dispute (:func:`scoring.settling.dispute_settle`)."""

    choice = serializers.ChoiceField(
        choices=["ns", "ew", "other", "adjusted"],
        help_text="ns: NS's figure; ew: EW's figure; other: ``figure`` NS tricks; "
        "adjusted: ``figure`` A+, A, A- or NS/EW such as A+/A-.",
    )
    figure = serializers.CharField(max_length=10, required=False, allow_blank=True, default="")
    reason = serializers.CharField(max_length=500)


class ResultVersionSerializer(serializers.ModelSerializer):
    by = serializers.CharField(source="by.username", read_only=True, allow_null=True)
    by_code = serializers.BooleanField(
        read_only=True, help_text="Made with the table's confirmation code, not a login."
    )

    class Meta:
        model = ResultVersion
        fields = ["number", "action", "by", "by_code", "at", "before", "after", "reason"]
        read_only_fields = fields


class ImportSerializer(serializers.Serializer):
    section = serializers.IntegerField()
    file = serializers.FileField()


class StandingRowSerializer(serializers.Serializer):
    """One pair (or player) in a field of the standings, as the snapshot stores it."""

    entry = serializers.IntegerField(help_text="The entry's id")
    number = serializers.IntegerField(help_text="The pair's number in the section")
    name = serializers.CharField()
    rank = serializers.IntegerField()
    rank_label = serializers.CharField(help_text="The rank as shown, e.g. 3= for a tie")
    total = serializers.FloatField(help_text="Matchpoints, tricks or ± average")
    percentage = serializers.FloatField(allow_null=True)
    boards = serializers.IntegerField(help_text="Boards scored")


class StandingsFieldSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="NS or EW (two fields), or empty (one field)")
    rows = StandingRowSerializer(many=True)


class TravellerRowSerializer(serializers.Serializer):
    """One table's result on a board, with the points it scored."""

    result = serializers.IntegerField(help_text="The result's id")
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    ns = serializers.IntegerField(help_text="The id of the entry that held the NS cards")
    ew = serializers.IntegerField(help_text="The id of the entry that held the EW cards")
    kind = serializers.CharField(help_text="played, adjusted or not_played")
    ns_tricks = serializers.IntegerField(allow_null=True)
    ns_score = serializers.IntegerField(allow_null=True)
    ew_score = serializers.IntegerField(allow_null=True)
    adjusted = serializers.CharField(help_text="e.g. A+/A- for an adjusted score, else empty")
    status = serializers.CharField(help_text="entered, confirmed or disputed")
    ns_points = serializers.FloatField(allow_null=True)
    ew_points = serializers.FloatField(allow_null=True)
    ns_percentage = serializers.FloatField(allow_null=True)
    ew_percentage = serializers.FloatField(allow_null=True)


class StandingsSerializer(serializers.Serializer):
    """The newest standings snapshot of a section (``version`` 0 and no rows before the
    first result)."""

    version = serializers.IntegerField(help_text="Changes to the section's results so far")
    computed_at = DateTimeField(required=False)
    section = serializers.IntegerField(required=False)
    method = serializers.CharField(
        required=False, help_text="matchpoints, compass, total_tricks or teams"
    )
    results = serializers.IntegerField(required=False, help_text="Results counted")
    waiting = serializers.IntegerField(required=False, help_text="Waiting for EW to confirm")
    disputed = serializers.IntegerField(required=False)
    up_to_round = serializers.IntegerField(
        required=False,
        help_text="Present while the event hides its last rounds: the standings count "
        "rounds 1 to this one",
    )
    fields = StandingsFieldSerializer(many=True)
    boards = serializers.DictField(
        child=TravellerRowSerializer(many=True),
        required=False,
        help_text="Each board's traveller, by board number",
    )
