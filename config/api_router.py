"""The one API router: every app registers its viewsets here, through its api/routes.py."""

from rest_framework.routers import DefaultRouter

from boston.api import routes as boston_routes
from clubs.api import routes as clubs_routes
from config.api_views import MeViewSet
from drives.api import routes as drives_routes
from scoring.api import routes as scoring_routes
from tenace import api as tenace_api
from tournaments.api import routes as tournaments_routes
from variants.api import routes as variants_routes

router = DefaultRouter()
# Results first: a result is posted far more often than anything else is asked for, and
# URLs are tried in the order they are registered.
for routes in (
    scoring_routes,
    clubs_routes,
    tournaments_routes,
    boston_routes,
    variants_routes,
    drives_routes,
):
    routes.register(router)
router.register("me", MeViewSet, basename="me")

app_name = "api"
urlpatterns = router.urls + tenace_api.urlpatterns
