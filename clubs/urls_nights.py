"""Pages of club nights, tables and hands, included by clubs/urls.py (namespace "clubs")."""

from django.urls import path

from clubs.views import nights

TABLE = "<slug:slug>/nights/<int:night_id>/tables/<int:number>/"

urlpatterns = [
    path("<slug:slug>/nights/", nights.night_list, name="night_list"),
    path("<slug:slug>/nights/new/", nights.night_create, name="night_create"),
    path("<slug:slug>/nights/<int:night_id>/", nights.night_detail, name="night_detail"),
    path("<slug:slug>/nights/<int:night_id>/tables/new/", nights.table_add, name="table_add"),
    path(TABLE, nights.table_detail, name="table_detail"),
    path(TABLE + "hands/", nights.hand_add, name="hand_add"),
    path(TABLE + "next-rubber/", nights.rubber_next, name="rubber_next"),
    path(
        TABLE + "hands/<int:hand_id>/correct/",
        nights.hand_correct_page,
        name="hand_correct",
    ),
]
