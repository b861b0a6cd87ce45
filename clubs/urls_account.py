"""A person's own pages, mounted at /account/ (no namespace: Django's password views find
their neighbours by these names)."""

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from clubs.views import account, invitation

urlpatterns = [
    path("", account.home, name="account"),
    path("details/", account.details, name="account_details"),
    path("email/", account.email_change, name="account_email"),
    path("email/confirm/<str:token>/", account.email_confirm, name="account_email_confirm"),
    path("emails/", account.email_preferences, name="account_email_preferences"),
    path("emails/results-off/<str:token>/", account.results_email_off, name="account_results_off"),
    path("tokens/", account.token_create, name="account_token_create"),
    path("tokens/<int:pk>/revoke/", account.token_revoke, name="account_token_revoke"),
    path("sessions/end/", account.sessions_end, name="account_sessions_end"),
    path("export/", account.export, name="account_export"),
    path("erase/", account.erase, name="account_erase"),
    path(
        "password/",
        account.PasswordChangeView.as_view(success_url=reverse_lazy("password_change_done")),
        name="password_change",
    ),
    path(
        "password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"
    ),
    path(
        "password/reset/",
        account.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("invitation/", invitation.code_enter, name="invitation_code"),
    path("invitation/accept/", invitation.accept, name="invitation_accept"),
    path("invitation/<str:code>/", invitation.link_open, name="invitation_link"),
]
