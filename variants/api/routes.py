"""API routes of the whist-family app, below ``/api/clubs/{club_slug}/``."""

from rest_framework.routers import DefaultRouter

CLUB = r"clubs/(?P<club_slug>[-a-zA-Z0-9_]+)"


def register(router: DefaultRouter) -> None:
    """Register this app's viewsets on the project's router."""
    from variants.api import views

    router.register(f"{CLUB}/variant-tables", views.VariantTableViewSet, basename="variant-table")
    router.register(f"{CLUB}/variant-hands", views.VariantHandViewSet, basename="variant-hand")
    router.register(f"{CLUB}/variant-nights", views.VariantNightViewSet, basename="variant-night")
