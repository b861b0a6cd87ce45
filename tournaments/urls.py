"""Pages of the tournaments app, mounted at /events/."""

from django.urls import path

from tournaments import views

app_name = "tournaments"
urlpatterns = [
    path("club/<slug:club_slug>/", views.tournament_list, name="list"),
    path("club/<slug:club_slug>/new/", views.tournament_create, name="create"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("<int:pk>/status/", views.tournament_status, name="status"),
    path("<int:pk>/directors/", views.tournament_directors, name="directors"),
    path("sections/<int:pk>/", views.section_detail, name="section"),
    path("sections/<int:pk>/entries/", views.section_entry_add, name="entry_add"),
    path("sections/<int:pk>/boards/", views.section_board_set, name="section_boards"),
    path("sections/<int:pk>/generate/", views.section_generate, name="generate"),
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
    path("entries/<int:pk>/withdraw/", views.entry_withdraw, name="entry_withdraw"),
    path("entries/<int:pk>/substitute/", views.entry_substitute, name="entry_substitute"),
    path("board-sets/<int:pk>/hand-records/", views.board_set_hand_records, name="hand_records"),
    path("board-sets/<int:pk>/pbn/", views.board_set_pbn, name="board_set_pbn"),
    path(
        "board-sets/<int:pk>/boards/<int:number>/deal/",
        views.board_deal_edit,
        name="board_deal",
    ),
]
