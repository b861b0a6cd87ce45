"""API routes of the clubs app, registered on the one router in config/api_router.py."""

from rest_framework.routers import DefaultRouter


def register(router: DefaultRouter) -> None:
    """Register this app's viewsets on the project's router."""
    from clubs.api.views import RubberViewSet

    router.register("club-rubbers", RubberViewSet, basename="club-rubber")
