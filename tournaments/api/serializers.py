from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.api.inputs import DateTimeField
from tournaments.models import Board, BoardSet, Entry, Section, Session, Tournament


class TournamentSerializer(serializers.ModelSerializer):
    sessions = serializers.IntegerField(write_only=True, required=False, min_value=1, max_value=10)
    standings_released = serializers.BooleanField(read_only=True)
    directors = serializers.PrimaryKeyRelatedField(
        many=True,
        read_only=True,
        help_text="The members named to direct the event (see POST …/directors/)",
    )

    class Meta:
        model = Tournament
        fields = [
            "id",
            "club",
            "name",
            "slug",
            "starts",
            "ends",
            "rule_profile",
            "rule_overrides",
            "trump_scheme",
            "scoring_method",
            "compass_winners",
            "individual",
            "status",
            "standings_released",
            "directors",
            "sessions",
        ]
        read_only_fields = ["slug", "status"]


class SessionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Session
        fields = ["id", "tournament", "number", "starts_at"]


class SectionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Section
        fields = ["id", "session", "name", "movement_type", "movement", "board_set"]
        read_only_fields = ["movement_type", "movement"]


class EntrySerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="__str__", read_only=True)

    class Meta:
        model = Entry
        fields = [
            "id",
            "section",
            "number",
            "direction",
            "member1",
            "member2",
            "guest1",
            "guest2",
            "withdrawn",
            "name",
        ]
        read_only_fields = ["number", "direction", "withdrawn"]


class BoardSerializer(serializers.ModelSerializer):
    class Meta:
        model = Board
        fields = ["id", "number", "dealer", "trump", "deal", "turned", "dd_tricks"]


class BoardHandsSerializer(serializers.Serializer):
    N = serializers.CharField(max_length=30, help_text="North: spades.hearts.diamonds.clubs")
    E = serializers.CharField(max_length=30)
    S = serializers.CharField(max_length=30)
    W = serializers.CharField(max_length=30)


class BoardDealSerializer(serializers.Serializer):
    """A corrected deal: ``deal`` in PBN, or ``hands`` by seat."""

    deal = serializers.CharField(
        required=False, allow_blank=True, max_length=120, help_text="e.g. N:AKQJ.T98.765.432 …"
    )
    hands = BoardHandsSerializer(required=False)
    reason = serializers.CharField(
        max_length=200, help_text="Why the deal changes; kept with the change (required)"
    )

    def validate(self, attrs: dict) -> dict:
        if not attrs.get("deal", "").strip() and not attrs.get("hands"):
            raise serializers.ValidationError(
                {"detail": _("Give the deal in PBN or the four hands.")}
            )
        return attrs


class BoardSetSerializer(serializers.ModelSerializer):
    """A board set with the boards whose deals the reader may see now
    (:mod:`tournaments.visibility`): every board for the event's directors, the boards a
    pair has played for its players, every board once the results are released."""

    boards = serializers.SerializerMethodField()
    seed = serializers.SerializerMethodField(
        help_text="The seed that dealt the set (with the site's deal secret): only for the "
        "event's directors, who may see every board now; null for everyone else"
    )

    @extend_schema_field(BoardSerializer(many=True))
    def get_boards(self, board_set: BoardSet) -> list[dict]:
        from tournaments.visibility import deal_access

        request = self.context.get("request")
        access = deal_access(getattr(request, "user", None), board_set)
        boards = [board for board in board_set.boards.all() if access.allows(board.pk)]
        return BoardSerializer(boards, many=True).data

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_seed(self, board_set: BoardSet) -> str | None:
        from tournaments.visibility import seed_visible

        request = self.context.get("request")
        return board_set.seed if seed_visible(getattr(request, "user", None), board_set) else None

    class Meta:
        model = BoardSet
        fields = ["id", "club", "name", "source", "seed", "trump_scheme", "created", "boards"]
        read_only_fields = ["source", "created"]


class BoardSetCreateSerializer(serializers.Serializer):
    club = serializers.IntegerField()
    count = serializers.IntegerField(required=False, min_value=1, max_value=200)
    seed = serializers.CharField(required=False, allow_blank=True, max_length=64)
    pbn = serializers.CharField(
        required=False, help_text="A PBN file's text; instead of count/seed"
    )
    trump_scheme = serializers.CharField(required=False, default="hdsc", max_length=10)
    dealer_rule = serializers.ChoiceField(
        choices=["file", "number"],
        required=False,
        default="file",
        help_text="PBN import: each board's dealer from the file's [Dealer] (the number's "
        "where it has none), or always from the board number",
    )
    name = serializers.CharField(required=False, allow_blank=True, default="", max_length=80)


class DealerNoteSerializer(serializers.Serializer):
    board = serializers.IntegerField(help_text="Board number")
    file_dealer = serializers.CharField(help_text="The dealer the file names")
    number_dealer = serializers.CharField(help_text="The board number's dealer (N, E, S, W …)")


class BoardSetCreatedSerializer(BoardSetSerializer):
    """A new board set, with the boards of an imported PBN file whose dealer is not their
    number's (empty for a set dealt from a seed)."""

    dealer_notes = DealerNoteSerializer(many=True, read_only=True)

    class Meta(BoardSetSerializer.Meta):
        fields = [*BoardSetSerializer.Meta.fields, "dealer_notes"]


class GenerateSerializer(serializers.Serializer):
    movement_type = serializers.ChoiceField(choices=["mitchell", "howell", "individual"])
    boards_per_round = serializers.IntegerField(min_value=1, max_value=8)
    option = serializers.ChoiceField(
        choices=["", "skip", "relay", "arrow"], required=False, default=""
    )


