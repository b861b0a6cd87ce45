"""Site-level API endpoints."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, viewsets
from rest_framework.request import Request
from rest_framework.response import Response


class MeSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField()
    roles = serializers.ListField(child=serializers.DictField())


class MeViewSet(viewsets.ViewSet):
    """Who is logged in, and their role in each club."""

    permission_classes = [permissions.IsAuthenticated]

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
