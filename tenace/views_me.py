"""A player's own pages across the apps: "My page" (what is on now, recent events, club
nights, season ladders, form) and the login, which lands a player seated in an event
running now on their table."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.forms_account import LoginForm
from clubs.permissions import member_of
from clubs.svg import form_chart
from scoring.standings_sight import standings_sight
from tenace import me
from tenace.landing import landing_after_login
from tenace.views import short_date


class LoginView(auth_views.LoginView):
    """Django's login; each person lands where their evening is
    (:func:`tenace.landing.landing_after_login`), unless the login was asked for a page of
    its own (``next``)."""

    authentication_form = LoginForm

    def get_default_redirect_url(self):
        return landing_after_login(self.request.user)


def _chart(page: me.MyPage) -> str:
    points = page.form_points
    if not points:
        return ""
    return form_chart(
        points,
        title=_("Form of %(name)s: percentage per event") % {"name": page.member.name},
        description=ngettext(
            "Percentage in %(n)d event.",
            "Percentage in each of the last %(n)d events.",
            len(points),
        )
        % {"n": len(points)},
        y_title=_("Percentage"),
        x_title=_("Event date"),
        date_text=short_date,
    )


@login_required
def my_page(request: HttpRequest) -> HttpResponse:
    member = member_of(request.user)
    page = me.my_page(member, today=timezone.localdate()) if member else None
    now = page.now if page else None
    return render(
        request,
        "tenace/my_page.html",
        {
            "page": page,
            "now_standings": now is not None and standings_sight(request.user, now.section).allowed,
            "chart": mark_safe(_chart(page)) if page else "",  # noqa: S308 - escapes its text
        },
    )
