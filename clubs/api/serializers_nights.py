"""Serializers of club nights, tables, rubbers, hands and corrections.

Seats and sides are plain strings in the schema (``N``/``E``/``S``/``W``, ``NS``/``EW``): the
choice sets are shared with other apps and would collide as enum names. Running scores are
the engine's (:func:`clubs.rubbers.rubber_state`), never computed here.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.inputs import REASON_MAX_LENGTH
from clubs.models import ClubNight, HandCorrection, HandRecord, RubberRecord, RubberTable
from clubs.rubbers import rubber_state
from clubs.rulings import ruling_text
from engine.errors import EngineError

SEAT_HELP = "N, E, S or W"
SIDE_HELP = "NS, EW or empty"


class HandSerializer(serializers.ModelSerializer):
    """A hand as entered (the dealer is the one the rotation made due)."""

    dealer = serializers.CharField(read_only=True, help_text=SEAT_HELP)
    honours_side = serializers.CharField(read_only=True, help_text=SIDE_HELP)
    revoke_side = serializers.CharField(read_only=True, help_text=SIDE_HELP)
    revoke_penalty = serializers.CharField(
        read_only=True, help_text="take_tricks, deduct, add or empty"
    )
    other_revoke_penalty = serializers.CharField(
        read_only=True, help_text="take_tricks, deduct, add or empty"
    )
    trump = serializers.CharField(read_only=True, help_text="S, H, D, C or empty (no deal)")

    class Meta:
        model = HandRecord
        fields = [
            "id",
            "rubber",
            "number",
            "dealer",
            "ns_tricks",
            "honours_side",
            "honours_count",
            "revoke_side",
            "revoke_penalty",
            "revoke_by_dummy",
            "other_revoke_penalty",
            "deal",
            "trump",
            "entered_at",
        ]
        read_only_fields = fields


class HandEntrySerializer(serializers.Serializer):
    """A hand entered from a phone: ``number`` is the hand the phone expects to enter.

    Honours are typed (``honours_side``, ``honours_count``) or, with the ``deal`` and its
    ``trump``, computed from the cards; a typed claim that disagrees with the deal is refused.
    """

    number = serializers.IntegerField(min_value=1)
    ns_tricks = serializers.IntegerField(min_value=0)
    honours_side = serializers.CharField(
        required=False, allow_blank=True, default="", help_text=SIDE_HELP
    )
    honours_count = serializers.IntegerField(required=False, default=0, help_text="0, 3 or 4")
    revoke_side = serializers.CharField(
        required=False, allow_blank=True, default="", help_text=SIDE_HELP
    )
    revoke_penalty = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="take_tricks, deduct or add"
    )
    revoke_by_dummy = serializers.BooleanField(
        required=False, default=False, help_text="The revoke came from Dummy's hand."
    )
    other_revoke_penalty = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text="Both sides revoked: the penalty against the other side (take_tricks, "
        "deduct or add); the night's both_revoke setting decides the hand",
    )
    deal = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text="The four hands as a PBN deal, e.g. N:AKQJ.T98.765.432 ...",
    )
    trump = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="S, H, D or C, with a deal"
    )
    honours_claimed = serializers.BooleanField(
        required=False,
        default=True,
        help_text="With a deal: whether the typed honours are a claim to check against it.",
    )


class HandScoreSerializer(serializers.Serializer):
    """The engine's score of one hand; pairs are [NS, EW]."""

    before = serializers.ListField(child=serializers.IntegerField())
    tricks = serializers.ListField(child=serializers.IntegerField())
    trick_points = serializers.ListField(child=serializers.IntegerField())
    honour_points = serializers.ListField(child=serializers.IntegerField())
    revoke_points = serializers.ListField(child=serializers.IntegerField())
    after = serializers.ListField(child=serializers.IntegerField())
    game_winner = serializers.CharField(allow_null=True, help_text="NS, EW or null")
    game_value = serializers.IntegerField()


