"""Tenace's URLs: pages, the API with its schema and docs, the health check."""

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config import views

urlpatterns = [
    # The API first: phones post a result a second each, and Django tries these in order.
    path("api/", include("config.api_router")),
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("account/", include("clubs.urls_account")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("clubs/<slug:slug>/boston/", include("boston.urls")),
    path("clubs/", include("clubs.urls")),
    path("events/", include("tournaments.urls")),
    path("results/", include("scoring.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/auth/", include("rest_framework.urls")),
]

if settings.DEBUG:
    from django.contrib.staticfiles.urls import staticfiles_urlpatterns

    urlpatterns += staticfiles_urlpatterns()
