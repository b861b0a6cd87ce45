"""Pages of club nights, tables and hands, included by clubs/urls.py (namespace "clubs")."""

urlpatterns: list = []
