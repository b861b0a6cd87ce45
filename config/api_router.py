"""The one API router: every app registers its viewsets here."""

from rest_framework.routers import DefaultRouter

from config.api_views import MeViewSet

router = DefaultRouter()
router.register("me", MeViewSet, basename="me")

app_name = "api"
urlpatterns = router.urls
