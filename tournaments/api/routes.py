"""API routes of the tournaments app, registered on the one router in config/api_router.py."""

from rest_framework.routers import DefaultRouter

from tournaments.api import views


def register(router: DefaultRouter) -> None:
    """Register this app's viewsets on the project's router."""
    router.register("tournaments", views.TournamentViewSet, basename="tournament")
    router.register("sessions", views.SessionViewSet, basename="session")
    router.register("sections", views.SectionViewSet, basename="section")
    router.register("entries", views.EntryViewSet, basename="entry")
    router.register("board-sets", views.BoardSetViewSet, basename="board-set")
    router.register("boards", views.BoardViewSet, basename="board")
