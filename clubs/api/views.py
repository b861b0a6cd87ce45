"""Viewsets of the clubs API: clubs, members, memberships and seasons (the season's ladders
are the site's: :mod:`tenace.api`).

Thin: check the input's shape, call one service, map :class:`clubs.errors.ClubError` to a 400
with its message. Permissions come from :mod:`clubs.permissions` (see
:mod:`clubs.api.access`). Club nights, tables, rubbers and hands: :mod:`clubs.api.views_nights`.
"""

from __future__ import annotations

from django.db.models import Prefetch
from django.utils.translation import gettext_lazy as _lazy
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import SAFE_METHODS
from rest_framework.response import Response

from clubs import club_settings, services
from clubs.api import serializers as s
from clubs.api.access import CLUB_SLUG, ClubScoped, ClubSettingsPermission
from clubs.api.inputs import FormParser, JSONParser, MultiPartParser
from clubs.errors import ClubError, MemberImportRefused
from clubs.models import Club, Member, Membership, Role, Season
from clubs.permissions import Action, IsClubSecretary, can, can_edit_person

DETAIL = OpenApiResponse(s.DetailSerializer, "Refused, with the reason in `detail`")


def bad_request(error: ClubError) -> ValidationError:
    """A domain error as a 400 ``{"detail": message}``."""
    return ValidationError({"detail": str(error)})


@extend_schema_view(
    list=extend_schema(summary="List the clubs"),
    retrieve=extend_schema(summary="A club and its settings"),
    create=extend_schema(summary="Create a club (site staff)"),
    update=extend_schema(summary="Change a club's settings (secretaries)"),
    partial_update=extend_schema(summary="Change some of a club's settings (secretaries)"),
)
class ClubViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    """Clubs: anyone reads; a club's secretaries change its settings; site staff create."""

    serializer_class = s.ClubSerializer
    permission_classes = [ClubSettingsPermission]
    queryset = Club.objects.order_by("name", "pk")
    lookup_field = "slug"
    lookup_url_kwarg = "slug"

    def perform_create(self, serializer) -> None:
        try:
            serializer.instance = club_settings.club_create(**serializer.validated_data)
        except ClubError as error:
            raise bad_request(error) from error

    def perform_update(self, serializer) -> None:
        data = dict(serializer.validated_data)
        data.pop("slug", None)
        try:
            serializer.instance = club_settings.club_update(club=serializer.instance, **data)
        except ClubError as error:
            raise bad_request(error) from error


class MemberPermission(IsClubSecretary):
    """Members: anyone reads; secretaries add and import; a member's name and contact
    details are changed by the person, or by a secretary only while
    :func:`clubs.permissions.can_edit_person` allows it."""

    message = _lazy(
        "A member's name and contact details are their own: they change them on their page."
    )

    def has_object_permission(self, request, view, obj) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return can_edit_person(request.user, obj)


