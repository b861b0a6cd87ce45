"""The site's pages about a club (:mod:`tenace.views`). :mod:`config.urls` mounts them at
/clubs/ in the "clubs" namespace together with the clubs app's own pages, so every page about
a club keeps one address scheme and one namespace (``clubs:home``, ``clubs:ladder``,
``clubs:player``)."""

from django.urls import path

from tenace import views, views_control, views_me

C = "<slug:slug>/"
club_urlpatterns = [
    path(C, views.club_home, name="home"),
    path(f"{C}members/<int:member_id>/", views.player, name="player"),
    path(f"{C}seasons/<int:pk>/ladder/", views.ladder, name="ladder"),
]

#: The player's own pages, mounted at the site's root by :mod:`config.urls`.
site_urlpatterns = [
    path("me/", views_me.my_page, name="my-page"),
    path("login/", views_me.LoginView.as_view(), name="login"),
]

#: Pages about an event that combine several apps, mounted at /events/ in the
#: "tournaments" namespace by :mod:`config.urls` (``tournaments:control_room``).
event_urlpatterns = [
    path(
        "sessions/<int:pk>/control/",
        views_control.control_room_page,
        name="control_room",
    ),
]
