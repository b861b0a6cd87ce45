"""API tokens through the API: a member's own (``/api/me/tokens/``: list, create, revoke)
and the tokens of a club's members (``/api/clubs/{club_slug}/tokens/``: secretaries list
and revoke). No superuser or admin page is needed for any of it."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from clubs import tokens
from clubs.api import serializers_people as s
from clubs.api.access import CLUB_SLUG
from clubs.api.serializers import DetailSerializer
from clubs.api.views import bad_request
from clubs.errors import ClubError
from clubs.models import Club
from clubs.permissions import Action, can

DETAIL = OpenApiResponse(DetailSerializer, "Refused, with the reason in `detail`")


@extend_schema_view(
    list=extend_schema(summary="List my API tokens", responses={200: s.TokenSerializer}),
)
class MyTokenViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """The logged-in person's API tokens."""

    serializer_class = s.TokenSerializer
    permission_classes = [permissions.IsAuthenticated]
    pagination_class = None

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return tokens.ApiToken.objects.none()
        return tokens.tokens_of(self.request.user)

    @extend_schema(
        summary="Create an API token (its key is in this answer only)",
        request=s.TokenCreateSerializer,
        responses={201: s.TokenIssuedSerializer, 400: DETAIL, 401: DETAIL, 403: DETAIL},
    )
    def create(self, request):
        """Logged in (a session) only: a request made with a token is refused (403), so
        that no token outlives the one that made it."""
        refusal = tokens.token_create_refusal(request.auth)
        if refusal is not None:
            raise PermissionDenied(refusal)
        body = s.TokenCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            issued = tokens.token_create(user=request.user, **body.validated_data)
        except ClubError as error:
            raise bad_request(error) from error
        data = s.TokenSerializer(issued.token).data | {"key": issued.key}
        return Response(data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Revoke one of my API tokens",
        request=None,
        responses={200: s.TokenSerializer, 401: DETAIL, 403: DETAIL, 404: DETAIL},
    )
    @action(detail=True, methods=["post"])
    def revoke(self, request, pk=None):
        token = get_object_or_404(self.get_queryset(), pk=pk)
        tokens.token_revoke(token=token, by=request.user)
        return Response(s.TokenSerializer(token).data)


class IsTheClubsSecretary(permissions.BasePermission):
    """Every method, reads too: only the club's secretaries."""

    def has_permission(self, request, view) -> bool:
        return bool(
            request.user
            and request.user.is_authenticated
            and can(request.user, Action.MANAGE_CLUB, view.get_club())
        )


@extend_schema(parameters=[CLUB_SLUG])
@extend_schema_view(
    list=extend_schema(
        summary="List the API tokens of the club's members (secretaries)",
        responses={200: s.ClubTokenSerializer, 401: DETAIL, 403: DETAIL, 404: DETAIL},
    ),
)
class ClubTokenViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """The unrevoked tokens of the club's members whose membership has not ended, with
    their last use."""

    serializer_class = s.ClubTokenSerializer
    permission_classes = [IsTheClubsSecretary]

    def get_club(self) -> Club:
        if not hasattr(self, "_club"):
            self._club = get_object_or_404(Club, slug=self.kwargs.get("club_slug"))
        return self._club

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return tokens.ApiToken.objects.none()
        return tokens.club_tokens(self.get_club(), on=timezone.localdate())

    @extend_schema(
        summary="Revoke a member's API token (secretaries)",
        request=None,
        responses={200: s.ClubTokenSerializer, 401: DETAIL, 403: DETAIL, 404: DETAIL},
    )
    @action(detail=True, methods=["post"])
    def revoke(self, request, club_slug=None, pk=None):
        token = get_object_or_404(self.get_queryset(), pk=pk)
        tokens.token_revoke(token=token, by=request.user)
        return Response(s.ClubTokenSerializer(token).data)
