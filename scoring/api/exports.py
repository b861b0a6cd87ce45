"""The results files through the API: a session's or an event's USEBIO, PBN and CSV.

* ``GET /api/session-results/{session}/usebio/?version=1.2`` (or ``1.3``), ``…/pbn/``,
  ``…/standings/``, ``…/travellers/``, ``…/score-cards/``;
* ``GET /api/event-results/{event}/…`` the same for a whole event (every session).

200 with the file (``Content-Disposition: attachment``); 400 for an unknown ``version``;
403 while the results are not released (:mod:`scoring.release`; the club's organisers and
secretaries get the file before); 404 for no such session or event. Errors are JSON with
a ``detail``. No login needed for released results.
"""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import permissions, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import BaseRenderer, JSONRenderer

from clubs.inputs import InputError, parse_id
from scoring import exports
from scoring.formats.usebio import USEBIO_VERSIONS
from scoring.release import sessions_results_visible
from tournaments.models import Session, Tournament


class _FileRenderer(BaseRenderer):
    """Documents a file's media type; the files themselves are sent as they are."""

    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data


class XMLFile(_FileRenderer):
    media_type, format = "application/xml", "xml"


class PBNFile(_FileRenderer):
    media_type, format = "application/x-pbn", "pbn"


class CSVFile(_FileRenderer):
    media_type, format = "text/csv", "csv"


class FirstRenderer(BaseContentNegotiation):
    """A file is what it is, whatever the client accepts: never a 406."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


_Detail = inline_serializer("ResultsFileRefusal", {"detail": serializers.CharField()})
_VERSION = OpenApiParameter(
    "version",
    str,
    enum=list(USEBIO_VERSIONS),
    default="1.2",
    description="The USEBIO version written (1.2 or 1.3).",
)


_ID = OpenApiParameter("id", int, OpenApiParameter.PATH, description="The session's or event's id")


def _responses(media_type: str, what: str, *, version: bool = False) -> dict:
    bad = {(400, "application/json"): OpenApiResponse(_Detail, description="Unknown version")}
    return {
        (200, media_type): OpenApiResponse(OpenApiTypes.STR, description=what),
        **(bad if version else {}),
        (403, "application/json"): OpenApiResponse(
            _Detail, description="The results are not released yet"
        ),
        (404, "application/json"): OpenApiResponse(_Detail, description="No such session or event"),
    }


def _refusal(status: int, detail: str) -> JsonResponse:
    return JsonResponse({"detail": detail}, status=status)


def _id(pk) -> int | None:
    """The path's id, or None when it is no id at all (then no such session or event)."""
    try:
        return parse_id(str(pk), "id")
    except InputError:
        return None


class _ResultsFiles(viewsets.ViewSet):
    permission_classes = [permissions.AllowAny]
    content_negotiation_class = FirstRenderer
    renderer_classes = [JSONRenderer]

    missing = gettext_lazy("Not found.")

    def _sessions(self, pk) -> list[Session] | None:
        raise NotImplementedError

    def _results(self, sessions):
        raise NotImplementedError

    def _send(self, request, pk, kind: str) -> HttpResponse:
        sessions = self._sessions(_id(pk))
        if not sessions:
            return _refusal(404, str(self.missing))
        if not sessions_results_visible(request.user, sessions):
            return _refusal(403, _("The organisers have not released these results yet."))
        version = request.query_params.get("version", "1.2") if kind == "usebio" else "1.2"
        if version not in USEBIO_VERSIONS:
            return _refusal(
                400, _("USEBIO version 1.2 or 1.3, not “%(version)s”.") % {"version": version[:20]}
            )
        export = exports.export_file(self._results(sessions), kind, usebio_version=version)
        response = HttpResponse(export.content, content_type=export.content_type)
        response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
        return response

    @extend_schema(
        summary="USEBIO file (XML)",
        parameters=[_ID, _VERSION],
        responses=_responses(
            "application/xml", "USEBIO 1.2 or 1.3, for a federation", version=True
        ),
    )
    @action(detail=True, methods=["get"], renderer_classes=[XMLFile])
    def usebio(self, request, pk=None):
        return self._send(request, pk, "usebio")

    @extend_schema(
        summary="PBN file with results",
        parameters=[_ID],
        responses=_responses("application/x-pbn", "PBN 2.1: deals, score tables, standings"),
    )
    @action(detail=True, methods=["get"], renderer_classes=[PBNFile])
    def pbn(self, request, pk=None):
        return self._send(request, pk, "pbn")

    @extend_schema(summary="Standings (CSV)", responses=_responses("text/csv", "One row per pair"))
    @action(detail=True, methods=["get"], renderer_classes=[CSVFile])
    def standings(self, request, pk=None):
        return self._send(request, pk, "standings")

    @extend_schema(
        summary="Travellers (CSV)",
        parameters=[_ID],
        responses=_responses("text/csv", "One row per result"),
    )
    @action(detail=True, methods=["get"], renderer_classes=[CSVFile])
    def travellers(self, request, pk=None):
        return self._send(request, pk, "travellers")

    @extend_schema(
        summary="Score cards (CSV)",
        parameters=[_ID],
        responses=_responses("text/csv", "One row per pair and board"),
    )
    @action(
        detail=True,
        methods=["get"],
        url_path="score-cards",
        renderer_classes=[CSVFile],
    )
    def score_cards(self, request, pk=None):
        return self._send(request, pk, "score-cards")


class SessionResultsViewSet(_ResultsFiles):
    """A session's results as files (``{id}`` is the session's id)."""

    missing = gettext_lazy("No such session.")
    queryset = Session.objects.none()  # names the id's type in the schema

    def _sessions(self, pk):
        session = (
            Session.objects.select_related("tournament__club").filter(pk=pk).first() if pk else None
        )
        return [session] if session else None

    def _results(self, sessions):
        return exports.session_results(sessions[0])


class EventResultsViewSet(_ResultsFiles):
    """An event's results as files, every session (``{id}`` is the event's id)."""

    missing = gettext_lazy("No such event.")
    queryset = Tournament.objects.none()  # names the id's type in the schema

    def _sessions(self, pk):
        if not pk:
            return None
        return list(
            Session.objects.select_related("tournament__club")
            .filter(tournament_id=pk)
            .order_by("number")
        )

    def _results(self, sessions):
        return exports.event_results(
            Tournament.objects.select_related("club").get(pk=sessions[0].tournament_id)
        )
