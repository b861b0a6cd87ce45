"""Pages of the scoring app, mounted at /results/."""

from django.urls import path

from scoring import (
    views,
    views_boards,
    views_devices,
    views_entry,
    views_public,
    views_release,
    views_settle,
    views_table,
)
from scoring.feeds import ReleasedResultsFeed

app_name = "scoring"
S = "sections/<int:section_id>/"
P = "public/<slug:club_slug>/<slug:event_slug>/"
urlpatterns = [
    path(f"{S}standings/", views.standings, name="standings"),
    path(f"{S}standings/fragment/", views.standings_fragment, name="standings-fragment"),
    path(f"{S}standings/version/", views.standings_version, name="standings-version"),
    path(f"{S}standings/stream/", views.standings_stream, name="standings-stream"),
    path(f"{S}travellers/", views.travellers, name="travellers"),
    path(f"{S}boards/<int:number>/", views.board_traveller, name="board"),
    path(f"{S}entries/<int:entry_id>/", views.score_card, name="score-card"),
    path(f"{S}dashboard/", views_entry.dashboard, name="dashboard"),
    path(f"{S}code-locks/lift/", views_entry.code_lock_lift, name="code-lock-lift"),
    path(f"{S}dashboard/fragment/", views_entry.dashboard_fragment, name="dashboard-fragment"),
    path(f"{S}my-table/", views_entry.my_table, name="my-table"),
    path(f"{S}enter/boards/<int:number>/", views_entry.enter_board, name="enter-board"),
    path(
        f"{S}enter/tables/<int:table>/rounds/<int:round>/",
        views_entry.enter_table,
        name="enter-table",
    ),
    path(f"{S}tables/<int:table>/rounds/<int:round>/", views_entry.table_round, name="table-round"),
    path(
        f"{S}tables/<int:table>/rounds/<int:round>/confirm/",
        views_entry.table_confirm,
        name="table-confirm",
    ),
    path(f"{S}import/", views_entry.import_travellers, name="import"),
    path(f"{S}devices/", views_devices.table_devices, name="devices"),
    path(
        "devices/<int:device_id>/revoke/", views_devices.table_device_revoke, name="device-revoke"
    ),
    # The table screen: a player's own phone, and a table device (no login).
    path("table/", views_table.table_now, name="table-now"),
    path("table/state/", views_table.table_now_state, name="table-now-state"),
    path("device/", views_table.device_table, name="device-table"),
    path("device/state/", views_table.device_table_state, name="device-table-state"),
    path("device/join/", views_table.device_join, name="device-join"),
    path("device/leave/", views_table.device_leave, name="device-leave"),
    path("device/open/<str:key>/", views_table.device_open, name="device-open"),
    path("<int:result_id>/correct/", views_entry.correct, name="correct"),
    path("<int:result_id>/settle/", views_settle.settle, name="settle"),
    path(
        "board-sets/<int:board_set_id>/analyse/",
        views_boards.board_set_analyse,
        name="board-set-analyse",
    ),
    path("events/<int:tournament_id>/", views.event_standings_page, name="event-standings"),
    path(
        "events/<int:tournament_id>/release-emails/send/",
        views_release.release_emails_send,
        name="release-emails-send",
    ),
    path("sessions/<int:session_id>/", views.session_standings_page, name="session-standings"),
    # The club's public results (no login; the session page may be embedded in a frame).
    path("public/<slug:club_slug>/", views_public.club_results, name="public-club"),
    path("public/<slug:club_slug>/feed.atom", ReleasedResultsFeed(), name="public-feed"),
    path(f"{P}", views_public.event_results, name="public-event"),
    path(f"{P}files/<slug:kind>/", views_public.event_file, name="public-event-file"),
    path(f"{P}<int:session>/", views_public.session_results, name="public-session"),
    path(
        f"{P}<int:session>/files/<slug:kind>/",
        views_public.session_file,
        name="public-session-file",
    ),
]
