"""API routes of the clubs app, registered on the one router in config/api_router.py.

``/api/clubs/`` lists the clubs; everything of one club is below ``/api/clubs/{club_slug}/``
(members, memberships, seasons, nights, tables, rubbers, hands), so the club in the address
decides the permissions and another club's id answers 404.
"""

from rest_framework.routers import DefaultRouter

CLUB = r"clubs/(?P<club_slug>[-a-zA-Z0-9_]+)"


def register(router: DefaultRouter) -> None:
    """Register this app's viewsets on the project's router."""
    from clubs.api import views, views_nights, views_people

    router.register("clubs", views.ClubViewSet, basename="club")
    router.register(f"{CLUB}/members", views.MemberViewSet, basename="club-member")
    router.register(f"{CLUB}/memberships", views.MembershipViewSet, basename="club-membership")
    router.register(f"{CLUB}/seasons", views.SeasonViewSet, basename="club-season")
    router.register(f"{CLUB}/nights", views_nights.ClubNightViewSet, basename="club-night")
    router.register(f"{CLUB}/tables", views_nights.TableViewSet, basename="club-table")
    router.register(f"{CLUB}/rubbers", views_nights.RubberViewSet, basename="club-rubber")
    router.register(f"{CLUB}/hands", views_nights.HandViewSet, basename="club-hand")
    router.register(f"{CLUB}/tokens", views_people.ClubTokenViewSet, basename="club-token")
    router.register("me/tokens", views_people.MyTokenViewSet, basename="my-token")
