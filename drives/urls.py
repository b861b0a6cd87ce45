"""Pages of the drives app (namespace "drives"): /drives/… and a club's /clubs/<slug>/drives/…"""

from django.urls import path

from drives import views, views_play, views_results

app_name = "drives"
urlpatterns = [
    path("drives/", views.drive_list, name="list"),
    path("drives/new/", views.drive_create, name="create"),
    path("drives/join/", views_play.join, name="join"),
    path("drives/t/<str:code>/", views_play.table, name="table"),
    path("drives/<int:drive_id>/", views.detail, name="detail"),
    path("drives/<int:drive_id>/settings/", views.settings_edit, name="settings"),
    path("drives/<int:drive_id>/players/", views.players, name="players"),
    path(
        "drives/<int:drive_id>/players/<int:player_id>/leave/",
        views.player_leave,
        name="player_leave",
    ),
    path("drives/<int:drive_id>/start/", views.start, name="start"),
    path("drives/<int:drive_id>/screen/", views_play.screen, name="screen"),
    path("drives/<int:drive_id>/screen/live/", views_play.screen_live, name="screen_live"),
    path("drives/<int:drive_id>/version/", views_play.version, name="version"),
    path("drives/<int:drive_id>/next/", views_play.next_hand, name="next"),
    path("drives/<int:drive_id>/enter/", views_play.enter, name="enter"),
    path(
        "drives/<int:drive_id>/hands/<int:hand>/tables/<int:table>/correct/",
        views_play.correct,
        name="correct",
    ),
    path("drives/<int:drive_id>/print/tables/", views_results.print_tables, name="print_tables"),
    path("drives/<int:drive_id>/print/cards/", views_results.print_cards, name="print_cards"),
    path("drives/<int:drive_id>/players/<int:player_id>/", views_results.card, name="card"),
    path("drives/<int:drive_id>/results/", views_results.results, name="results"),
    path("drives/<int:drive_id>/prizes/", views_results.prizes, name="prizes"),
    path("clubs/<slug:slug>/drives/", views.club_drives, name="club_list"),
    path("clubs/<slug:slug>/drives/new/", views.club_drive_create, name="club_create"),
    path(
        "clubs/<slug:slug>/drives/seasons/<int:season_id>/ladder/",
        views_results.ladder,
        name="ladder",
    ),
]