class ScoredHandSerializer(HandSerializer):
    score = HandScoreSerializer(read_only=True, allow_null=True, help_text="null if unscorable")

    class Meta(HandSerializer.Meta):
        fields = [*HandSerializer.Meta.fields, "score"]
        read_only_fields = fields


class GameSerializer(serializers.Serializer):
    winner = serializers.CharField(help_text="NS or EW")
    value = serializers.IntegerField(help_text="3 treble, 2 double, 1 single")
    score = serializers.ListField(child=serializers.IntegerField())
    hands = serializers.IntegerField()


class RubberStateSerializer(serializers.Serializer):
    """The running state: the current game's score, games won, and once over the result."""

    score = serializers.ListField(child=serializers.IntegerField(), help_text="[NS, EW]")
    games_won = serializers.ListField(child=serializers.IntegerField(), help_text="[NS, EW]")
    games = GameSerializer(many=True)
    is_over = serializers.BooleanField()
    winner = serializers.CharField(allow_null=True, help_text="NS, EW or null")
    points = serializers.IntegerField(allow_null=True, help_text="The winners' rubber points")
    error = serializers.CharField(allow_null=True, help_text="Set if the hands do not score")


class HandEnteredSerializer(HandSerializer):
    """The answer to a hand entered: the hand and the rubber's new state, so a phone needs no
    second request for the score."""

    state = RubberStateSerializer(read_only=True)

    class Meta(HandSerializer.Meta):
        fields = [*HandSerializer.Meta.fields, "state"]
        read_only_fields = fields


def _pair(values) -> list[int]:
    return [int(v) for v in values]


def _side(side) -> str | None:
    return None if side is None else side.name


def _hand_score(scored) -> dict:
    return {
        "before": _pair(scored.before),
        "tricks": _pair(scored.tricks),
        "trick_points": _pair(scored.trick_points),
        "honour_points": _pair(scored.honour_points),
        "revoke_points": _pair(scored.revoke_points),
        "after": _pair(scored.after),
        "game_winner": _side(scored.game_winner),
        "game_value": scored.game_value,
    }


def rubber_summary(rubber: RubberRecord, hands: list[HandRecord]) -> tuple[dict, list]:
    """The rubber's state for the API, and the engine's score of each hand (None for all
    when the stored hands do not score, which the database should never hold)."""
    try:
        state = rubber_state(rubber, hands)
    except EngineError as error:
        empty = {"score": [0, 0], "games_won": [0, 0], "games": [], "is_over": False}
        return {**empty, "winner": None, "points": None, "error": ruling_text(error)}, [None] * len(
            hands
        )
    games = [
        {"winner": g.winner.name, "value": g.value, "score": _pair(g.score), "hands": g.hands}
        for g in state.games
    ]
    summary = {
        "score": _pair(state.score),
        "games_won": _pair(state.games_won),
        "games": games,
        "is_over": state.is_over,
        "winner": _side(state.winner),
        "points": state.result().points if state.is_over else None,
        "error": None,
    }
    return summary, [_hand_score(s) for s in state.hands]


class RubberSerializer(serializers.ModelSerializer):
    """A rubber with its hands, each with the engine's score, and the running state."""

    first_dealer = serializers.CharField(read_only=True, help_text=SEAT_HELP)
    hands = serializers.SerializerMethodField()
    state = serializers.SerializerMethodField()

    class Meta:
        model = RubberRecord
        fields = ["id", "table", "number", "first_dealer", "hands", "state"]
        read_only_fields = fields

    def _summary(self, rubber: RubberRecord) -> tuple[list[HandRecord], dict, list]:
        cached = getattr(rubber, "_api_summary", None)
        if cached is None:
            hands = sorted(rubber.hands.all(), key=lambda h: h.number)
            cached = (hands, *rubber_summary(rubber, hands))
            rubber._api_summary = cached
        return cached

    @extend_schema_field(ScoredHandSerializer(many=True))
    def get_hands(self, rubber: RubberRecord) -> list[dict]:
        hands, _state, scores = self._summary(rubber)
        rows = HandSerializer(hands, many=True).data
        return [{**row, "score": score} for row, score in zip(rows, scores, strict=True)]

    @extend_schema_field(RubberStateSerializer)
    def get_state(self, rubber: RubberRecord) -> dict:
        return self._summary(rubber)[1]


