"""The site's pages about a club that combine several apps: the club's home (events and
club nights), the season's ladders and the player page. Mounted in the "clubs" URL namespace
by :mod:`config.urls`, beside the clubs app's own pages. Thin: each checks permission with
:mod:`clubs.permissions` and calls one selector."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs import selectors as club_selectors
from clubs.models import Club
from clubs.permissions import Action, can
from clubs.svg import form_chart
from tenace import parts, selectors


def short_date(date) -> str:
    return date_format(date, "SHORT_DATE_FORMAT")


def _club(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def club_home(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    organiser = can(request.user, Action.ORGANISE, club)
    home = selectors.club_home(club, today=timezone.localdate(), with_drafts=organiser)
    return render(
        request,
        "clubs/club_home.html",
        {
            "club": club,
            "home": home,
            "can_organise": organiser,
            "can_manage": can(request.user, Action.MANAGE_CLUB, club),
        },
    )


def ladder(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = _club(slug)
    season = club_selectors.club_season(club, pk)
    ladders = selectors.season_ladders_named(season)
    return render(
        request,
        "clubs/ladder.html",
        {
            "club": club,
            "season": season,
            "rule": ladders.rule,
            "rubber_rows": ladders.rubber,
            "tournament_rows": ladders.tournaments,
            "other_ladders": [
                (
                    ladder.title,
                    reverse(ladder.url_name, args=[club.slug, season.pk, *ladder.url_args]),
                )
                for ladder in parts.season_ladders()
            ],
            "can_manage": can(request.user, Action.MANAGE_CLUB, club),
        },
    )


def player(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = _club(slug)
    member = club_selectors.club_member(club, member_id)
    seasons = list(club_selectors.club_seasons(club))
    season = next((s for s in seasons if str(s.pk) == request.GET.get("season")), None)
    season = season or club_selectors.season_on(club, timezone.localdate())
    history = selectors.player_history(season, member) if season else None
    chart = ""
    if history and history.nights:
        chart = form_chart(
            history.form_points,
            title=_("Form of %(name)s over %(season)s")
            % {"name": member.name, "season": season.name},
            description=ngettext(
                "Cumulative rubber points after %(n)d club night: %(total)g.",
                "Cumulative rubber points after each of %(n)d club nights: %(total)g.",
                len(history.nights),
            )
            % {"n": len(history.nights), "total": history.total_points},
            y_title=_("Rubber points, cumulative"),
            x_title=_("Club night"),
            date_text=short_date,
        )
    return render(
        request,
        "clubs/player.html",
        {
            "club": club,
            "member": member,
            "season": season,
            "seasons": seasons,
            "history": history,
            "chart": mark_safe(chart),  # noqa: S308 - form_chart escapes every text
            "can_manage": can(request.user, Action.MANAGE_CLUB, club),
        },
    )
