"""Viewsets of the whist-family API, under ``/api/clubs/{club_slug}/``: tables (organisers
set them up; seated players, organisers and secretaries enter hands, 409 with the stored
hand on a conflict), hands with their corrections (secretaries correct), a night's summary.
Anyone reads. Permissions from :mod:`clubs.permissions`, as for Boston."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import SAFE_METHODS
from rest_framework.response import Response

from clubs.api.access import CLUB_SLUG, ClubScoped
from clubs.api.inputs import query_id
from clubs.errors import ClubError, HandConflict
from clubs.models import ClubNight, Member
from clubs.permissions import Action, ClubPermission, IsClubOrganiser, IsClubSecretary, can
from variants import selectors
from variants.api import serializers as s
from variants.models import VariantHand
from variants.services import hand_correct, hand_enter, variant_table_create

REFUSED = OpenApiResponse(s.VariantDetailSerializer, description="Why not (the engine's ruling)")
FORBIDDEN = OpenApiResponse(s.VariantDetailSerializer, description="Not allowed for this user")
MISSING = OpenApiResponse(s.VariantDetailSerializer, description="No such row in this club")


def _filter_value(request, name: str) -> int | None:
    return query_id(request, name)


class SeatedAtVariantTable(ClubPermission):
    """Entering a hand: a player seated at the table, or an organiser or secretary."""

    write_action = Action.ENTER_SCORES

    def has_object_permission(self, request, view, obj) -> bool:
        if request.method in SAFE_METHODS:
            return True
        seated = [seat.member_id for seat in obj.seats.all()]
        return can(request.user, self.write_action, view.get_object_club(obj), seated=seated)


@extend_schema(parameters=[CLUB_SLUG])
class VariantTableViewSet(
    ClubScoped,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    """Whist-family tables of the club's nights with seats, hands and totals."""

    serializer_class = s.VariantTableSerializer
    queryset = selectors.tables_with_hands().order_by("-club_night__date", "club_night", "number")
    club_path = "club_night__club"

    def get_permissions(self):
        if self.action == "enter_hand":
            return [SeatedAtVariantTable()]
        return [IsClubOrganiser()]

    @extend_schema(
        parameters=[
            OpenApiParameter("night", int, required=False, description="Only this night's.")
        ],
        responses={200: s.VariantTableSerializer(many=True), 400: REFUSED, 404: MISSING},
        summary="List whist-family tables (anyone)",
    )
    def list(self, request, *args, **kwargs):
        """The tables, optionally of one night (``?night=<id>``)."""
        return super().list(request, *args, **kwargs)

    def filter_queryset(self, queryset):
        night = _filter_value(self.request, "night") if self.action == "list" else None
        return queryset.filter(club_night_id=night) if night else queryset

    @extend_schema(
        responses={200: s.VariantTableSerializer, 404: MISSING},
        summary="A whist-family table with its hands and totals (anyone)",
    )
    def retrieve(self, request, *args, **kwargs):
        """Seats, every hand as judged, each seat's total."""
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(
        request=s.VariantTableCreateSerializer,
        responses={
            201: s.VariantTableSerializer,
            400: REFUSED,
            401: FORBIDDEN,
            403: FORBIDDEN,
            404: MISSING,
        },
        summary="Set up a whist-family table (organisers, secretaries)",
    )
    def create(self, request, *args, **kwargs):
        """Set up a table of one game at one of the club's nights."""
        body = s.VariantTableCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        night = get_object_or_404(ClubNight, pk=data.pop("club_night"), club=self.get_club())
        ids = data.pop("members")
        found = Member.objects.in_bulk(ids)
        if len(found) != len(set(ids)) or len(set(ids)) != len(ids):
            raise ValidationError({"detail": "Unknown or repeated member id."})
        try:
            table = variant_table_create(club_night=night, members=[found[i] for i in ids], **data)
        except ClubError as error:
            raise ValidationError({"detail": str(error)}) from error
        table = selectors.table_get(table.pk)
        return Response(s.VariantTableSerializer(table).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=s.VariantHandEntrySerializer,
        responses={
            201: s.VariantHandSerializer,
            400: REFUSED,
            401: FORBIDDEN,
            403: FORBIDDEN,
            404: MISSING,
            409: OpenApiResponse(s.VariantConflictSerializer, description="Already stored"),
        },
        summary="Enter the next hand (players at the table, organisers, secretaries)",
    )
    @action(detail=True, methods=["post"], url_path="hands")
    def enter_hand(self, request, club_slug=None, pk=None):
        """Enter the next hand; a 409 carries the stored hand when another phone was first."""
        table = self.get_object()
        body = s.VariantHandEntrySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            hand = hand_enter(
                table=table,
                expected_number=body.validated_data["number"],
                entry=body.entry(),
                by=request.user,
            )
        except HandConflict as conflict:
            answer = {"detail": str(conflict)}
            if conflict.stored is not None:
                answer["stored"] = s.VariantHandSerializer(conflict.stored).data
            return Response(answer, status=status.HTTP_409_CONFLICT)
        except ClubError as error:
            raise ValidationError({"detail": str(error)}) from error
        return Response(s.VariantHandSerializer(hand).data, status=status.HTTP_201_CREATED)