@extend_schema(parameters=[CLUB_SLUG])
@extend_schema_view(
    list=extend_schema(summary="List the club's members"),
    retrieve=extend_schema(summary="A member with their roles in the club"),
)
class MemberViewSet(
    ClubScoped,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """The club's members with their roles in it. Anyone sees names and roles; ``email`` and
    ``phone`` only the club's organisers and secretaries. Secretaries add and edit members."""

    serializer_class = s.MemberSerializer
    permission_classes = [MemberPermission]
    queryset = Member.objects.order_by("name", "pk")
    club_path = "memberships__club"

    def get_queryset(self):
        queryset = super().get_queryset().distinct()
        if getattr(self, "swagger_fake_view", False):
            return queryset
        club_rows = Membership.objects.filter(club=self.get_club()).order_by("valid_from", "pk")
        return queryset.prefetch_related(
            Prefetch("memberships", queryset=club_rows, to_attr="club_memberships")
        )

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if "club" in context:
            # Per member, only while their membership here has not ended (the serializer).
            context["show_contact"] = can(self.request.user, Action.ORGANISE, context["club"])
        return context

    def _shown(self, member: Member, code: int) -> Response:
        member = self.get_queryset().get(pk=member.pk)
        return Response(self.get_serializer(member).data, status=code)

    @extend_schema(
        summary="Add a member (secretaries)",
        request=s.MemberCreateSerializer,
        responses={201: s.MemberSerializer},
    )
    def create(self, request, *args, **kwargs):
        """Add a member to the club with a first role (a known email reuses that person)."""
        body = s.MemberCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            membership = services.member_add(
                club=self.get_club(), by=request.user, **body.validated_data
            )
        except ClubError as error:
            raise bad_request(error) from error
        return self._shown(membership.member, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Change a member's details (the person, or secretaries while it is theirs)",
        request=s.MemberWriteSerializer,
        responses={200: s.MemberSerializer, 400: DETAIL, 403: DETAIL, 404: DETAIL},
    )
    def update(self, request, *args, **kwargs):
        """Change a member's name, email or phone (PATCH: only those sent). They are the
        person's own: a secretary changes them only while the person has no login and is a
        member of no club the secretary does not run (403 otherwise)."""
        member = self.get_object()  # MemberPermission: the person, or a secretary it allows
        body = s.MemberWriteSerializer(data=request.data, partial=kwargs.get("partial", False))
        body.is_valid(raise_exception=True)
        fields = {"name": member.name, "email": member.email, "phone": member.phone}
        try:
            services.member_update(member=member, by=request.user, **(fields | body.validated_data))
        except ClubError as error:
            raise bad_request(error) from error
        return self._shown(member, status.HTTP_200_OK)

    @extend_schema(
        summary="Change some of a member's details (the person, or secretaries)",
        request=s.MemberWriteSerializer,
        responses={200: s.MemberSerializer, 400: DETAIL, 403: DETAIL, 404: DETAIL},
    )
    def partial_update(self, request, *args, **kwargs):
        """Change some of a member's name, email and phone."""
        return self.update(request, *args, partial=True, **kwargs)

    @extend_schema(
        summary="Import members from CSV (secretaries)",
        request={
            "multipart/form-data": s.MemberImportSerializer,
            "application/json": s.MemberImportSerializer,
        },
        responses={
            201: s.MemberImportReportSerializer,
            400: OpenApiResponse(
                s.MemberImportReportSerializer, "Nothing imported: the refused rows"
            ),
        },
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="import",
        parser_classes=[MultiPartParser, FormParser, JSONParser],
    )
    def import_csv(self, request, club_slug=None):
        """Import members from CSV (columns ``name``, ``role``, ``from``; optional ``email``,
        ``phone``, ``to``): all rows or none; a 400 lists the refused rows and why."""
        body = s.MemberImportSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            report = services.member_import_csv(
                club=self.get_club(), text=body.validated_data["text"], by=self.request.user
            )
        except MemberImportRefused as refused:
            data = {"detail": str(refused), "created": 0, "refused": refused.report.refused}
            return Response(
                s.MemberImportReportSerializer(data).data, status=status.HTTP_400_BAD_REQUEST
            )
        data = {"created": report.created, "refused": []}
        return Response(s.MemberImportReportSerializer(data).data, status=status.HTTP_201_CREATED)


@extend_schema(parameters=[CLUB_SLUG])
@extend_schema_view(
    list=extend_schema(summary="List the roles in the club"),
    retrieve=extend_schema(summary="One role with its dates"),
    create=extend_schema(
        summary="Give a member of the club a role (secretaries)",
        description="Only for someone who is or was a member of the club (400 otherwise: "
        "add a new person as a member, or invite them).",
    ),
    update=extend_schema(summary="Change a role or its dates (secretaries)"),
    partial_update=extend_schema(summary="End a role or change it (secretaries)"),
)
class MembershipViewSet(
    ClubScoped,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    """Roles in the club (secretary, organiser, player) with their dates; anyone reads,
    secretaries give, change and end them (end one by setting ``valid_to``)."""

    serializer_class = s.MembershipSerializer
    permission_classes = [IsClubSecretary]
    queryset = Membership.objects.select_related("member").order_by("member__name", "pk")

    def perform_create(self, serializer) -> None:
        try:
            # A role left out is the model's default (a player), as the schema says.
            data = {"role": Role.PLAYER} | serializer.validated_data
            serializer.instance = services.membership_add(
                club=self.get_club(), by=self.request.user, **data
            )
        except ClubError as error:
            raise bad_request(error) from error

    def perform_update(self, serializer) -> None:
        membership = serializer.instance
        data = {
            "role": membership.role,
            "valid_from": membership.valid_from,
            "valid_to": membership.valid_to,
        } | {k: v for k, v in serializer.validated_data.items() if k != "member"}
        try:
            serializer.instance = services.membership_update(
                membership=membership, by=self.request.user, **data
            )
        except ClubError as error:
            raise bad_request(error) from error


@extend_schema(parameters=[CLUB_SLUG])
@extend_schema_view(
    list=extend_schema(summary="List the club's seasons"),
    retrieve=extend_schema(summary="A season with its counting rule"),
    create=extend_schema(summary="Create a season (secretaries)"),
    update=extend_schema(summary="Change a season (secretaries)"),
    partial_update=extend_schema(summary="Change some of a season (secretaries)"),
)
class SeasonViewSet(
    ClubScoped,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    """The club's seasons with their ladder counting rule (``count_best``: only each
    member's best N results, empty for all; ``min_attendance``: fewer results and a member is
    left off). Anyone reads; secretaries create and change them."""

    serializer_class = s.SeasonSerializer
    permission_classes = [IsClubSecretary]
    queryset = Season.objects.order_by("-starts", "pk")

    def perform_create(self, serializer) -> None:
        try:
            serializer.instance = services.season_create(
                club=self.get_club(), **serializer.validated_data
            )
        except ClubError as error:
            raise bad_request(error) from error

    def perform_update(self, serializer) -> None:
        season = serializer.instance
        data = {
            f: getattr(season, f)
            for f in ("name", "starts", "ends", "count_best", "min_attendance")
        } | dict(serializer.validated_data)
        try:
            serializer.instance = services.season_update(season=season, **data)
        except ClubError as error:
            raise bad_request(error) from error
