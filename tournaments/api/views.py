"""The tournaments API: everyone reads; organisers and secretaries of the club change."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.api.inputs import body_id, query_id
from clubs.inputs import parse_int
from clubs.models import Club, Member
from clubs.permissions import IsClubOrganiser
from tournaments import schedule, selectors, services
from tournaments.api import serializers as s
from tournaments.errors import BoardPlayedError, TournamentError
from tournaments.models import Board, BoardSet, Entry, Section, Session, Tournament


def _bad(error: Exception) -> ValidationError:
    return ValidationError({"detail": str(error)})


class TournamentViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    serializer_class = s.TournamentSerializer
    permission_classes = [IsClubOrganiser]
    queryset = Tournament.objects.select_related("club").order_by("-starts", "name")

    def get_queryset(self):
        qs = super().get_queryset()
        club = query_id(self.request, "club")
        return qs.filter(club_id=club) if club else qs

    def get_permission_club(self, request: Request) -> int | None:
        return body_id(request, "club")

    def perform_create(self, serializer) -> None:
        data = dict(serializer.validated_data)
        data.pop("rule_overrides", None)
        try:
            serializer.instance = services.tournament_create(**data)
        except TournamentError as error:
            raise _bad(error) from error

    @extend_schema(request=s.StatusSerializer, responses=s.TournamentSerializer)
    @action(detail=True, methods=["post"])
    def status(self, request: Request, pk: str) -> Response:
        tournament = self.get_object()
        body = s.StatusSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            services.tournament_set_status(
                tournament=tournament, status=body.validated_data["status"]
            )
        except (TournamentError, ValueError) as error:
            raise _bad(error) from error
        return Response(s.TournamentSerializer(tournament).data)


class SessionViewSet(viewsets.ReadOnlyModelViewSet):
    """An event's sessions (read only: sessions are made with the event)."""

    serializer_class = s.SessionSerializer
    permission_classes = [IsClubOrganiser]
    queryset = Session.objects.select_related("tournament").order_by("pk")

    def get_object_club(self, obj: Session) -> int:
        return obj.tournament.club_id


class SectionViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Sections with their schedule as movement JSON; organisers generate schedules."""

    serializer_class = s.SectionSerializer
    permission_classes = [IsClubOrganiser]
    queryset = Section.objects.select_related("session__tournament").order_by("pk")

    def get_object_club(self, obj: Section) -> int:
        return obj.session.tournament.club_id

    @extend_schema(
        parameters=[
            OpenApiParameter("boards", int, description="Boards available (1–200)"),
            OpenApiParameter("minutes", int, description="Minutes available (1–1440)"),
        ],
        responses={200: {"type": "array", "items": {"type": "object"}}},
    )
    @action(detail=True, methods=["get"])
    def suggestions(self, request: Request, pk: str) -> Response:
        section = self.get_object()
        entries = Entry.objects.filter(section=section, withdrawn=False).count()

        options = schedule.suggestions(
            entries=entries,
            boards=parse_int(request.query_params.get("boards"), "boards", min=1, max=200),
            minutes=parse_int(request.query_params.get("minutes"), "minutes", min=1, max=24 * 60),
            individual=section.session.tournament.individual,
        )
        return Response(
            [option.to_dict() if hasattr(option, "to_dict") else vars(option) for option in options]
        )

    @extend_schema(request=s.GenerateSerializer, responses=s.SectionSerializer)
    @action(detail=True, methods=["post"])
    def generate(self, request: Request, pk: str) -> Response:
        section = self.get_object()
        body = s.GenerateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            data = dict(body.validated_data)
            schedule.section_generate(section=section, kind=data.pop("movement_type"), **data)
        except TournamentError as error:
            raise _bad(error) from error
        section.refresh_from_db()
        return Response(s.SectionSerializer(section).data)


class EntryViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    serializer_class = s.EntrySerializer
    permission_classes = [IsClubOrganiser]
    queryset = Entry.objects.select_related(
        "member1", "member2", "section__session__tournament"
    ).order_by("section", "number")

    def get_queryset(self):
        qs = super().get_queryset()
        section = query_id(self.request, "section")
        return qs.filter(section_id=section) if section else qs

    def get_object_club(self, obj: Entry) -> int:
        return obj.section.session.tournament.club_id

    def get_permission_club(self, request: Request) -> int | None:
        section = body_id(request, "section")
        if section is None:
            return None
        row = (
            Section.objects.filter(pk=section)
            .values_list("session__tournament__club_id", flat=True)
            .first()
        )
        return row

    def perform_create(self, serializer) -> None:
        data = serializer.validated_data
        try:
            serializer.instance = services.entry_add(
                section=data["section"],
                member1=data.get("member1"),
                member2=data.get("member2"),
                guest1=data.get("guest1", ""),
                guest2=data.get("guest2", ""),
            )
        except TournamentError as error:
            raise _bad(error) from error

    @extend_schema(request=s.WithdrawSerializer, responses=s.EntrySerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str) -> Response:
        entry = self.get_object()
        body = s.WithdrawSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            services.entry_withdraw(entry=entry, changed_by=request.user, **body.validated_data)
        except TournamentError as error:
            raise _bad(error) from error
        return Response(s.EntrySerializer(entry).data)

    @extend_schema(request=s.SubstituteSerializer, responses=s.EntrySerializer)
    @action(detail=True, methods=["post"])
    def substitute(self, request: Request, pk: str) -> Response:
        entry = self.get_object()
        body = s.SubstituteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        member_id = data.pop("member", None)
        member = get_object_or_404(Member, pk=member_id) if member_id else None
        try:
            services.entry_substitute(entry=entry, member=member, changed_by=request.user, **data)
        except TournamentError as error:
            raise _bad(error) from error
        return Response(s.EntrySerializer(entry).data)


class BoardSetViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Board sets with their boards; create one from a seed or a PBN file; export as PBN."""

    serializer_class = s.BoardSetSerializer
    permission_classes = [IsClubOrganiser]
    queryset = BoardSet.objects.prefetch_related("boards").order_by("-created")

    def get_permission_club(self, request: Request) -> int | None:
        return body_id(request, "club")

    @extend_schema(request=s.BoardSetCreateSerializer, responses={201: s.BoardSetCreatedSerializer})
    def create(self, request: Request) -> Response:
        body = s.BoardSetCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        club = get_object_or_404(Club, pk=data["club"])
        notes = []
        try:
            if data.get("pbn"):
                imported = services.board_set_import_pbn_file(
                    club=club,
                    text=data["pbn"],
                    trump_scheme=data["trump_scheme"],
                    dealer_rule=data["dealer_rule"],
                    name=data["name"],
                )
                board_set = imported.board_set
                notes = [
                    {
                        "board": note.number,
                        "file_dealer": note.file_dealer.name,
                        "number_dealer": note.number_dealer.name,
                    }
                    for note in imported.dealer_notes
                ]
            else:
                board_set = services.board_set_generate(
                    club=club,
                    count=data.get("count") or 24,
                    seed=data.get("seed"),
                    trump_scheme=data["trump_scheme"],
                    name=data["name"],
                )
        except TournamentError as error:
            raise _bad(error) from error
        board_set = self.get_queryset().get(pk=board_set.pk)
        board_set.dealer_notes = notes
        return Response(s.BoardSetCreatedSerializer(board_set).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={(200, "text/plain"): OpenApiTypes.STR})
    @action(detail=True, methods=["get"])
    def pbn(self, request: Request, pk: str) -> HttpResponse:
        board_set = self.get_object()
        return HttpResponse(
            selectors.board_set_pbn(board_set), content_type="text/plain; charset=utf-8"
        )


class BoardViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """One board; organisers and secretaries correct its deal until a result exists."""

    serializer_class = s.BoardSerializer
    permission_classes = [IsClubOrganiser]
    queryset = Board.objects.select_related("board_set").order_by("pk")

    def get_object_club(self, obj: Board) -> int:
        return obj.board_set.club_id

    @extend_schema(
        request=s.BoardDealSerializer,
        responses={
            200: s.BoardSerializer,
            400: OpenApiResponse(description="The deal is impossible (a card twice, a hand of 12)"),
            409: OpenApiResponse(description="The board has results: its deal cannot change"),
        },
    )
    def partial_update(self, request: Request, pk: str) -> Response:
        """Correct the deal, given as ``deal`` (PBN) or ``hands`` (N, E, S, W); its
        double-dummy table is recomputed in the background."""
        board = self.get_object()
        body = s.BoardDealSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        hands = body.validated_data.get("hands")
        try:
            board = services.board_deal_change(
                board=board,
                deal_pbn=body.validated_data.get("deal"),
                hands=hands,
                changed_by=request.user,
                reason=body.validated_data["reason"],
            )
        except BoardPlayedError as error:
            return Response({"detail": str(error)}, status=status.HTTP_409_CONFLICT)
        except TournamentError as error:
            raise _bad(error) from error
        return Response(s.BoardSerializer(board).data)