@extend_schema(parameters=[CLUB_SLUG])
class VariantHandViewSet(
    ClubScoped, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """Hands as entered and judged; a secretary corrects one with a reason."""

    serializer_class = s.VariantHandSerializer
    permission_classes = [IsClubSecretary]
    queryset = VariantHand.objects.prefetch_related("lines").order_by("table", "number")
    club_path = "table__club_night__club"

    @extend_schema(
        parameters=[
            OpenApiParameter("table", int, required=False, description="Only this table's.")
        ],
        responses={200: s.VariantHandSerializer(many=True), 400: REFUSED, 404: MISSING},
        summary="List whist-family hands (anyone)",
    )
    def list(self, request, *args, **kwargs):
        """The hands, optionally of one table (``?table=<id>``)."""
        return super().list(request, *args, **kwargs)

    def filter_queryset(self, queryset):
        table = _filter_value(self.request, "table") if self.action == "list" else None
        return queryset.filter(table_id=table) if table else queryset

    @extend_schema(
        responses={200: s.VariantHandSerializer, 404: MISSING},
        summary="A whist-family hand (anyone)",
    )
    def retrieve(self, request, *args, **kwargs):
        """The hand as entered and every player's line."""
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(
        methods=["GET"],
        request=None,
        responses={200: s.VariantCorrectionSerializer(many=True), 404: MISSING},
        summary="A hand's corrections (anyone)",
    )
    @extend_schema(
        methods=["POST"],
        request=s.VariantCorrectSerializer,
        responses={
            201: s.VariantCorrectionSerializer,
            400: REFUSED,
            401: FORBIDDEN,
            403: FORBIDDEN,
            404: MISSING,
        },
        summary="Correct a hand (secretaries)",
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def corrections(self, request, club_slug=None, pk=None):
        """Every correction, oldest first; a secretary posts one (later hands re-judged)."""
        hand = self.get_object()
        if request.method == "GET":
            rows = hand.corrections.select_related("corrected_by", "hand")
            return Response(s.VariantCorrectionSerializer(rows, many=True).data)
        body = s.VariantCorrectSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            correction = hand_correct(
                hand=hand, entry=body.entry(), by=request.user, reason=body.validated_data["reason"]
            )
        except ClubError as error:
            raise ValidationError({"detail": str(error)}) from error
        return Response(
            s.VariantCorrectionSerializer(correction).data, status=status.HTTP_201_CREATED
        )


@extend_schema(parameters=[CLUB_SLUG])
class VariantNightViewSet(ClubScoped, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """A club night's whist-family summary: the tables and each player's total per game."""

    serializer_class = s.VariantNightSerializer
    permission_classes = [IsClubOrganiser]
    queryset = ClubNight.objects.order_by("pk")

    @extend_schema(
        responses={200: s.VariantNightSerializer, 404: MISSING},
        summary="A club night's whist-family summary (anyone)",
    )
    def retrieve(self, request, *args, **kwargs):
        """The night's tables and each player's total per game, best first."""
        night = self.get_object()
        tables = selectors.night_tables(night)
        data = {
            "id": night.pk,
            "date": night.date,
            "tables": [t.pk for t in tables],
            "players": selectors.night_summary(tables),
        }
        return Response(s.VariantNightSerializer(data).data)
