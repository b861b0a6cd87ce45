"""Pages of the Boston app, mounted at /clubs/<slug>/boston/ (namespace "boston")."""

from django.urls import path

from boston import views

app_name = "boston"
urlpatterns = [
    path("nights/<int:night_id>/", views.night, name="night"),
    path("tables/<int:table_id>/", views.table, name="table"),
    path("tables/<int:table_id>/hands/<int:number>/correct/", views.correct, name="correct"),
    path("seasons/<int:season_id>/ladder/", views.ladder, name="ladder"),
]
