"""Pages of the clubs app, mounted at /clubs/ by :mod:`config.urls` (together with the
site's pages about a club: home, ladder, player, in :mod:`tenace.urls`)."""

from django.urls import include, path

from clubs.views import access, people
from clubs.views import club as views

app_name = "clubs"
C = "<slug:slug>/"
urlpatterns = [
    path("", views.club_list, name="list"),
    path(f"{C}members/", views.member_list, name="members"),
    path(f"{C}members/new/", views.member_add, name="member_add"),
    path(f"{C}members/import/", views.member_import, name="member_import"),
    path(f"{C}members/invite/", people.invite, name="invite"),
    path(f"{C}members/<int:member_id>/invite/", people.invite_one, name="invite_one"),
    path(
        f"{C}invitations/<int:pk>/withdraw/",
        people.invitation_withdraw,
        name="invitation_withdraw",
    ),
    path(f"{C}members/<int:member_id>/export/", people.member_export, name="member_export"),
    path(f"{C}members/<int:member_id>/erase/", people.member_erase, name="member_erase"),
    path(f"{C}members/<int:member_id>/merge/", people.member_merge, name="member_merge"),
    path(f"{C}memberships/<int:pk>/end/", people.membership_end, name="membership_end"),
    path(f"{C}logins/", access.access, name="access"),
    path(f"{C}logins/tokens/new/", access.token_issue, name="token_issue"),
    path(f"{C}logins/tokens/<int:pk>/revoke/", access.token_revoke, name="token_revoke"),
    path(f"{C}logins/unlock/", access.unlock, name="unlock"),
    path(f"{C}members/<int:member_id>/edit/", views.member_edit, name="member_edit"),
    path(
        f"{C}members/<int:member_id>/memberships/new/",
        views.membership_add,
        name="membership_add",
    ),
    path(f"{C}memberships/<int:pk>/edit/", views.membership_edit, name="membership_edit"),
    path(f"{C}seasons/", views.season_list, name="seasons"),
    path(f"{C}seasons/new/", views.season_create, name="season_create"),
    path(f"{C}seasons/<int:pk>/edit/", views.season_edit, name="season_edit"),
    # Club nights, tables and hands (clubs/urls_nights.py), in the same "clubs" namespace.
    path("", include("clubs.urls_nights")),
]
