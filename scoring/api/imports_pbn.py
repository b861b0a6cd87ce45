"""``POST /api/results/import-pbn/``: the results of a PBN file as a section's travellers
(:mod:`scoring.imports_pbn`), for the club's secretaries."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response

from scoring import selectors
from scoring.access import import_refusal
from scoring.api.serializers import ImportSerializer
from scoring.errors import ScoringError
from scoring.imports_usebio import results_import_upload

PBN_REPORT = inline_serializer(
    "PBNImportReport",
    {
        "stored": serializers.IntegerField(),
        "already_stored": serializers.IntegerField(),
        "without_result": serializers.IntegerField(),
        "refused": serializers.ListField(
            child=inline_serializer(
                "PBNImportRefusal",
                {
                    "line": serializers.IntegerField(),
                    "board": serializers.IntegerField(),
                    "reason": serializers.CharField(),
                },
            )
        ),
        "movement": inline_serializer(
            "PBNImportMovement",
            {
                "pairs": serializers.IntegerField(),
                "rounds": serializers.IntegerField(),
                "tables": serializers.IntegerField(),
                "movement": serializers.ChoiceField(choices=["mitchell", "howell"]),
                "renumbered": serializers.ListField(child=serializers.CharField()),
            },
            allow_null=True,
            help_text="The movement read from the file, when the section had no schedule.",
        ),
    },
)
DETAIL = inline_serializer("ImportRefusal", {"detail": serializers.CharField()})


def import_pbn(request) -> Response:
    """The results import behind ``POST /api/results/import-pbn/``: a PBN or USEBIO file."""
    upload = ImportSerializer(data=request.data)
    if not upload.is_valid():
        return Response(
            {"detail": _("Send the section's id and the PBN file."), "errors": upload.errors},
            status=status.HTTP_400_BAD_REQUEST,
        )
    section = selectors.section_get(upload.validated_data["section"])
    refusal = import_refusal(request.user, section)
    if refusal is not None:
        return Response(refusal.as_json(), status=status.HTTP_403_FORBIDDEN)
    try:
        report = results_import_upload(
            section_id=section.pk, upload=upload.validated_data["file"], by=request.user
        )
    except ScoringError as error:
        return Response({"detail": str(error)}, status=status.HTTP_400_BAD_REQUEST)
    return Response(report.as_dict())


PBN_IMPORT_RESPONSES = {200: PBN_REPORT, 400: DETAIL, 403: DETAIL}
