"""The site's API: a season's ladders (rubber points from club nights, percentages from
tournaments), at ``/api/clubs/{club_slug}/seasons/{id}/ladder/`` beside the clubs app's
seasons. Mounted with the router's URLs by :mod:`config.api_router`."""

from __future__ import annotations

from dataclasses import asdict

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from clubs.api.access import CLUB_SLUG, ClubScoped
from clubs.models import Member, Season
from tenace.ladders import season_ladders


class LadderRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="Equal totals share a rank (1, 2, 2, 4).")
    member = serializers.IntegerField(source="member_id")
    member_name = serializers.CharField()
    total = serializers.FloatField(help_text="Rubber points over the counted results.")
    counted = serializers.IntegerField(help_text="Results that count under the rule.")
    played = serializers.IntegerField(help_text="Club nights played in the season.")


class PercentageRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="Equal averages share a rank.")
    member = serializers.IntegerField(source="member_id")
    member_name = serializers.CharField()
    average = serializers.FloatField(help_text="Average percentage over the counted results.")
    counted = serializers.IntegerField(help_text="Results that count under the rule.")
    played = serializers.IntegerField(help_text="Tournament results in the season.")


class LadderSerializer(serializers.Serializer):
    """A season's two ladders under one counting rule, never added together."""

    season = serializers.IntegerField()
    count_best = serializers.IntegerField(allow_null=True)
    min_attendance = serializers.IntegerField()
    rows = LadderRowSerializer(many=True, help_text="Rubber points from club nights.")
    tournaments = PercentageRowSerializer(
        many=True, help_text="Average percentages from tournaments."
    )


@extend_schema(parameters=[CLUB_SLUG])
class SeasonLadderViewSet(ClubScoped, viewsets.GenericViewSet):
    """A season's ladders under its counting rule. Anyone reads them."""

    permission_classes = [AllowAny]
    queryset = Season.objects.order_by("-starts", "pk")

    @extend_schema(summary="The season's ladders", responses=LadderSerializer)
    def ladder(self, request, club_slug=None, pk=None):
        """The season's ladders under its counting rule: rubber points from club nights
        (``rows``) and average percentages from tournaments (``tournaments``), each with rank
        (ties share a rank), member, results counted and played."""
        season = self.get_object()
        ladders = season_ladders(season)
        ids = {r.member_id for r in ladders.rubber} | {r.member_id for r in ladders.tournaments}
        names = dict(Member.objects.filter(pk__in=ids).values_list("pk", "name"))

        def named(rows) -> list[dict]:
            return [asdict(r) | {"member_name": names.get(r.member_id, "")} for r in rows]

        data = {
            "season": season.pk,
            "count_best": ladders.rule.best,
            "min_attendance": ladders.rule.min_attendance,
            "rows": named(ladders.rubber),
            "tournaments": named(ladders.tournaments),
        }
        return Response(LadderSerializer(data).data)


#: Beside the clubs app's seasons (``api:club-season-ladder``); :mod:`config.api_router`
#: adds these to the router's URLs.
urlpatterns = [
    path(
        "clubs/<slug:club_slug>/seasons/<int:pk>/ladder/",
        SeasonLadderViewSet.as_view({"get": "ladder"}),
        name="club-season-ladder",
    ),
]
