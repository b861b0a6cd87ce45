"""Pages of the clubs app, mounted at /clubs/."""

from django.urls import include, path

app_name = "clubs"
urlpatterns = [
    # Club nights, tables and hands (clubs/urls_nights.py), in the same "clubs" namespace.
    path("", include("clubs.urls_nights")),
]
