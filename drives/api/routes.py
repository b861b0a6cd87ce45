"""API routes of the drives app: /api/drives/… and /api/drive-tables/{code}/…"""

from rest_framework.routers import DefaultRouter


def register(router: DefaultRouter) -> None:
    """Register this app's viewsets on the project's router."""
    from drives.api import views

    router.register("drives", views.DriveViewSet, basename="drive")
    router.register("drive-tables", views.DriveTableViewSet, basename="drive-table")
