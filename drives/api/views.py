"""Viewsets of the drives API: drives (anyone reads; their MC runs them), and a table's
own routes reached with its code (no login; wrong codes are throttled, 429)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied, Throttled, ValidationError
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.response import Response

from clubs.errors import ClubError, HandConflict
from clubs.models import Club, Member
from clubs.permissions import Action, can
from drives import selectors
from drives.access import can_run
from drives.api import serializers as s
from drives.codes import code_normalise
from drives.models import Drive, DriveEntry, DriveEntryCorrection, DrivePlayer, EntryVia
from drives.presenters import pair_names, prize_name
from drives.running import (
    CardRefused,
    cut_record,
    drive_start,
    entry_correct,
    entry_record,
    hand_next,
)
from drives.services import drive_create, player_add, player_leave
from drives.throttle import guesses
from engine.drives.report import award_json, card_json

BAD = OpenApiResponse(s.DriveDetailSerializer, description="Refused, with the reason")
DENIED = OpenApiResponse(s.DriveDetailSerializer, description="Not the drive's MC")
MISSING = OpenApiResponse(s.DriveDetailSerializer, description="No such drive, player or table")
CONFLICT = OpenApiResponse(
    s.DriveConflictSerializer, description="Already entered: the stored entry"
)
TOO_MANY = OpenApiResponse(s.DriveDetailSerializer, description="Too many wrong codes: wait")
INVALID = OpenApiResponse(description="Refused: the fields' errors, or `detail` with the reason")


def _refused(error: ClubError) -> ValidationError:
    return ValidationError({"detail": str(error)})


class RunsTheDrive(BasePermission):
    """Anyone reads; the drive's MC (club organisers and secretaries, or a one-off drive's
    organiser) writes; anyone logged in sets up a one-off drive."""

    message = "Only the drive's MC can do this."

    def has_permission(self, request, view) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, obj) -> bool:
        return request.method in SAFE_METHODS or can_run(request.user, obj)


def state_data(state) -> dict:
    drive, rules = state.drive, state.settings
    hand = drive.current_hand
    rows = state.hand(hand) if hand else []
    return {
        "status": drive.status,
        "hand": hand,
        "round": rules.round_of(hand) if hand else 0,
        "trump": rules.trump(hand) if hand else "",
        "all_entered": bool(rows) and all(th.done for th in rows),
        "tables": [
            {
                "table": th.table,
                "kind": str(th.kind),
                "pair_a": list(th.pair_a),
                "pair_b": list(th.pair_b),
                "names_a": pair_names(state, th.pair_a, th.kind),
                "names_b": pair_names(state, th.pair_b, th.kind),
                "tricks_a": th.entry.tricks_a if th.entry else None,
                "tricks_b": th.entry.tricks_b if th.entry else None,
                "done": th.done,
            }
            for th in rows
        ],
    }


def cards_data(state) -> list[dict]:
    return [
        {
            **card_json(card),
            "name": state.name(pk),
            "present": card.present,
            "big_hands": card.big_hands,
            "rows": [
                {**row, "pending": source.pending}
                for row, source in zip(card_json(card)["rows"], card.rows, strict=True)
            ],
        }
        for pk, card in state.cards.items()
    ]


def awards_data(state) -> list[dict]:
    return [{**award_json(a), "name": prize_name(a.spec, a.place)} for a in state.awards]


def _conflict(error: HandConflict) -> Response:
    stored = s.DriveEntrySerializer(error.stored).data if error.stored is not None else None
    return Response({"detail": str(error), "stored": stored}, status=status.HTTP_409_CONFLICT)


class DriveViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    """Whist drives: set-up, players at the door, the hands, cards and prizes."""

    serializer_class = s.DriveSerializer
    permission_classes = [RunsTheDrive]
    queryset = Drive.objects.select_related("club").order_by("-date", "-pk")

    @extend_schema(summary="List whist drives (anyone)")
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(
        summary="A whist drive and its settings (anyone)",
        responses={200: s.DriveSerializer, 404: MISSING},
    )
    def retrieve(self, request, *args, **kwargs):
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(
        summary="Set up a drive (a club's organisers; anyone logged in for a one-off event)",
        request=s.DriveCreateSerializer,
        responses={201: s.DriveSerializer, 400: INVALID, 403: DENIED, 404: MISSING},
    )
    def create(self, request, *args, **kwargs):
        body = s.DriveCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        club = None
        if data["club"]:
            club = get_object_or_404(Club, slug=data["club"])
            if not can(request.user, Action.ORGANISE, club):
                raise PermissionDenied("Only the club's organisers and secretaries can do this.")
        try:
            drive = drive_create(
                organiser=request.user,
                club=club,
                name=data["name"],
                date=data["date"],
                settings=data["settings"],
                counts_for_ladder=data["counts_for_ladder"],
            )
        except ClubError as error:
            raise _refused(error) from error
        return Response(s.DriveSerializer(drive).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        methods=["GET"],
        summary="The drive's players (anyone)",
        request=None,
        responses={200: s.DrivePlayerSerializer(many=True), 404: MISSING},
    )
    @extend_schema(
        methods=["POST"],
        summary="Add a player at the door; once playing, a late arrival (the MC)",
        request=s.DrivePlayerAddSerializer,
        responses={201: s.DrivePlayerSerializer, 400: INVALID, 403: DENIED, 404: MISSING},
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def players(self, request, pk=None):
        drive = self.get_object()
        if request.method == "GET":
            return Response(
                s.DrivePlayerSerializer(drive.players.order_by("number"), many=True).data
            )
        body = s.DrivePlayerAddSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        member_id = body.validated_data["member"]
        member = None
        if member_id is not None:
            member = Member.objects.filter(pk=member_id).first()
            if member is None:
                raise ValidationError({"detail": "Unknown member id."})
        try:
            player = player_add(
                drive=drive,
                name=body.validated_data["name"],
                role=body.validated_data["role"],
                member=member,
            )
        except ClubError as error:
            raise _refused(error) from error
        return Response(s.DrivePlayerSerializer(player).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="A player leaves (the MC): off the list before the start, a ghost after "
        "this round once playing",
        request=None,
        parameters=[OpenApiParameter("player_id", int, OpenApiParameter.PATH)],
        responses={200: s.DrivePlayerSerializer, 204: None, 400: BAD, 403: DENIED, 404: MISSING},
    )
    @action(detail=True, methods=["post"], url_path=r"players/(?P<player_id>[0-9]{1,19})/leave")
    def player_leave(self, request, pk=None, player_id=None):
        drive = self.get_object()
        player = DrivePlayer.objects.filter(drive=drive, pk=int(player_id)).first()
        if player is None:
            raise NotFound("No such player at this drive.")
        try:
            player_leave(drive=drive, player=player)
        except ClubError as error:
            raise _refused(error) from error
        player = DrivePlayer.objects.filter(pk=player.pk).first()
        if player is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(s.DrivePlayerSerializer(player).data)

    @extend_schema(
        summary="Start the drive: tables counted, round 1 seated (the MC)",
        request=None,
        responses={200: s.DriveSerializer, 400: BAD, 403: DENIED, 404: MISSING},
    )
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        try:
            drive = drive_start(drive=self.get_object())
        except ClubError as error:
            raise _refused(error) from error
        return Response(s.DriveSerializer(drive).data)

    @extend_schema(
        summary="Call the next hand once every table has entered (the MC); after the last "
        "hand the drive is finished",
        request=None,
        responses={200: s.DriveSerializer, 400: BAD, 403: DENIED, 404: MISSING},
    )
    @action(detail=True, methods=["post"], url_path="next-hand")
    def next_hand(self, request, pk=None):
        try:
            drive = hand_next(drive=self.get_object())
        except ClubError as error:
            raise _refused(error) from error
        return Response(s.DriveSerializer(drive).data)

    @extend_schema(
        summary="The hand being played: trumps and every table (anyone)",
        request=None,
        responses={200: s.DriveStateSerializer, 404: MISSING},
    )
    @action(detail=True, methods=["get"])
    def state(self, request, pk=None):
        return Response(state_data(selectors.drive_state(self.get_object())))

    @extend_schema(
        summary="Enter a table's hand from its paper card (the MC)",
        request=s.DriveMCEntryInSerializer,
        responses={
            201: s.DriveEntrySerializer,
            400: INVALID,
            403: DENIED,
            404: MISSING,
            409: CONFLICT,
        },
    )
    @action(detail=True, methods=["post"])
    def entries(self, request, pk=None):
        drive = self.get_object()
        body = s.DriveMCEntryInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            entry = entry_record(
                drive=drive, by=request.user, via=EntryVia.MC, **body.validated_data
            )
        except HandConflict as error:
            return _conflict(error)
        except ClubError as error:
            raise _refused(error) from error
        return Response(s.DriveEntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        methods=["GET"],
        summary="Every correction of the drive's entries (anyone)",
        request=None,
        responses={200: s.DriveCorrectionSerializer(many=True), 404: MISSING},
    )
    @extend_schema(
        methods=["POST"],
        summary="Correct a table's entry, with a reason (the MC)",
        request=s.DriveCorrectionInSerializer,
        responses={201: s.DriveCorrectionSerializer, 400: INVALID, 403: DENIED, 404: MISSING},
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def corrections(self, request, pk=None):
        drive = self.get_object()
        if request.method == "GET":
            rows = DriveEntryCorrection.objects.filter(entry__drive=drive).select_related(
                "entry", "corrected_by"
            )
            return Response(s.DriveCorrectionSerializer(rows, many=True).data)
        body = s.DriveCorrectionInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        entry = DriveEntry.objects.filter(
            drive=drive, hand=data["hand"], table=data["table"]
        ).first()
        if entry is None:
            raise NotFound("This table has not entered this hand.")
        try:
            correction = entry_correct(
                entry=entry,
                tricks_a=data["tricks_a"],
                tricks_b=data["tricks_b"],
                by=request.user,
                reason=data["reason"],
            )
        except ClubError as error:
            raise _refused(error) from error
        return Response(
            s.DriveCorrectionSerializer(correction).data, status=status.HTTP_201_CREATED
        )

    @extend_schema(
        summary="Every player's card, derived from the tables' entries (anyone)",
        request=None,
        responses={200: s.DriveCardSerializer(many=True), 404: MISSING},
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def cards(self, request, pk=None):
        return Response(cards_data(selectors.drive_state(self.get_object())))

    @extend_schema(
        summary="The prize list, with ties waiting for the cut (anyone)",
        request=None,
        responses={200: s.DriveAwardSerializer(many=True), 404: MISSING},
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def prizes(self, request, pk=None):
        drive = self.get_object()
        state = selectors.drive_state(drive)
        return Response(awards_data(state) if drive.status == "finished" else [])

    @extend_schema(
        summary="Record who won the cut for a tied prize (the MC, after the last hand)",
        request=s.DriveCutInSerializer,
        responses={201: s.DriveCutSerializer, 400: INVALID, 403: DENIED, 404: MISSING},
    )
    @action(detail=True, methods=["post"])
    def cuts(self, request, pk=None):
        drive = self.get_object()
        body = s.DriveCutInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        winner = DrivePlayer.objects.filter(drive=drive, pk=body.validated_data["winner"]).first()
        if winner is None:
            raise ValidationError({"detail": "No such player at this drive."})
        try:
            cut = cut_record(
                drive=drive, prize=body.validated_data["prize"], winner=winner, by=request.user
            )
        except ClubError as error:
            raise _refused(error) from error
        return Response(s.DriveCutSerializer(cut).data, status=status.HTTP_201_CREATED)


CODE = OpenApiParameter(
    "code",
    str,
    OpenApiParameter.PATH,
    description="The table's code from its number card, e.g. ABCD-EFGH.",
)


class DriveTableViewSet(viewsets.GenericViewSet):
    """A table's phone: its code is its key (no login)."""

    permission_classes = []
    authentication_classes = []
    lookup_field = "code"
    lookup_value_regex = "[^/]+"
    serializer_class = s.DriveStateSerializer

    def _table(self, request, code: str):
        if not guesses.try_take(request):
            raise Throttled(detail=_("Too many wrong codes: wait a few minutes."))
        normal = code_normalise(code)
        row = selectors.table_by_code(normal) if normal else None
        if row is None:
            raise NotFound(_("No table has this code. Check the table card."))
        guesses.give_back(request)
        return row

    @extend_schema(
        parameters=[CODE],
        summary="The table's hand being played (the table)",
        responses={200: s.DriveStateSerializer, 404: MISSING, 429: TOO_MANY},
    )
    def retrieve(self, request, code=None):
        row = self._table(request, code)
        data = state_data(selectors.drive_state(row.drive))
        data["tables"] = [t for t in data["tables"] if t["table"] == row.number]
        return Response(data)

    @extend_schema(
        parameters=[CODE],
        summary="Enter the table's hand (the table, with its code)",
        request=s.DriveTableEntryInSerializer,
        responses={
            201: s.DriveEntrySerializer,
            400: INVALID,
            404: MISSING,
            409: CONFLICT,
            429: TOO_MANY,
        },
    )
    @action(detail=True, methods=["post"])
    def hands(self, request, code=None):
        row = self._table(request, code)
        body = s.DriveTableEntryInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        if not guesses.try_take(request):
            raise Throttled(detail=_("Too many wrong codes: wait a few minutes."))
        try:
            entry = entry_record(drive=row.drive, table=row.number, by=None, **body.validated_data)
        except CardRefused as error:  # a wrong card code stays counted
            raise ValidationError({"card": [str(error)]}) from error
        except HandConflict as error:
            guesses.give_back(request)
            return _conflict(error)
        except ClubError as error:
            guesses.give_back(request)
            raise _refused(error) from error
        guesses.give_back(request)
        return Response(s.DriveEntrySerializer(entry).data, status=status.HTTP_201_CREATED)
