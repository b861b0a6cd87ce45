"""Locked EW confirmation codes through the API, for an event's directors
(:func:`tournaments.visibility.is_director`: never an organiser who plays in it), as on the
section's dashboard:

* ``GET /api/code-locks/?section={id}`` — the section's tables whose code is locked;
* ``POST /api/code-locks/lift/`` with ``{"section", "round", "table"}`` — lift one lock.

A refusal is a 400 (missing or malformed field) or a 403 with a ``detail``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from clubs.api.inputs import DateTimeField
from scoring import confirmation, selectors
from scoring.access import DIRECTORS_ONLY, directs_section
from scoring.errors import ScoringError

DETAIL = inline_serializer("CodeLockRefusal", {"detail": serializers.CharField()})


class CodeLockSerializer(serializers.Serializer):
    section = serializers.IntegerField(source="seating.section_id")
    round = serializers.IntegerField(source="seating.round")
    table = serializers.IntegerField(source="seating.table")
    failures = serializers.IntegerField()
    locked_at = DateTimeField()


class CodeLockLiftSerializer(serializers.Serializer):
    section = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
    round = serializers.IntegerField(min_value=1, max_value=32767)
    table = serializers.IntegerField(min_value=1, max_value=32767)


def _directed_section(request, section_id):
    """The section when the user directs its event, else a refusal Response."""
    section = selectors.section_get(section_id)
    if section is None or not directs_section(request.user, section):
        return None, Response(
            {
                "detail": _("Only the event's directors see and lift locked codes."),
                "code": DIRECTORS_ONLY,
            },
            status=status.HTTP_403_FORBIDDEN,
        )
    return section, None


class CodeLockViewSet(viewsets.ViewSet):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        parameters=[OpenApiParameter("section", int, required=True, description="Section id")],
        responses={200: CodeLockSerializer(many=True), 400: DETAIL, 403: DETAIL},
    )
    def list(self, request):
        """The section's tables whose confirmation code is locked."""
        text = request.query_params.get("section", "")
        if not (text.isascii() and text.isdigit() and len(text) < 10):
            return Response(
                {"detail": _("Give the section's id: ?section=…")},
                status=status.HTTP_400_BAD_REQUEST,
            )
        section, refusal = _directed_section(request, int(text))
        if refusal is not None:
            return refusal
        locks = confirmation.code_locks(section.pk)
        return Response(CodeLockSerializer(locks, many=True).data)

    @extend_schema(
        request=CodeLockLiftSerializer,
        responses={
            200: inline_serializer("CodeLockLifted", {"lifted": serializers.BooleanField()}),
            400: DETAIL,
            403: DETAIL,
        },
    )
    @action(detail=False, methods=["post"])
    def lift(self, request):
        """Lift the lock on a table's code in a round (``lifted`` false: it was not locked)."""
        given = CodeLockLiftSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        section, refusal = _directed_section(request, given.validated_data["section"])
        if refusal is not None:
            return refusal
        try:
            lifted = confirmation.code_lock_lift(
                section_id=section.pk,
                round=given.validated_data["round"],
                table=given.validated_data["table"],
                club_id=selectors.club_id_of(section),
                by=request.user,
            )
        except ScoringError as error:
            return Response({"detail": str(error)}, status=status.HTTP_400_BAD_REQUEST)
        return Response({"lifted": lifted})
