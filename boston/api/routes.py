"""API routes of the Boston app, below ``/api/clubs/{club_slug}/`` like the club nights."""

from rest_framework.routers import DefaultRouter

CLUB = r"clubs/(?P<club_slug>[-a-zA-Z0-9_]+)"


def register(router: DefaultRouter) -> None:
    """Register this app's viewsets on the project's router."""
    from boston.api import views

    router.register(f"{CLUB}/boston-tables", views.BostonTableViewSet, basename="boston-table")
    router.register(f"{CLUB}/boston-hands", views.BostonHandViewSet, basename="boston-hand")
    router.register(f"{CLUB}/boston-nights", views.BostonNightViewSet, basename="boston-night")
