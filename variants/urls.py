"""Pages of the whist-family app, mounted at /clubs/<slug>/whist-family/ (namespace
"variants")."""

from django.urls import path

from variants import views

app_name = "variants"
urlpatterns = [
    path("nights/<int:night_id>/", views.night, name="night"),
    path("tables/<int:table_id>/", views.table, name="table"),
    path("tables/<int:table_id>/hands/<int:number>/correct/", views.correct, name="correct"),
    path("seasons/<int:season_id>/ladder/<slug:game>/", views.ladder, name="ladder"),
]
