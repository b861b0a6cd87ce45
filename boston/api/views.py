"""Viewsets of the Boston API, under ``/api/clubs/{club_slug}/``: Boston tables (organisers
set them up; seated players, organisers and secretaries enter hands, 409 with the stored
hand on a conflict), hands with their corrections (secretaries correct), a night's summary.
Anyone reads. Permissions from :mod:`clubs.permissions` through :mod:`clubs.api.access`."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import SAFE_METHODS
from rest_framework.response import Response

from boston import selectors
from boston.api import serializers as s
from boston.models import BostonHand
from boston.services import boston_table_create, hand_correct, hand_enter
from clubs.api.access import CLUB_SLUG, ClubScoped
from clubs.api.inputs import query_id
from clubs.errors import ClubError, HandConflict
from clubs.models import ClubNight, Member
from clubs.permissions import Action, ClubPermission, IsClubOrganiser, IsClubSecretary, can


def _bad(error: ClubError) -> ValidationError:
    return ValidationError({"detail": str(error)})


class SeatedAtBostonTable(ClubPermission):
    """Entering a hand: a player seated at the Boston table, or an organiser or secretary."""

    write_action = Action.ENTER_SCORES

    def has_object_permission(self, request, view, obj) -> bool:
        if request.method in SAFE_METHODS:
            return True
        seated = [seat.member_id for seat in obj.seats.all()]
        return can(request.user, self.write_action, view.get_object_club(obj), seated=seated)


TABLE_FILTER = OpenApiParameter("night", int, required=False, description="Only this night's.")
HAND_FILTER = OpenApiParameter("table", int, required=False, description="Only this table's.")


@extend_schema(parameters=[CLUB_SLUG])
class BostonTableViewSet(
    ClubScoped,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    """Boston tables of the club's nights with seats, hands, totals and the pool."""

    serializer_class = s.BostonTableSerializer
    queryset = selectors.tables_with_hands().order_by("-club_night__date", "club_night", "number")
    club_path = "club_night__club"

    def get_permissions(self):
        if self.action == "enter_hand":
            return [SeatedAtBostonTable()]
        return [IsClubOrganiser()]

    @extend_schema(parameters=[TABLE_FILTER], summary="List Boston tables (anyone)")
    def list(self, request, *args, **kwargs):
        """The Boston tables, optionally of one night (``?night=<id>``)."""
        return super().list(request, *args, **kwargs)

    @extend_schema(summary="A Boston table with its hands and totals (anyone)")
    def retrieve(self, request, *args, **kwargs):
        """Seats, every hand as settled, each seat's total and the pool."""
        return super().retrieve(request, *args, **kwargs)

    def filter_queryset(self, queryset):
        night = query_id(self.request, "night")
        return queryset.filter(club_night_id=night) if night else queryset

    @extend_schema(
        request=s.BostonTableCreateSerializer,
        responses={201: s.BostonTableSerializer, 400: OpenApiResponse(description="Why not")},
        summary="Set up a Boston table (organisers, secretaries)",
    )
    def create(self, request, *args, **kwargs):
        """Set up a Boston table at one of the club's nights (organisers and secretaries)."""
        body = s.BostonTableCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        club = self.get_club()
        night = get_object_or_404(ClubNight, pk=data.pop("club_night"), club=club)
        ids = {
            seat: data.pop(name)
            for seat, name in zip("NESW", ("north", "east", "south", "west"), strict=True)
        }
        found = Member.objects.in_bulk(list(ids.values()))
        if len(found) != len(set(ids.values())):
            raise ValidationError({"detail": "Unknown member id."})
        try:
            table = boston_table_create(
                club_night=night, members={k: found[v] for k, v in ids.items()}, **data
            )
        except ClubError as error:
            raise _bad(error) from error
        table = selectors.table_get(table.pk)
        return Response(s.BostonTableSerializer(table).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=s.BostonHandEntrySerializer,
        responses={
            201: s.BostonHandSerializer,
            400: OpenApiResponse(description="The engine's reason the hand is refused"),
            403: OpenApiResponse(description="Not seated at this table"),
            409: OpenApiResponse(description="Already stored: `stored` is the stored hand"),
        },
        summary="Enter the next hand (players at the table, organisers, secretaries)",
    )
    @action(detail=True, methods=["post"], url_path="hands")
    def enter_hand(self, request, club_slug=None, pk=None):
        """Enter the next hand; a 409 carries the stored hand when another phone was first."""
        table = self.get_object()
        body = s.BostonHandEntrySerializer(data=request.data)
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
                answer["stored"] = s.BostonHandSerializer(conflict.stored).data
            return Response(answer, status=status.HTTP_409_CONFLICT)
        except ClubError as error:
            raise _bad(error) from error
        return Response(s.BostonHandSerializer(hand).data, status=status.HTTP_201_CREATED)