class MovementJSONSerializer(serializers.Serializer):
    movement = serializers.JSONField()


class WithdrawSerializer(serializers.Serializer):
    from_round = serializers.IntegerField(min_value=1)
    reason = serializers.CharField(max_length=200)


class SubstituteSerializer(serializers.Serializer):
    position = serializers.IntegerField(min_value=1, max_value=2)
    member = serializers.IntegerField(required=False, allow_null=True)
    guest = serializers.CharField(required=False, allow_blank=True, default="", max_length=80)
    reason = serializers.CharField(max_length=200)


class StatusSerializer(serializers.Serializer):
    status = serializers.CharField(
        max_length=20,
        help_text="The status to move to: draft, ready, running, finished, released, closed.",
    )
    reason = serializers.CharField(
        max_length=200, required=False, allow_blank=True, default="", help_text="Kept with it."
    )
    anyway = serializers.BooleanField(
        default=False,
        help_text="Finish or release although results are missing, unconfirmed or disputed "
        "(a reason is then required; the history keeps it with what was open).",
    )


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        default="",
        help_text="Why (kept in the event's history).",
    )
    anyway = serializers.BooleanField(
        default=False,
        help_text="Finish or release although results are missing, unconfirmed or disputed "
        "(a reason is then required; the history keeps it with what was open).",
    )


class CheckSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="entries, boards, movement or movement_boards.")
    section = serializers.IntegerField()
    section_label = serializers.CharField()
    ok = serializers.BooleanField()
    label = serializers.CharField(help_text="What is checked, e.g. “14 entries”.")
    missing = serializers.CharField(help_text="What is missing (empty when ok).")
    fix_url = serializers.CharField(help_text="The page where it is put right.")


class StatusActionSerializer(serializers.Serializer):
    status = serializers.CharField()
    label = serializers.CharField()
    help = serializers.CharField()
    blocked = serializers.CharField(help_text="Why it cannot be done now (empty: it can).")
    anyway = serializers.BooleanField(
        help_text="Blocked only by open results: it may be done anyway, with a reason."
    )


class ChecksSerializer(serializers.Serializer):
    """Whether the event may be marked ready and started, and the status changes open."""

    status = serializers.CharField()
    ready = serializers.BooleanField(help_text="Every check passes.")
    checks = CheckSerializer(many=True)
    actions = StatusActionSerializer(many=True)


class StatusChangeSerializer(serializers.Serializer):
    """One change of the event's status: who, when, from, to, why."""

    id = serializers.IntegerField()
    changed_at = DateTimeField()
    changed_by = serializers.CharField(
        source="changed_by.get_username", default=None, allow_null=True
    )
    before = serializers.CharField(source="before.status", default="")
    after = serializers.CharField(source="after.status", default="")
    reason = serializers.CharField()
    anyway = serializers.DictField(
        source="after.anyway",
        default=None,
        allow_null=True,
        child=serializers.IntegerField(),
        help_text="Done anyway: what was open then (missing, unconfirmed, disputed counts).",
    )


class OpenResultSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="missing, unconfirmed, disputed, adjusted, not_played.")
    blocks = serializers.BooleanField(help_text="Finishing and releasing wait for it.")
    section = serializers.IntegerField()
    section_label = serializers.CharField()
    board = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    ns = serializers.IntegerField(help_text="NS pair number.")
    ew = serializers.IntegerField(help_text="EW pair number.")
    result = serializers.IntegerField(allow_null=True)
    ns_figure = serializers.CharField(help_text="NS's figure (tricks, or NS/EW adjusted).")
    ew_figure = serializers.CharField(help_text="EW's figure in a dispute.")


class OpenResultsSerializer(serializers.Serializer):
    """What is open in the event's results; finishing and releasing wait until settled."""

    status = serializers.CharField()
    settled = serializers.BooleanField(help_text="Nothing missing, unconfirmed or disputed.")
    counts = serializers.DictField(child=serializers.IntegerField())
    open = OpenResultSerializer(many=True)


class EntriesListSerializer(serializers.Serializer):
    text = serializers.CharField(
        max_length=10000,
        help_text="One pair a line (“Ana López & Jan Novák”); one player a line in an "
        "individual event. Names are matched to the club's members; others are guests.",
    )
    dry_run = serializers.BooleanField(
        default=False, help_text="Only read the list and say what would be added."
    )


class EntryLinePlayerSerializer(serializers.Serializer):
    text = serializers.CharField(help_text="The name as typed.")
    member = serializers.IntegerField(source="member.pk", default=None, allow_null=True)
    guest = serializers.CharField(help_text="The guest's name (empty for a member).")


class EntryLineSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The line's number in the list.")
    text = serializers.CharField()
    players = EntryLinePlayerSerializer(many=True)
    error = serializers.CharField(help_text="Why the line cannot be added (empty: it can).")
    warning = serializers.CharField(
        help_text="A player of the line plays in another event running now (not a refusal)."
    )


class EntriesListResultSerializer(serializers.Serializer):
    lines = EntryLineSerializer(many=True)
    added = serializers.ListField(
        child=serializers.IntegerField(), help_text="The new entries' ids (none on a dry run)."
    )


class DirectorsSerializer(serializers.Serializer):
    directors = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        min_length=1,
        max_length=50,
        help_text="Member ids: organisers or secretaries of the club not playing in the event",
    )
