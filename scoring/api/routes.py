"""API routes of the scoring app, registered on the one router in config/api_router.py."""

from rest_framework.routers import DefaultRouter

from scoring.api.views import ResultViewSet, StandingsViewSet


def register(router: DefaultRouter) -> None:
    """Register this app's viewsets on the project's router."""
    router.register("results", ResultViewSet, basename="result")
    router.register("standings", StandingsViewSet, basename="standings")
