"""Pages of the tournaments app, mounted at /events/."""

from django.urls import path

from tournaments import views, views_print, views_setup

app_name = "tournaments"
urlpatterns = [
    path("club/<slug:club_slug>/", views.tournament_list, name="list"),
    path("club/<slug:club_slug>/new/", views.tournament_create, name="create"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("<int:pk>/status/", views.tournament_status, name="status"),
    path("<int:pk>/directors/", views.tournament_directors, name="directors"),
    path(
        "<int:pk>/live-standings/",
        views_setup.tournament_live_standings,
        name="live_standings",
    ),
    path("sections/<int:pk>/", views.section_detail, name="section"),
    path("sections/<int:pk>/entries/", views.section_entry_add, name="entry_add"),
    path("sections/<int:pk>/boards/", views.section_board_set, name="section_boards"),
    path("sections/<int:pk>/generate/", views.section_generate, name="generate"),
    path("sections/<int:pk>/movement/use/", views_setup.section_movement_use, name="movement_use"),
    path("sections/<int:pk>/entries/list/", views_setup.section_entries_list, name="entries_list"),
    path(
        "sections/<int:pk>/table-cards/",
        views.section_cards,
        {"kind": "tables"},
        name="table_cards",
    ),
    path(
        "sections/<int:pk>/guide-cards/",
        views.section_cards,
        {"kind": "guides"},
        name="guide_cards",
    ),
    path("sessions/<int:pk>/print/", views_print.session_printouts, name="session_print"),
    path(
        "sessions/<int:pk>/print/table-cards/",
        views_print.session_table_cards,
        name="session_table_cards",
    ),
    path(
        "sessions/<int:pk>/print/guide-cards/",
        views_print.session_guide_cards,
        name="session_guide_cards",
    ),
    path(
        "sessions/<int:pk>/print/travellers/",
        views_print.session_traveller_slips,
        name="session_traveller_slips",
    ),
    path(
        "sessions/<int:pk>/print/hand-records/",
        views_print.session_hand_records,
        name="session_hand_records",
    ),
    path("entries/<int:pk>/withdraw/", views.entry_withdraw, name="entry_withdraw"),
    path("entries/<int:pk>/remove/", views_setup.entry_remove, name="entry_remove"),
    path("entries/<int:pk>/late-pair/", views_setup.entry_late_pair, name="entry_late_pair"),
    path("sections/<int:pk>/late-pair/", views_setup.section_late_pair, name="section_late_pair"),
    path("entries/<int:pk>/substitute/", views.entry_substitute, name="entry_substitute"),
    path("board-sets/<int:pk>/hand-records/", views.board_set_hand_records, name="hand_records"),
    path("board-sets/<int:pk>/pbn/", views.board_set_pbn, name="board_set_pbn"),
    path(
        "board-sets/<int:pk>/boards/<int:number>/deal/",
        views.board_deal_edit,
        name="board_deal",
    ),
]
