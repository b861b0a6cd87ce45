"""The director's setting-up pages (most are reached from the control room): a suggested
movement used in one click, entries from ticked members or a pasted list, a no-show taken
out before play, a late pair seated in a withdrawn pair's place (or, in a Howell with a
built-in sit-out, in the sit-out's place) after the start. Thin: each
checks permission, calls one service and says what happened."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubs.inputs import whole_number
from clubs.models import Member
from clubs.permissions import Action, require
from tournaments import schedule, selectors, services
from tournaments.errors import TournamentError
from tournaments.forms import ChoiceUseForm, EntryListForm, LatePairForm, LiveStandingsForm
from tournaments.models import Entry, Section, Tournament
from tournaments.visibility import directors_only_message, is_director


def _section(pk: int) -> Section:
    return get_object_or_404(
        Section.objects.select_related("session__tournament__club", "board_set"), pk=pk
    )


def _back(request: HttpRequest, default: str) -> HttpResponse:
    """Back to the page the form came from (``next``, same site only), else ``default``."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(target)
    return redirect(default)


@require_POST
@login_required
def section_movement_use(request: HttpRequest, pk: int) -> HttpResponse:
    """One click on a suggested movement: boards dealt for it when the section has none,
    then the schedule generated and checked."""
    section = _section(pk)
    require(request.user, Action.ORGANISE, section.session.tournament.club_id)
    form = ChoiceUseForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the suggested movements."))
    else:
        try:
            schedule.section_movement_use(section=section, **form.cleaned_data)
            messages.success(request, _("Schedule generated and checked."))
        except TournamentError as error:
            messages.error(request, str(error))
    return _back(request, reverse("tournaments:section", args=[pk]))


@login_required
def section_entries_list(request: HttpRequest, pk: int) -> HttpResponse:
    """Add entries in bulk: tick the members who play (in partner order) or paste a list,
    read the preview, then add them all."""
    section = _section(pk)
    tournament = section.session.tournament
    require(request.user, Action.ORGANISE, tournament.club_id)
    entered = selectors.members_entered(section=section)
    members = [
        m
        for m in Member.objects.filter(memberships__club_id=tournament.club_id, erased__isnull=True)
        .distinct()
        .order_by("name")
        if m.pk not in entered
    ]
    form = EntryListForm(request.POST or None)
    if tournament.individual:
        form.fields["text"].label = _("One player per line")
    lines = None
    if request.method == "POST" and "picked" in request.POST:
        by_id = {m.pk: m for m in members}
        order = [n for i in request.POST.get("order", "").split(",") if (n := whole_number(i))]
        ticked = {n for i in request.POST.getlist("member") if (n := whole_number(i))}
        picked = [by_id[i] for i in order if i in ticked and i in by_id]
        picked += [m for m in members if m.pk in ticked and m not in picked]
        guests = [g.strip() for g in request.POST.get("guests", "").splitlines() if g.strip()]
        text = services.names_list_text(
            [m.name for m in picked] + guests, individual=tournament.individual
        )
        form = EntryListForm(initial={"text": text})
        lines = services.entries_list_read(section=section, text=text)
    elif request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        if "add" in request.POST:
            warnings = [ln.warning for ln in services.entries_list_read(section=section, text=text)]
            try:
                added = services.entries_list_add(section=section, text=text)
            except TournamentError as error:
                messages.error(request, str(error))
            else:
                for warning in filter(None, warnings):
                    messages.warning(request, warning)
                messages.success(
                    request,
                    ngettext("%(n)s entry added.", "%(n)s entries added.", len(added))
                    % {"n": len(added)},
                )
                return _back(request, reverse("tournaments:section", args=[pk]))
        lines = services.entries_list_read(section=section, text=text)
    return render(
        request,
        "tournaments/entries_list.html",
        {
            "section": section,
            "tournament": tournament,
            "members": members,
            "form": form,
            "lines": lines,
            "can_add": lines is not None and lines and not any(line.error for line in lines),
            "next": request.POST.get("next") or request.GET.get("next", ""),
        },
    )


@require_POST
@login_required
def entry_remove(request: HttpRequest, pk: int) -> HttpResponse:
    """Before play starts: a pair that will not come is taken out (the schedule must be
    made again)."""
    entry = get_object_or_404(Entry.objects.select_related("section__session__tournament"), pk=pk)
    require(request.user, Action.ORGANISE, entry.section.session.tournament.club_id)
    try:
        services.entry_remove(entry=entry)
        messages.success(
            request, _("Entry removed; choose the movement again for the pairs that came.")
        )
    except TournamentError as error:
        messages.error(request, str(error))
    return _back(request, reverse("tournaments:section", args=[entry.section_id]))


@login_required
def entry_late_pair(request: HttpRequest, pk: int) -> HttpResponse:
    """After the start: a late pair takes the place of a pair that did not come."""
    entry = get_object_or_404(
        Entry.objects.select_related("section__session__tournament", "member1", "member2"), pk=pk
    )
    club_id = entry.section.session.tournament.club_id
    require(request.user, Action.ORGANISE, club_id)
    form = LatePairForm(request.POST or None, club_id=club_id)
    if request.method == "POST" and form.is_valid():
        try:
            services.entry_late_pair(entry=entry, changed_by=request.user, **form.cleaned_data)
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                _("The late pair plays as pair %(n)s from round %(round)s.")
                % {"n": entry.number, "round": form.cleaned_data["from_round"]},
            )
            return _back(request, reverse("tournaments:section", args=[entry.section_id]))
    return render(
        request,
        "tournaments/late_pair.html",
        {"entry": entry, "form": form, "next": request.GET.get("next", "")},
    )


@login_required
def section_late_pair(request: HttpRequest, pk: int) -> HttpResponse:
    """After the start, in a Howell with a built-in sit-out: a late pair takes the sit-out's
    place (the movement's phantom pair)."""
    section = _section(pk)
    club_id = section.session.tournament.club_id
    require(request.user, Action.ORGANISE, club_id)
    form = LatePairForm(request.POST or None, club_id=club_id)
    if request.method == "POST" and form.is_valid():
        try:
            entry = services.section_late_pair(
                section=section, changed_by=request.user, **form.cleaned_data
            )
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                _("The late pair plays as pair %(n)s from round %(round)s.")
                % {"n": entry.number, "round": form.cleaned_data["from_round"]},
            )
            return _back(request, reverse("tournaments:section", args=[section.pk]))
    return render(
        request,
        "tournaments/late_pair.html",
        {"section": section, "form": form, "next": request.GET.get("next", "")},
    )


@login_required
def tournament_live_standings(request: HttpRequest, pk: int) -> HttpResponse:
    """*Standings during play*: who follows them before the release (the directors)."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not is_director(request.user, tournament):
        raise PermissionDenied(directors_only_message())
    form = LiveStandingsForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_live_standings_set(
                tournament=tournament,
                setting=form.cleaned_data["live_standings"],
                hidden_rounds=form.cleaned_data["live_hidden_rounds"],
                by=request.user,
            )
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Standings during play: saved."))
            return _back(request, reverse("tournaments:detail", args=[pk]))
    return render(
        request, "tournaments/live_standings.html", {"tournament": tournament, "form": form}
    )
