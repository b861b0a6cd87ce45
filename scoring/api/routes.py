"""API routes of the scoring app, registered on the one router in config/api_router.py."""

from rest_framework.routers import DefaultRouter

from scoring.api.code_locks import CodeLockViewSet
from scoring.api.exports import EventResultsViewSet, SessionResultsViewSet
from scoring.api.views import ResultViewSet, StandingsViewSet


def register(router: DefaultRouter) -> None:
    """Register this app's viewsets on the project's router."""
    router.register("results", ResultViewSet, basename="result")
    router.register("standings", StandingsViewSet, basename="standings")
    router.register("code-locks", CodeLockViewSet, basename="code-lock")
    router.register("session-results", SessionResultsViewSet, basename="session-results")
    router.register("event-results", EventResultsViewSet, basename="event-results")
