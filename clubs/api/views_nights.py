"""Viewsets of club nights, their tables, rubbers and hands (all under ``clubs/{club_slug}/``).

Anyone reads. Entering a hand: a player seated at the table, or an organiser or secretary;
a second phone entering the same hand gets a 409 with the stored hand. Correcting a hand: a
secretary, with a reason; every correction is listed with its hand.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from clubs.api import serializers_nights as s
from clubs.api.access import CLUB_SLUG, ClubScoped, SeatedAtTable
from clubs.api.inputs import query_id
from clubs.api.views import bad_request
from clubs.errors import ClubError, HandConflict
from clubs.idempotency import HEADER, idempotent
from clubs.matches import is_dummy_hand, match_state, rubber_start_next
from clubs.models import ClubNight, HandRecord, Member, RubberRecord, RubberTable
from clubs.nights import night_create, table_add
from clubs.permissions import IsClubOrganiser, IsClubSecretary
from clubs.rubbers import hand_correct, hand_enter
from engine.cards import Seat


def _filter_by(queryset, request, param: str, field: str):
    """``queryset`` narrowed to ``?param=<id>`` when the request gives one (400 when it is
    not an id)."""
    value = query_id(request, param)
    return queryset.filter(**{field: value}) if value else queryset


def _id_filter(name: str, what: str) -> OpenApiParameter:
    return OpenApiParameter(name, int, required=False, description=f"Only those of this {what}.")


class ReadOnlyClubScoped(
    ClubScoped, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """List and retrieve the club's rows; writes are the subclasses' own actions."""


@extend_schema(parameters=[CLUB_SLUG])
@extend_schema_view(
    list=extend_schema(summary="List the club's nights"),
    retrieve=extend_schema(summary="A club night with its tables"),
    create=extend_schema(summary="Create a club night (organisers, secretaries)"),
)
class ClubNightViewSet(mixins.CreateModelMixin, ReadOnlyClubScoped):
    """The club's nights of rubber whist, newest first, with their tables' ids. Anyone
    reads; organisers and secretaries create them (the club's profile unless another is
    given; the engine must accept the overrides)."""

    serializer_class = s.ClubNightSerializer
    permission_classes = [IsClubOrganiser]
    queryset = ClubNight.objects.prefetch_related("tables").order_by("-date", "pk")

    def perform_create(self, serializer) -> None:
        try:
            serializer.instance = night_create(club=self.get_club(), **serializer.validated_data)
        except ClubError as error:
            raise bad_request(error) from error


@extend_schema(parameters=[CLUB_SLUG])
@extend_schema_view(
    list=extend_schema(summary="List the tables"),
    retrieve=extend_schema(summary="A table: who sits where, its rubbers"),
)
class TableViewSet(ReadOnlyClubScoped):
    """Tables of the club's nights: who sits where for rubber 1, and the rubbers' ids.
    Organisers and secretaries seat a table (rubber 1 starts at once); the players seated
    there (or an organiser or secretary) start the next rubber of the three-rubber match."""

    serializer_class = s.TableSerializer
    permission_classes = [IsClubOrganiser]
    queryset = (
        RubberTable.objects.select_related("club_night")
        .prefetch_related("seats__member", "rubbers")
        .order_by("-club_night__date", "club_night", "number")
    )
    club_path = "club_night__club"

    def _shown(self, table: RubberTable, code: int = status.HTTP_200_OK) -> Response:
        return Response(self.get_serializer(self.get_queryset().get(pk=table.pk)).data, code)

    @extend_schema(
        summary="Seat a table (organisers, secretaries)",
        request=s.TableCreateSerializer,
        responses={201: s.TableSerializer},
    )
    def create(self, request, *args, **kwargs):
        """Seat a table at a night: four players (N, E, S, W as cut, ``first_dealer`` as
        cut) or three for dummy whist — members by id, guests by name (``null`` in
        ``members``, the name in ``guests``); refused with the reason (a member not in the
        club, or already at another table that night, a guest without a name)."""
        body = s.TableCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        night = ClubNight.objects.filter(club=self.get_club(), pk=data["club_night"]).first()
        if night is None:
            raise ValidationError({"club_night": _("There is no such night at this club.")})
        ids = [pk for pk in data["members"] if pk is not None]
        found = Member.objects.in_bulk(ids)
        missing = [str(pk) for pk in ids if pk not in found]
        if missing:
            raise ValidationError({"members": _("Unknown members: %s") % ", ".join(missing)})
        guests = list(data["guests"]) + [""] * len(data["members"])
        members = [
            found[pk] if pk is not None else guests[i] for i, pk in enumerate(data["members"])
        ]
        try:
            table = table_add(night=night, members=members, first_dealer=data["first_dealer"])
        except ClubError as error:
            raise bad_request(error) from error
        return self._shown(table, status.HTTP_201_CREATED)

    @extend_schema(summary="The three-rubber match", request=None, responses=s.MatchSerializer)
    @action(detail=True, methods=["get"])
    def match(self, request, club_slug=None, pk=None):
        """The three-rubber match: where each player sits in each rubber started (rubbers 2
        and 3 by the seat-change rule; at a dummy table, who holds Dummy) and each player's
        points over the finished rubbers."""
        table = self.get_object()
        try:
            state = match_state(table)
        except ClubError as error:
            raise bad_request(error) from error
        names = {seat.member_id: seat.member.name for seat in table.seats.all()}
        rubbers = [
            {
                "number": n,
                "seats": [
                    {"seat": seat.name, "member": None if is_dummy_hand(p) else p}
                    for seat, p in zip(Seat, seating.players, strict=True)
                ],
            }
            for n, seating in enumerate(state.seatings, start=1)
        ]
        totals = [
            {"member": member, "member_name": names.get(member, ""), "points": points}
            for member, points in state.totals.items()
            if not is_dummy_hand(member)
        ]
        return Response(s.MatchSerializer({"rubbers": rubbers, "totals": totals}).data)

    @extend_schema(
        summary="Start the next rubber (players at the table)",
        request=None,
        responses={
            201: s.RubberSerializer,
            400: OpenApiResponse(description="The last rubber is not over, or the match is"),
        },
    )
    @action(
        detail=True, methods=["post"], url_path="next-rubber", permission_classes=[SeatedAtTable]
    )
    def next_rubber(self, request, club_slug=None, pk=None):
        """Start the table's next rubber once the last is over (its first dealer follows
        from the rotation)."""
        table = self.get_object()
        try:
            rubber = rubber_start_next(table=table)
        except ClubError as error:
            raise bad_request(error) from error
        rubber = RubberRecord.objects.select_related("table__club_night").get(pk=rubber.pk)
        return Response(s.RubberSerializer(rubber).data, status=status.HTTP_201_CREATED)

    @extend_schema(parameters=[_id_filter("night", "club night")])
    def list(self, request, *args, **kwargs):
        """The tables, optionally of one night (``?night=<id>``)."""
        return super().list(request, *args, **kwargs)

    def filter_queryset(self, queryset):
        return _filter_by(queryset, self.request, "night", "club_night_id")


@extend_schema(parameters=[CLUB_SLUG])
@extend_schema_view(
    list=extend_schema(summary="List the rubbers"),
    retrieve=extend_schema(summary="A rubber with its hands and running score"),
)
class RubberViewSet(ReadOnlyClubScoped):
    """Rubbers with their hands, the engine's score of each hand and the running state
    (games, score of the current game, and once over the winner and rubber points)."""

    serializer_class = s.RubberSerializer
    permission_classes = [SeatedAtTable]
    queryset = (
        RubberRecord.objects.select_related("table__club_night")
        .prefetch_related("hands", "table__seats")
        .order_by("table", "number")
    )
    club_path = "table__club_night__club"

    @extend_schema(parameters=[_id_filter("table", "table")])
    def list(self, request, *args, **kwargs):
        """The rubbers, optionally of one table (``?table=<id>``)."""
        return super().list(request, *args, **kwargs)

    def filter_queryset(self, queryset):
        return _filter_by(queryset, self.request, "table", "table_id")

    @extend_schema(
        summary="Enter the next hand (players at the table)",
        request=s.HandEntrySerializer,
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                str,
                OpenApiParameter.HEADER,
                required=False,
                description="A random key per hand: a retry with the same key gets the "
                "first answer (header Idempotent-Replay: true), not a 409.",
            )
        ],
        responses={
            201: s.HandEnteredSerializer,
            400: OpenApiResponse(description="The engine's reason the hand is impossible"),
            403: OpenApiResponse(description="Not seated at this table"),
            409: OpenApiResponse(description="Already stored: `stored` is the stored hand"),
            422: OpenApiResponse(description="This Idempotency-Key was used for another hand"),
        },
    )
    @action(detail=True, methods=["post"], url_path="hands")
    def enter_hand(self, request, club_slug=None, pk=None):
        """Enter the next hand (``number`` is the hand the phone expects). The dealer is the
        one due; a 409 carries the stored hand when another phone entered it first."""
        rubber = self.get_object()
        entry = s.HandEntrySerializer(data=request.data)
        entry.is_valid(raise_exception=True)
        data = dict(entry.validated_data)
        code, body, replayed = idempotent(
            user=request.user,
            key=request.META.get(HEADER),
            path=request.path,
            data=data,
            call=lambda: _hand_answer(rubber, request.user, dict(data)),
        )
        response = Response(body, status=code)
        if replayed:
            response["Idempotent-Replay"] = "true"
        return response


def _hand_answer(rubber: RubberRecord, user, data: dict) -> tuple[int, dict]:
    """Enter the hand; ``(status, body)``: 201 with the hand and the rubber's new state, 409
    with the stored hand, 400 with the reason (answers an idempotency key can keep)."""
    number = data.pop("number")
    try:
        hand = hand_enter(rubber=rubber, expected_number=number, by=user, **data)
    except HandConflict as conflict:
        body = {"detail": str(conflict)}
        if conflict.stored is not None:
            body["stored"] = s.HandSerializer(conflict.stored).data
        return status.HTTP_409_CONFLICT, body
    except ClubError as error:
        return status.HTTP_400_BAD_REQUEST, {"detail": str(error)}
    hands = list(rubber.hands.order_by("number"))
    state, _scores = s.rubber_summary(rubber, hands)
    return status.HTTP_201_CREATED, {**s.HandSerializer(hand).data, "state": state}


@extend_schema(parameters=[CLUB_SLUG])
@extend_schema_view(
    list=extend_schema(summary="List the hands"),
    retrieve=extend_schema(summary="A hand as entered"),
)
class HandViewSet(ReadOnlyClubScoped):
    """Hands as entered, and their corrections: anyone reads; a secretary corrects a hand
    with a reason, and the engine re-scores the rubber."""

    serializer_class = s.HandSerializer
    permission_classes = [IsClubSecretary]
    queryset = HandRecord.objects.order_by("rubber", "number")
    club_path = "rubber__table__club_night__club"

    @extend_schema(parameters=[_id_filter("rubber", "rubber")])
    def list(self, request, *args, **kwargs):
        """The hands, optionally of one rubber (``?rubber=<id>``)."""
        return super().list(request, *args, **kwargs)

    def filter_queryset(self, queryset):
        return _filter_by(queryset, self.request, "rubber", "rubber_id")

    @extend_schema(
        methods=["GET"],
        summary="The hand's corrections",
        request=None,
        responses=s.HandCorrectionSerializer(many=True),
        description="Every correction of the hand, oldest first: who, when, before, after, why.",
    )
    @extend_schema(
        methods=["POST"],
        summary="Correct the hand (secretaries)",
        request=s.HandCorrectSerializer,
        responses={
            201: s.HandCorrectionSerializer,
            400: OpenApiResponse(description="No reason, or the engine refuses the change"),
        },
        description=(
            "Correct the hand (secretaries): send the reason and the facts that change. The "
            "engine re-scores the rubber; nothing changes if any hand would no longer score."
        ),
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def corrections(self, request, club_slug=None, pk=None):
        hand = self.get_object()
        if request.method == "GET":
            rows = hand.corrections.select_related("corrected_by").order_by("corrected_at", "pk")
            return Response(s.HandCorrectionSerializer(rows, many=True).data)
        body = s.HandCorrectSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        changes = dict(body.validated_data)
        reason = changes.pop("reason")
        try:
            correction = hand_correct(hand=hand, by=request.user, reason=reason, **changes)
        except ClubError as error:
            raise bad_request(error) from error
        return Response(s.HandCorrectionSerializer(correction).data, status=status.HTTP_201_CREATED)
