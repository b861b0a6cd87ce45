"""Viewsets of the clubs API: thin, permissions from clubs.permissions, domain errors → 400/409."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from clubs.api.serializers import HandEntrySerializer, HandSerializer, RubberSerializer
from clubs.errors import ClubError, HandConflict
from clubs.models import RubberRecord
from clubs.permissions import Action, can
from clubs.rubbers import hand_enter


class RubberViewSet(viewsets.ReadOnlyModelViewSet):
    """Rubbers played at club-night tables, with their hands; anyone reads."""

    serializer_class = RubberSerializer
    permission_classes = [AllowAny]
    queryset = (
        RubberRecord.objects.select_related("table__club_night")
        .prefetch_related("hands")
        .order_by("pk")
    )

    @extend_schema(
        request=HandEntrySerializer,
        responses={201: HandSerializer, 400: None, 403: None, 409: HandSerializer},
    )
    @action(detail=True, methods=["post"], url_path="hands")
    def enter_hand(self, request, pk=None):
        """Enter the next hand; 409 with the stored hand when another phone entered it first."""
        rubber = self.get_object()
        seated = rubber.table.seats.values_list("member_id", flat=True)
        if not can(
            request.user, Action.ENTER_SCORES, rubber.table.club_night.club_id, seated=seated
        ):
            return Response(status=status.HTTP_403_FORBIDDEN)
        entry = HandEntrySerializer(data=request.data)
        entry.is_valid(raise_exception=True)
        data = dict(entry.validated_data)
        number = data.pop("number")
        try:
            hand = hand_enter(rubber=rubber, expected_number=number, by=request.user, **data)
        except HandConflict as conflict:
            body = {"detail": str(conflict)}
            if conflict.stored is not None:
                body["stored"] = HandSerializer(conflict.stored).data
            return Response(body, status=status.HTTP_409_CONFLICT)
        except ClubError as error:
            return Response({"detail": str(error)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(HandSerializer(hand).data, status=status.HTTP_201_CREATED)
