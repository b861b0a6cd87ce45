"""Pages of the clubs app."""

app_name = "clubs"
urlpatterns: list = []
