"""The results API: thin views over the services.

* ``POST /api/results/`` — one result; ``Idempotency-Key`` header makes retries safe.
  201 with the result, 400 with the engine's reason, 403 away from one's own table, 409 with
  the stored result when that board and pair meeting already has one.
* ``POST /api/results/{id}/confirm/`` (EW, or with the table's code), ``POST /api/results/{id}/correct/`` (secretary,
  with a reason), ``GET /api/results/{id}/versions/``, ``POST /api/results/import/`` (CSV).
* ``GET /api/standings/{section}/`` — the newest snapshot (held back until released, except
  for the club's organisers and secretaries).
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.authentication import SessionAuthentication
from rest_framework.decorators import action
from rest_framework.response import Response

from clubs.api.inputs import query_id
from clubs.inputs import parse_id
from scoring import selectors
from scoring.access import Refusal, director_refusal, entry_check, import_refusal
from scoring.api.auth import ResultTokenAuthentication
from scoring.api.imports_pbn import PBN_IMPORT_RESPONSES, import_pbn
from scoring.api.serializers import (
    ConfirmSerializer,
    CorrectionSerializer,
    ImportSerializer,
    ResultEntrySerializer,
    ResultSerializer,
    ResultVersionSerializer,
    SettleSerializer,
    StandingsSerializer,
    result_input_from,
)
from scoring.errors import CodeLocked, ResultConflict, ScoringError
from scoring.idempotency import HEADER, AlreadyWritten, idempotent_call
from scoring.imports import results_import_csv
from scoring.models import IdempotencyKey, Result, ResultSource
from scoring.presenters import standings_for
from scoring.rows import single_statement
from scoring.schedule import check_pair_meeting, play_facts, play_facts_at
from scoring.services import result_confirm, result_correct, result_record, result_state
from scoring.settling import dispute_settle
from scoring.standings_sight import standings_document, standings_sight
from tournaments.models import STATUSES_RESULTS_PUBLIC
from tournaments.visibility import section_board_numbers_visible, traveller_visible

_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="A random key per result: a retry with the same key gets the same answer.",
)


_DETAIL = inline_serializer("ConfirmRefusal", {"detail": serializers.CharField()})

#: Results one request may carry (a table's round).
BATCH_LIMIT = 20


def _record(
    request, data: dict, *, savepoint: bool = True, key: IdempotencyKey | None = None
) -> tuple[int, dict]:
    """Check and write one result; ``(status, body)``. With ``key`` (an unsaved idempotency
    key row, PostgreSQL) the 201 answer is stored in that row with the result, in the same
    statement: ``key.status_code`` is then 201."""
    try:
        facts = play_facts_at(
            section_id=data["section"],
            round=data["round"],
            table=data["table"],
            board=data["board"],
            user=request.user,
            reserve_ids=key is not None,
        )
        if key is not None and facts.result_id is not None:
            raise AlreadyWritten  # a retry, most often: its stored answer is looked up first
        check_pair_meeting(facts, ns=data["ns"], ew=data["ew"])
        given = result_input_from(data)
        staff = entry_check(request.user, facts, kind=given.kind)
        result = result_record(
            board_play_id=facts.board_play_id,
            given=given,
            by=request.user,
            source=ResultSource.API if staff else ResultSource.TABLE,
            confirmed=staff,
            facts=facts,
            savepoint=savepoint,
            key_for=None if key is None else (lambda result: _answer_in(key, result, facts)),
        )
    except Refusal as refusal:
        return 403, refusal.as_json()
    except ResultConflict as conflict:
        stored = selectors.results_for_api().get(pk=conflict.stored.pk)
        return 409, {"detail": str(conflict), "stored": dict(ResultSerializer(stored).data)}
    except ScoringError as error:
        return 400, {"detail": str(error)}
    return 201, key.body if key is not None and key.status_code == 201 else result_body(
        result, facts
    )


def _refused(error: ScoringError) -> dict:
    """A refusal's JSON: its ``detail``, and its ``code`` when it has one."""
    return {"detail": str(error), **({"code": error.code} if error.code else {})}


def _answer_in(key: IdempotencyKey, result: Result, facts) -> IdempotencyKey:
    key.status_code, key.body = 201, result_body(result, facts)
    return key


def _record_many(request, items: list[dict], *, savepoint: bool = True) -> tuple[int, dict]:
    answers = []
    for data in items:
        code, body = _record(request, data, savepoint=savepoint)
        answers.append({"status": code, **({"result": body} if code == 201 else body)})
    return 200, {"results": answers}


