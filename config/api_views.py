"""Site-level API endpoints."""

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, viewsets
from rest_framework.request import Request
from rest_framework.response import Response


class MeSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField()
    roles = serializers.ListField(child=serializers.DictField())


class _OneObject(AutoSchema):
    """``GET /api/me/`` answers one object, though DRF's router names the action ``list``."""

    def _is_list_view(self, serializer=None) -> bool:
        return False


class MeViewSet(viewsets.ViewSet):
    """Who is logged in, and their role in each club."""

    permission_classes = [permissions.IsAuthenticated]
    schema = _OneObject()

    @extend_schema(responses=MeSerializer)
    def list(self, request: Request) -> Response:
        user = request.user
        member = getattr(user, "member", None)
        roles = []
        if member is not None:
            roles = [
                {"club": m.club.slug, "role": m.role}
                for m in member.memberships.select_related("club").order_by("club__name")
            ]
        data = {
            "username": user.get_username(),
            "name": member.name if member else "",
            "roles": roles,
        }
        return Response(MeSerializer(data).data)
