"""API routes of the scoring app, registered on the one router in config/api_router.py."""

from rest_framework.routers import DefaultRouter


def register(router: DefaultRouter) -> None:
    """Register this app's viewsets on the project's router."""