def _stored_with(request, data: dict, row: IdempotencyKey) -> tuple[int, dict, bool]:
    code, body = _record(request, data, key=row)
    return code, body, code == 201 and row.status_code == 201


def result_body(result: Result, facts) -> dict:
    """The API body of a result just written (no query: the pair numbers come from the
    schedule facts already read)."""
    body = {"id": result.pk, "section": result.section_id, "round": result.round}
    body.update(table=result.table, board=result.board_number)
    body.update(ns=facts.ns_number, ew=facts.ew_number, **result_state(result))
    body.update(ew_tricks=result.ew_tricks, source=result.source)
    body.update(entered_at=_iso(result.entered_at), confirmed_at=_iso(result.confirmed_at))
    body["version"] = result.latest_version.number
    return body


_DATETIME = serializers.DateTimeField()


def _iso(moment) -> str | None:
    return _DATETIME.to_representation(moment) if moment else None


class ResultViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = ResultSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    # Phones send a token with every result: tried first, in one plain query.
    authentication_classes = [ResultTokenAuthentication, SessionAuthentication]

    def get_queryset(self):
        """Results of released events; with ``?section=``, that section's results on the
        boards whose travellers the reader may see (:mod:`tournaments.visibility`: every
        board for the event's directors, a pair's played boards for its players)."""
        queryset = selectors.results_for_api()
        section_id = query_id(self.request, "section")
        section = selectors.section_get(section_id) if section_id else None
        if section is not None:
            queryset = queryset.filter(section_id=section.pk)
            numbers = section_board_numbers_visible(self.request.user, section)
            return queryset if numbers is None else queryset.filter(board_number__in=numbers)
        return queryset.filter(section__session__tournament__status__in=STATUSES_RESULTS_PUBLIC)

    def _visible(self, pk) -> Result:
        result = get_object_or_404(selectors.results_for_api().select_related("board"), pk=pk)
        if not traveller_visible(self.request.user, result.board):
            raise Http404
        return result

    def retrieve(self, request, pk=None):
        return Response(ResultSerializer(self._visible(pk)).data)

    @extend_schema(
        request=ResultEntrySerializer,
        parameters=[_KEY],
        responses={201: ResultSerializer, 400: None, 403: None, 409: None},
    )
    def create(self, request):
        """One result, or a list of up to 20 (a table's round): then 200 with each item's
        own status and body, in order."""
        many = isinstance(request.data, list)
        if many and not 1 <= len(request.data) <= BATCH_LIMIT:
            return Response(
                {"detail": _("Send 1 to %(limit)s results at once.") % {"limit": BATCH_LIMIT}},
                status=status.HTTP_400_BAD_REQUEST,
            )
        entry = ResultEntrySerializer(data=request.data, many=many)
        entry.is_valid(raise_exception=True)
        data = entry.validated_data
        record = _record_many if many else _record
        key = request.META.get(HEADER)
        code, body, replayed = idempotent_call(
            user=request.user,
            key=key,
            path=request.path,
            data=data,
            # Inside the key's transaction, without a savepoint per result: a conflict
            # found only by the insert rolls everything back and the retry uses savepoints.
            call=lambda: record(request, data, savepoint=not key),
            retry=lambda: record(request, data),
            # One result on PostgreSQL: its answer is stored with it, in one statement.
            call_storing_key=None
            if many or not single_statement()
            else lambda row: _stored_with(request, data, row),
        )
        response = Response(body, status=code)
        if replayed:
            response["Idempotent-Replay"] = "true"
        return response

    @extend_schema(
        request=ConfirmSerializer,
        responses={200: ResultSerializer, 403: _DETAIL, 404: _DETAIL, 429: _DETAIL},
    )
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        """EW's answer to NS's figure: logged in as EW, or with the table's ``code``. A
        wrong code is 403 (counted); after a few for that table and round, 429 until a
        director lifts the lock (``/api/code-locks/``)."""
        answer = ConfirmSerializer(data=request.data)
        answer.is_valid(raise_exception=True)
        result = get_object_or_404(Result, pk=pk)
        try:
            result_confirm(
                result_id=result.pk,
                by=request.user,
                ns_tricks=answer.validated_data.get("ns_tricks"),
                code=answer.validated_data.get("code") or None,
            )
        except CodeLocked as error:
            return Response({"detail": str(error)}, status=status.HTTP_429_TOO_MANY_REQUESTS)
        except ScoringError as error:
            return Response(_refused(error), status=status.HTTP_403_FORBIDDEN)
        return Response(ResultSerializer(selectors.results_for_api().get(pk=pk)).data)

    @extend_schema(request=CorrectionSerializer, responses={200: ResultSerializer})
    @action(detail=True, methods=["post"])
    def correct(self, request, pk=None):
        change = CorrectionSerializer(data=request.data)
        change.is_valid(raise_exception=True)
        result = get_object_or_404(Result, pk=pk)
        facts = play_facts(result.board_play_id, user=request.user)
        refusal = director_refusal(
            request.user,
            tournament_id=facts.tournament_id,
            club_id=facts.club_id,
            status=facts.status,
        )
        if refusal is not None:
            return Response(refusal.as_json(), status=status.HTTP_403_FORBIDDEN)
        try:
            result_correct(
                result_id=result.pk,
                given=change.result_input(),
                by=request.user,
                reason=change.validated_data["reason"],
            )
        except ScoringError as error:
            return Response({"detail": str(error)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(ResultSerializer(selectors.results_for_api().get(pk=pk)).data)

    @extend_schema(request=SettleSerializer, responses={200: ResultSerializer, 400: _DETAIL})
    @action(detail=True, methods=["post"])
    def settle(self, request, pk=None):
        """A director settles a dispute: NS's figure, EW's, another figure or an adjusted
        score, with a ``reason`` (a correction, kept in the result's versions). 400 when
        it is no longer disputed or the figure is wrong; 403 for anyone but a director."""
        body = SettleSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        result = get_object_or_404(Result, pk=pk)
        try:
            dispute_settle(result_id=result.pk, by=request.user, **body.validated_data)
        except ScoringError as error:
            code = status.HTTP_403_FORBIDDEN if error.code else status.HTTP_400_BAD_REQUEST
            return Response(_refused(error), status=code)
        return Response(ResultSerializer(selectors.results_for_api().get(pk=pk)).data)

    @extend_schema(responses={200: ResultVersionSerializer(many=True)})
    @action(detail=True, methods=["get"], pagination_class=None)
    def versions(self, request, pk=None):
        result = self._visible(pk)
        rows = result.versions.select_related("by").order_by("number")
        return Response(ResultVersionSerializer(rows, many=True).data)

    @extend_schema(
        request={"multipart/form-data": ImportSerializer},
        responses={
            200: inline_serializer(
                "ImportReport",
                {
                    "stored": serializers.IntegerField(),
                    "refused": serializers.ListField(child=serializers.DictField()),
                },
            )
        },
    )
    @action(detail=False, methods=["post"], url_path="import")
    def import_csv(self, request):
        upload = ImportSerializer(data=request.data)
        upload.is_valid(raise_exception=True)
        section = selectors.section_get(upload.validated_data["section"])
        refusal = import_refusal(request.user, section)
        if refusal is not None:
            return Response(refusal.as_json(), status=status.HTTP_403_FORBIDDEN)
        try:
            report = results_import_csv(
                section_id=section.pk, file=upload.validated_data["file"], by=request.user
            )
        except ScoringError as error:
            return Response({"detail": str(error)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(report.as_dict())

    @extend_schema(
        summary="Import the results of a PBN file",
        request={"multipart/form-data": ImportSerializer},
        responses=PBN_IMPORT_RESPONSES,
    )
    @action(detail=False, methods=["post"], url_path="import-pbn")
    def import_pbn(self, request):
        """Each result in the file ([Result] or a [ScoreTable] row) stored on the section's
        board with the same deal, or refused with its line and reason (secretaries)."""
        return import_pbn(request)


class StandingsViewSet(viewsets.ViewSet):
    """The newest standings snapshot of a section (``pk`` is the section id)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("id", int, OpenApiParameter.PATH, description="Section id")],
        responses={200: StandingsSerializer},
    )
    def retrieve(self, request, pk=None):
        section_id = parse_id(pk, "id")
        section = selectors.section_get(section_id) if section_id else None
        if section is None:
            return Response({"detail": _("No such section.")}, status=status.HTTP_404_NOT_FOUND)
        sight = standings_sight(request.user, section)
        if not sight.allowed:
            return Response(
                {"detail": sight.reason, "code": "standings_hidden"},
                status=status.HTTP_403_FORBIDDEN,
            )
        snapshot = selectors.snapshot_latest(section.pk)
        data = standings_document(section, sight, snapshot.data if snapshot else None)
        data = data or {"version": 0, "fields": [], "boards": {}}
        return Response(standings_for(request.user, section, data))
