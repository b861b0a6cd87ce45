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


class Router(DefaultRouter):
    """DRF's router, with a numeric id in every URL whose viewset looks rows up by ``pk``:
    ASCII digits only, as Django's ``<int:…>`` converter, so ``/api/results/²/`` or an id
    of five thousand digits is a 404 before any view turns it into a number. Viewsets with
    a lookup of their own (a club's slug, a table's code) keep theirs."""

    def get_lookup_regex(self, viewset, lookup_prefix=""):
        lookup_field = getattr(viewset, "lookup_field", "pk")
        if getattr(viewset, "lookup_value_regex", None) or lookup_field not in ("pk", "id"):
            return super().get_lookup_regex(viewset, lookup_prefix)
        kwarg = getattr(viewset, "lookup_url_kwarg", None) or lookup_field
        return f"(?P<{lookup_prefix}{kwarg}>{NUMERIC_ID})"


#: 1 to 19 ASCII digits (a bigint key has at most 19).
NUMERIC_ID = "[0-9]{1,19}"

router = Router()
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