class SeatSerializer(serializers.Serializer):
    seat = serializers.CharField(help_text=SEAT_HELP)
    member = serializers.IntegerField(source="member_id")
    member_name = serializers.CharField(source="member.name")
    guest = serializers.BooleanField(help_text="A guest, not a member of the club")


class TableSerializer(serializers.ModelSerializer):
    """A table of a club night: who sits where (for rubber 1) and its rubbers' ids. A dummy
    table seats three members (South, West and East in their cut order)."""

    seats = SeatSerializer(many=True, read_only=True)
    rubbers = serializers.PrimaryKeyRelatedField(many=True, read_only=True)

    class Meta:
        model = RubberTable
        fields = ["id", "club_night", "number", "dummy", "seats", "rubbers"]
        read_only_fields = fields


class TableCreateSerializer(serializers.Serializer):
    """A new table: four members as cut (North, East, South, West) or three for dummy whist
    (in their cut order); rubber 1 starts at once."""

    club_night = serializers.IntegerField(help_text="The night's id (of this club).")
    members = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        min_length=1,
        help_text="Member ids, in seat order; null where a guest sits (see guests).",
    )
    guests = serializers.ListField(
        child=serializers.CharField(allow_blank=True, max_length=120),
        required=False,
        default=list,
        help_text="Guests' names in the same seat order: the name where members has null.",
    )
    first_dealer = serializers.CharField(
        required=False, default="N", help_text="Who cut to deal: N, E, S or W (four players)"
    )


class PlayerSeatSerializer(serializers.Serializer):
    member = serializers.IntegerField(allow_null=True, help_text="null in Dummy's seat")
    seat = serializers.CharField(help_text=SEAT_HELP)


class MatchRubberSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seats = PlayerSeatSerializer(many=True)


class MatchTotalSerializer(serializers.Serializer):
    member = serializers.IntegerField()
    member_name = serializers.CharField()
    points = serializers.IntegerField()


class MatchSerializer(serializers.Serializer):
    """The three-rubber match: each rubber's seats (as far as known) and each player's
    total over the finished rubbers."""

    rubbers = MatchRubberSerializer(many=True)
    totals = MatchTotalSerializer(many=True)


class ClubNightSerializer(serializers.ModelSerializer):
    """A club night; on creation the profile and overrides default to the club's."""

    tables = serializers.PrimaryKeyRelatedField(many=True, read_only=True)

    class Meta:
        model = ClubNight
        fields = ["id", "date", "rule_profile", "rule_overrides", "tables"]
        read_only_fields = ["id", "tables"]
        extra_kwargs = {
            "rule_profile": {"required": False, "help_text": "Empty: the club's profile."},
            "rule_overrides": {"required": False, "help_text": "Absent: the club's overrides."},
        }


class HandCorrectionSerializer(serializers.ModelSerializer):
    """One correction: who, when, the hand before and after, and why."""

    corrected_by = serializers.CharField(source="corrected_by.get_username", read_only=True)

    class Meta:
        model = HandCorrection
        fields = ["id", "hand", "corrected_by", "corrected_at", "before", "after", "reason"]
        read_only_fields = fields


class HandCorrectSerializer(serializers.Serializer):
    """A correction: the reason, and only the facts that change."""

    reason = serializers.CharField(
        max_length=REASON_MAX_LENGTH, help_text="Why the hand is corrected (required)."
    )
    ns_tricks = serializers.IntegerField(required=False, min_value=0)
    honours_side = serializers.CharField(required=False, allow_blank=True, help_text=SIDE_HELP)
    honours_count = serializers.IntegerField(required=False)
    revoke_side = serializers.CharField(required=False, allow_blank=True, help_text=SIDE_HELP)
    revoke_penalty = serializers.CharField(required=False, allow_blank=True)
    revoke_by_dummy = serializers.BooleanField(required=False)
    other_revoke_penalty = serializers.CharField(required=False, allow_blank=True)