@extend_schema(parameters=[CLUB_SLUG])
class BostonHandViewSet(
    ClubScoped, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """Boston hands as entered and settled; a secretary corrects one with a reason."""

    serializer_class = s.BostonHandSerializer
    permission_classes = [IsClubSecretary]
    queryset = BostonHand.objects.order_by("table", "number")
    club_path = "table__club_night__club"

    @extend_schema(parameters=[HAND_FILTER], summary="List Boston hands (anyone)")
    def list(self, request, *args, **kwargs):
        """The hands as entered and settled, optionally of one table (``?table=<id>``)."""
        return super().list(request, *args, **kwargs)

    @extend_schema(summary="A Boston hand (anyone)")
    def retrieve(self, request, *args, **kwargs):
        """The hand as entered (calls or contract, tricks) and its payments."""
        return super().retrieve(request, *args, **kwargs)

    def filter_queryset(self, queryset):
        table = query_id(self.request, "table")
        return queryset.filter(table_id=table) if table else queryset

    @extend_schema(
        methods=["GET"],
        request=None,
        responses=s.BostonCorrectionSerializer(many=True),
        summary="A hand's corrections (anyone)",
        description="Every correction of the hand, oldest first: who, when, before, after, why.",
    )
    @extend_schema(
        methods=["POST"],
        request=s.BostonCorrectSerializer,
        responses={
            201: s.BostonCorrectionSerializer,
            400: OpenApiResponse(description="No reason, or the engine refuses the change"),
        },
        description="Correct the hand (secretaries): every later hand is settled again.",
        summary="Correct a hand (secretaries)",
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def corrections(self, request, club_slug=None, pk=None):
        hand = self.get_object()
        if request.method == "GET":
            rows = hand.corrections.select_related("corrected_by", "hand")
            return Response(s.BostonCorrectionSerializer(rows, many=True).data)
        body = s.BostonCorrectSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            correction = hand_correct(
                hand=hand,
                entry=body.entry(),
                by=request.user,
                reason=body.validated_data["reason"],
            )
        except ClubError as error:
            raise _bad(error) from error
        return Response(
            s.BostonCorrectionSerializer(correction).data, status=status.HTTP_201_CREATED
        )


@extend_schema(parameters=[CLUB_SLUG])
class BostonNightViewSet(ClubScoped, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """A club night's Boston summary: the tables and each player's total."""

    serializer_class = s.BostonNightSerializer
    permission_classes = [IsClubOrganiser]
    queryset = ClubNight.objects.order_by("pk")

    @extend_schema(summary="A club night's Boston summary (anyone)")
    def retrieve(self, request, *args, **kwargs):
        """The night's Boston tables and each player's total over them, best first."""
        night = self.get_object()
        tables = selectors.night_tables(night)
        data = {
            "id": night.pk,
            "date": night.date,
            "tables": [t.pk for t in tables],
            "players": selectors.night_summary(tables),
            "pool": selectors.night_pool(tables),
        }
        return Response(s.BostonNightSerializer(data).data)
