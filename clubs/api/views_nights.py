"""Viewsets of club nights, their tables, rubbers and hands (all under ``clubs/{club_slug}/``).

Anyone reads. Entering a hand: a player seated at the table, or an organiser or secretary;
a second phone entering the same hand gets a 409 with the stored hand. Correcting a hand: a
secretary, with a reason; every correction is listed with its hand.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from clubs.api import serializers_nights as s
from clubs.api.access import CLUB_SLUG, ClubScoped, SeatedAtTable
from clubs.api.views import bad_request
from clubs.errors import ClubError, HandConflict
from clubs.models import ClubNight, HandRecord, RubberRecord, RubberTable
from clubs.permissions import IsClubOrganiser, IsClubSecretary
from clubs.rubbers import hand_correct, hand_enter


def _filter_by(queryset, request, param: str, field: str):
    """``queryset`` narrowed to ``?param=<id>`` when the request gives a number."""
    value = request.query_params.get(param, "")
    return queryset.filter(**{field: int(value)}) if value.isdigit() else queryset


def _id_filter(name: str, what: str) -> OpenApiParameter:
    return OpenApiParameter(name, int, required=False, description=f"Only those of this {what}.")


class ReadOnlyClubScoped(
    ClubScoped, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """List and retrieve the club's rows; writes are the subclasses' own actions."""


@extend_schema(parameters=[CLUB_SLUG])
class ClubNightViewSet(ReadOnlyClubScoped):
    """The club's nights of rubber whist, newest first, with their tables' ids."""

    serializer_class = s.ClubNightSerializer
    permission_classes = [IsClubOrganiser]
    queryset = ClubNight.objects.prefetch_related("tables").order_by("-date", "pk")


@extend_schema(parameters=[CLUB_SLUG])
class TableViewSet(ReadOnlyClubScoped):
    """Tables of the club's nights: who sits where for rubber 1, and the rubbers' ids."""

    serializer_class = s.TableSerializer
    permission_classes = [IsClubOrganiser]
    queryset = RubberTable.objects.prefetch_related("seats__member", "rubbers").order_by(
        "-club_night__date", "club_night", "number"
    )
    club_path = "club_night__club"

    @extend_schema(parameters=[_id_filter("night", "club night")])
    def list(self, request, *args, **kwargs):
        """The tables, optionally of one night (``?night=<id>``)."""
        return super().list(request, *args, **kwargs)

    def filter_queryset(self, queryset):
        return _filter_by(queryset, self.request, "night", "club_night_id")


@extend_schema(parameters=[CLUB_SLUG])
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
        request=s.HandEntrySerializer,
        responses={
            201: s.HandSerializer,
            400: OpenApiResponse(description="The engine's reason the hand is impossible"),
            403: OpenApiResponse(description="Not seated at this table"),
            409: OpenApiResponse(description="Already stored: `stored` is the stored hand"),
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
        number = data.pop("number")
        try:
            hand = hand_enter(rubber=rubber, expected_number=number, by=request.user, **data)
        except HandConflict as conflict:
            body = {"detail": str(conflict)}
            if conflict.stored is not None:
                body["stored"] = s.HandSerializer(conflict.stored).data
            return Response(body, status=status.HTTP_409_CONFLICT)
        except ClubError as error:
            raise bad_request(error) from error
        return Response(s.HandSerializer(hand).data, status=status.HTTP_201_CREATED)


@extend_schema(parameters=[CLUB_SLUG])
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
        request=None,
        responses=s.HandCorrectionSerializer(many=True),
        description="Every correction of the hand, oldest first: who, when, before, after, why.",
    )
    @extend_schema(
        methods=["POST"],
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
