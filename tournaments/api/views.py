"""The tournaments API: everyone reads; organisers and secretaries of the club change."""

from __future__ import annotations

from dataclasses import asdict

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
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
from clubs.permissions import Action, IsClubOrganiser, can, require
from engine.pbn_text import pbn_export_bytes
from tournaments import (
    lifecycle,
    open_results,
    readiness,
    schedule,
    selectors,
    services,
    visibility,
)
from tournaments.api import serializers as s
from tournaments.errors import BoardPlayedError, StatusError, TournamentError
from tournaments.models import (
    Board,
    BoardSet,
    Entry,
    Section,
    Session,
    Tournament,
    TournamentStatus,
)


def _bad(error: Exception) -> ValidationError:
    """A refusal as a 400: its ``detail`` and its ``code`` (and, when finishing or releasing
    waits for results, what is ``open``)."""
    body = {"detail": str(error), "code": getattr(error, "code", "refused")}
    if isinstance(error, open_results.OpenResultsError):
        body["open"] = [item.as_dict() for item in error.report.items if item.blocks]
    return ValidationError(body)


def _deals_hidden() -> Response:
    """The refusal for deals that are not public yet (``code``: ``deals_hidden``)."""
    return Response(
        {"detail": visibility.deals_hidden_message(), "code": visibility.DEALS_HIDDEN},
        status=status.HTTP_403_FORBIDDEN,
    )


OpenResponse = OpenApiResponse(
    description="Refused: detail and code; code open_results lists the open results (open)"
)
_HIDDEN = OpenApiResponse(
    description="The deals are not public yet: JSON detail with code deals_hidden"
)


class TournamentViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    serializer_class = s.TournamentSerializer
    permission_classes = [IsClubOrganiser]
    queryset = (
        Tournament.objects.select_related("club")
        .prefetch_related("directors")
        .order_by("-starts", "name")
    )

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
            serializer.instance = services.tournament_create(**data, created_by=self.request.user)
        except TournamentError as error:
            raise _bad(error) from error

    @extend_schema(request=s.DirectorsSerializer, responses=s.TournamentSerializer)
    @action(detail=True, methods=["post"])
    def directors(self, request: Request, pk: str) -> Response:
        """Name the event's directors: organisers or secretaries of the club who do not
        play in it (organisers and secretaries who do not play themselves)."""
        tournament = self.get_object()
        body = s.DirectorsSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        ids = set(body.validated_data["directors"])
        members = list(Member.objects.filter(pk__in=ids))
        if len(members) != len(ids):
            raise ValidationError({"directors": [_("No such member.")], "code": "no_member"})
        try:
            services.tournament_directors_set(
                tournament=tournament, members=members, by=request.user
            )
        except TournamentError as error:
            raise _bad(error) from error
        return Response(s.TournamentSerializer(tournament).data)

    @extend_schema(request=s.StatusSerializer, responses=s.TournamentSerializer)
    @action(detail=True, methods=["post"])
    def status(self, request: Request, pk: str) -> Response:
        tournament = self._directed()
        body = s.StatusSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        if tournament.status == TournamentStatus.CLOSED:
            # A closed event is reopened by a secretary only.
            require(request.user, Action.MANAGE_CLUB, tournament.club_id)
        return self._move(request, tournament, body.validated_data["status"], body.validated_data)

    def _directed(self) -> Tournament:
        """The event, when the user directs it (the one director check of every status
        change: start, finish, release, hold back); else a 403 with the reason and the
        ``code`` ``directors_only``."""
        tournament = self.get_object()
        visibility.director_require(self.request.user, tournament)
        return tournament

    def _move(self, request: Request, tournament: Tournament, status: str, body: dict):
        try:
            services.tournament_set_status(
                tournament=tournament,
                status=status,
                by=request.user,
                reason=body.get("reason", ""),
                anyway=bool(body.get("anyway")),
            )
        except (TournamentError, ValueError) as error:
            raise _bad(error) from error
        return Response(s.TournamentSerializer(tournament).data)

    @extend_schema(
        request=s.ReasonSerializer,
        responses={200: s.TournamentSerializer, 400: OpenResponse},
        summary="Release the standings",
    )
    @action(detail=True, methods=["post"])
    def release(self, request: Request, pk: str) -> Response:
        """Release a finished event's standings: standings, travellers, score cards and
        deals become public and the season ladder counts the event. Recorded with who, when
        and ``reason``; refused (400, with the reason) unless the event is finished, and
        (``code`` open_results, with the ``open`` results) while a result is missing,
        unconfirmed or disputed, unless ``anyway`` with a ``reason``; (403) to anyone but
        the event's directors."""
        tournament = self._directed()
        body = s.ReasonSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        if tournament.status != TournamentStatus.FINISHED:
            raise _bad(
                StatusError(
                    _("Only a finished event is released; this one is %(status)s.")
                    % {"status": tournament.get_status_display()}
                )
            )
        return self._move(request, tournament, TournamentStatus.RELEASED, body.validated_data)

    @extend_schema(
        request=s.ReasonSerializer,
        responses={200: s.TournamentSerializer, 400: OpenApiResponse(description="Refused")},
        summary="Hold back the standings",
    )
    @action(detail=True, methods=["post"], url_path="hold-back")
    def hold_back(self, request: Request, pk: str) -> Response:
        """Take released standings back to the organisers (the event is finished again; the
        public pages and the ladder stop showing it). Recorded with who, when and
        ``reason``; refused (400) unless the event is released, and (403) to anyone but
        the event's directors."""
        tournament = self._directed()
        body = s.ReasonSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        if tournament.status != TournamentStatus.RELEASED:
            raise _bad(
                StatusError(
                    _("Only released standings are held back; this event is %(status)s.")
                    % {"status": tournament.get_status_display()}
                )
            )
        return self._move(request, tournament, TournamentStatus.FINISHED, body.validated_data)

    @extend_schema(
        request=s.ReasonSerializer,
        responses={200: s.TournamentSerializer, 400: OpenResponse},
        summary="Finish play",
    )
    @action(detail=True, methods=["post"])
    def finish(self, request: Request, pk: str) -> Response:
        """Finish play (the phones stop entering; directors still correct). Refused (400)
        unless the event is running, and (``code`` open_results, with the ``open``
        results) while a result is missing, unconfirmed or disputed, unless ``anyway``
        with a ``reason``."""
        tournament = self._directed()
        body = s.ReasonSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        if tournament.status != TournamentStatus.RUNNING:
            raise _bad(
                StatusError(
                    _("Only a running event is finished; this one is %(status)s.")
                    % {"status": tournament.get_status_display()}
                )
            )
        return self._move(request, tournament, TournamentStatus.FINISHED, body.validated_data)

    @extend_schema(responses=s.OpenResultsSerializer, summary="What is open in the results")
    @action(detail=True, methods=["get"], url_path="open")
    def open_list(self, request: Request, pk: str) -> Response:
        """Every board play with something open: missing, unconfirmed, disputed (these
        block finishing and releasing), adjusted and not played (listed to check).
        Organisers and secretaries of the club."""
        tournament = self.get_object()
        require(request.user, Action.ORGANISE, tournament.club_id)
        report = open_results.event_open_results(tournament)
        data = {
            "status": tournament.status,
            "settled": report.settled,
            "counts": report.counts,
            "open": [item.as_dict() for item in report.items],
        }
        return Response(s.OpenResultsSerializer(data).data)

    @extend_schema(responses=s.ChecksSerializer, summary="What the event needs before play")
    @action(detail=True, methods=["get"])
    def checks(self, request: Request, pk: str) -> Response:
        """The event's checks (entries, boards, a schedule for every section) with what is
        missing and where to fix it, and the status changes open now (each with why it is
        blocked, if it is). Organisers and secretaries of the club."""
        tournament = self.get_object()
        require(request.user, Action.ORGANISE, tournament.club_id)
        checks = readiness.tournament_checks(tournament)
        ready = all(check.ok for check in checks)
        actions = lifecycle.status_actions(
            tournament,
            is_secretary=can(request.user, Action.MANAGE_CLUB, tournament.club_id),
            checks_pass=ready,
            open_report=open_results.event_open_results(tournament)
            if tournament.status in open_results.OPEN_RESULTS_STATUSES
            else None,
        )
        data = {
            "status": tournament.status,
            "ready": ready,
            "checks": [check.as_dict() for check in checks],
            "actions": [asdict(action) for action in actions],
        }
        return Response(s.ChecksSerializer(data).data)

    @extend_schema(responses=s.StatusChangeSerializer(many=True), summary="Status history")
    @action(detail=True, methods=["get"], pagination_class=None)
    def history(self, request: Request, pk: str) -> Response:
        """Every change of the event's status, newest first: who, when, from, to and why.
        Organisers and secretaries of the club."""
        tournament = self.get_object()
        require(request.user, Action.ORGANISE, tournament.club_id)
        changes = lifecycle.status_history(tournament)
        return Response(s.StatusChangeSerializer(changes, many=True).data)


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

    @extend_schema(
        request=s.EntriesListSerializer,
        responses={200: s.EntriesListResultSerializer, 400: OpenApiResponse(description="Refused")},
        summary="Add entries from a list",
    )
    @action(detail=True, methods=["post"], url_path="entries-list")
    def entries_list(self, request: Request, pk: str) -> Response:
        """Read a pasted list of pairs (one a line), matching names to the club's members
        (the rest are guests), and add them all — or, with ``dry_run``, only say what would
        be added. Every line comes back with its players or its ``error``; nothing is added
        when any line is refused (400, with the lines)."""
        section = self.get_object()
        body = s.EntriesListSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        text = body.validated_data["text"]
        lines = services.entries_list_read(section=section, text=text)
        added = []
        if not body.validated_data["dry_run"]:
            try:
                added = [e.pk for e in services.entries_list_add(section=section, text=text)]
            except TournamentError as error:
                data = s.EntriesListResultSerializer({"lines": lines, "added": []}).data
                return Response({"detail": str(error), **data}, status=status.HTTP_400_BAD_REQUEST)
        return Response(s.EntriesListResultSerializer({"lines": lines, "added": added}).data)

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

    def get_queryset(self):
        """Listed: the sets of the clubs where the reader is an organiser or secretary.
        One set: also for a reader who may see some of its deals (its boards are always
        the ones they may see, :mod:`tournaments.visibility`)."""
        if self.action == "list":
            return (
                super()
                .get_queryset()
                .filter(pk__in=visibility.board_sets_listed(self.request.user).values("pk"))
            )
        return super().get_queryset()

    def list(self, request: Request) -> Response:
        queryset = self.filter_queryset(self.get_queryset())
        page = self.paginate_queryset(queryset)
        rows = list(page if page is not None else queryset)
        visibility.deal_access_many(request.user, rows)  # one query for every set's events
        data = self.get_serializer(rows, many=True).data
        return self.get_paginated_response(data) if page is not None else Response(data)

    def get_object(self):
        board_set = super().get_object()
        if self.request.method in ("GET", "HEAD") and not visibility.board_set_listed(
            self.request.user, board_set
        ):
            raise Http404
        return board_set

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
        return Response(
            s.BoardSetCreatedSerializer(board_set, context={"request": request}).data,
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(responses={(200, "text/plain"): OpenApiTypes.STR, 403: _HIDDEN})
    @action(detail=True, methods=["get"])
    def pbn(self, request: Request, pk: str) -> HttpResponse:
        """The set as a PBN file: the boards whose deals the reader may see now."""
        board_set = self.get_object()
        access = visibility.deal_access(request.user, board_set)
        if access.nothing:
            return _deals_hidden()
        return HttpResponse(
            pbn_export_bytes(selectors.board_set_pbn(board_set, access=access)),
            content_type="text/plain; charset=iso-8859-1",
        )


class BoardViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """One board; organisers and secretaries correct its deal until a result exists."""

    serializer_class = s.BoardSerializer
    permission_classes = [IsClubOrganiser]
    queryset = Board.objects.select_related("board_set").order_by("pk")

    def get_object_club(self, obj: Board) -> int:
        return obj.board_set.club_id

    @extend_schema(responses={200: s.BoardSerializer, 403: _HIDDEN})
    def retrieve(self, request: Request, pk: str) -> Response:
        """One board's deal, once the reader may see it (:mod:`tournaments.visibility`)."""
        board = self.get_object()
        if not visibility.deal_visible(request.user, board):
            return _deals_hidden()
        return Response(s.BoardSerializer(board).data)

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
        if not visibility.deal_visible(request.user, board):
            return _deals_hidden()
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
            return Response(
                {"detail": str(error), "code": error.code}, status=status.HTTP_409_CONFLICT
            )
        except TournamentError as error:
            raise _bad(error) from error
        return Response(s.BoardSerializer(board).data)
