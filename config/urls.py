"""Tenace's URLs: pages, the API with its schema and docs, the health check."""

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from clubs import urls as clubs_urls
from clubs.forms_account import AdminLoginForm, LoginForm
from config import views
from tenace import urls as tenace_urls
from tournaments import urls as tournaments_urls

admin.site.login_form = AdminLoginForm  # the username rule of every login form

urlpatterns = [
    # The API first: phones post a result a second each, and Django tries these in order.
    path("api/", include("config.api_router")),
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    *tenace_urls.site_urlpatterns,  # My page, and the login that lands a player on their table
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("account/", include("clubs.urls_account")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("clubs/<slug:slug>/boston/", include("boston.urls")),
    path("clubs/<slug:slug>/whist-family/", include("variants.urls")),
    # Pages about a club: the clubs app's own and the site's (home, ladder, player page),
    # in one "clubs" namespace.
    path(
        "clubs/",
        include((clubs_urls.urlpatterns + tenace_urls.club_urlpatterns, clubs_urls.app_name)),
    ),
    # Pages about an event: the tournaments app's own and the site's (the control room), in
    # one "tournaments" namespace.
    path(
        "events/",
        include((tournaments_urls.urlpatterns + tenace_urls.event_urlpatterns, "tournaments")),
    ),
    path("results/", include("scoring.urls")),
    path("", include("drives.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    # The browsable API's login, with the site's login form (before DRF's own, which it
    # replaces: same address and name).
    path(
        "api/auth/login/",
        auth_views.LoginView.as_view(
            template_name="rest_framework/login.html", authentication_form=LoginForm
        ),
    ),
    path("api/auth/", include("rest_framework.urls")),
]

if settings.DEBUG:
    from django.contrib.staticfiles.urls import staticfiles_urlpatterns

    urlpatterns += staticfiles_urlpatterns()

# Styled, translated error pages (config/errors.py, templates/errors/base.html).
handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
