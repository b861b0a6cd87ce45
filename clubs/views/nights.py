"""Club-night pages: the nights of a club, a night with its tables, adding a night and a
table, the table page (running score, hand entry on a phone, the three-rubber match, the next
rubber) and corrections. Thin: each view checks permission with :mod:`clubs.permissions`,
calls one service or selector, and maps a ClubError to a message on the page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import nights
from clubs.errors import ClubError, HandConflict
from clubs.forms_nights import CorrectionForm, HandForm, NightForm, TableForm
from clubs.matches import rubber_start_next
from clubs.models import Club, RubberTable
from clubs.permissions import Action, can, can_enter_at_table, require
from clubs.rubbers import hand_correct, hand_enter


def _club(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def _table(club: Club, night_id: int, number: int) -> RubberTable:
    table = nights.table_get(club, night_id, number)
    if table is None:
        raise Http404(_("No such table."))
    return table


def night_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    return render(
        request,
        "clubs/night_list.html",
        {
            "club": club,
            "nights": nights.nights_of(club),
            "can_organise": can(request.user, Action.ORGANISE, club),
        },
    )


@login_required
def night_create(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    require(request.user, Action.ORGANISE, club)
    form = NightForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            night = nights.night_create(
                club=club,
                date=form.cleaned_data["date"],
                rule_profile=form.cleaned_data["rule_profile"],
            )
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            return redirect("clubs:night_detail", slug=club.slug, night_id=night.pk)
    return render(request, "clubs/night_create.html", {"club": club, "form": form})


def night_detail(request: HttpRequest, slug: str, night_id: int) -> HttpResponse:
    club = _club(slug)
    night = nights.night_get(club, night_id)
    if night is None:
        raise Http404(_("No such club night."))
    tables = [nights.table_view(table) for table in night.tables.all()]
    return render(
        request,
        "clubs/night_detail.html",
        {
            "club": club,
            "night": night,
            "tables": tables,
            "can_organise": can(request.user, Action.ORGANISE, club),
        },
    )


@login_required
def table_add(request: HttpRequest, slug: str, night_id: int) -> HttpResponse:
    club = _club(slug)
    require(request.user, Action.ORGANISE, club)
    night = get_object_or_404(club.club_nights, pk=night_id)
    form = TableForm(request.POST or None, members=nights.club_members(club, night.date))
    if request.method == "POST" and form.is_valid():
        try:
            table = nights.table_add(
                night=night,
                members=form.players(),
                first_dealer=form.cleaned_data["first_dealer"],
            )
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            return redirect(
                "clubs:table_detail", slug=club.slug, night_id=night.pk, number=table.number
            )
    return render(request, "clubs/table_add.html", {"club": club, "night": night, "form": form})


def _table_page(request, club, table, *, form=None, status=200) -> HttpResponse:
    view = nights.table_view(table)
    can_enter = can_enter_at_table(request.user, table)
    if form is None and can_enter and view.next_number is not None:
        form = HandForm(initial={"expected_number": view.next_number})
    context = {
        "club": club,
        "night": table.club_night,
        "view": view,
        "form": form if can_enter else None,
        "can_enter": can_enter,
        "can_correct": can(request.user, Action.MANAGE_CLUB, club),
        "corrections": nights.corrections_of(table),
        "main_fields": (
            "ns_tricks",
            "honours",
            "revoke_side",
            "revoke_penalty",
            "other_revoke_penalty",
        ),
        "deal_fields": ("deal", "hand_n", "hand_e", "hand_s", "hand_w", "trump"),
    }
    return render(request, "clubs/table_detail.html", context, status=status)


def table_detail(request: HttpRequest, slug: str, night_id: int, number: int) -> HttpResponse:
    club = _club(slug)
    return _table_page(request, club, _table(club, night_id, number))


@require_POST
@login_required
def hand_add(request: HttpRequest, slug: str, night_id: int, number: int) -> HttpResponse:
    """Enter the next hand; a second phone entering the same hand gets a 409 page showing the
    stored hand; an impossible hand comes back with the engine's message."""
    club = _club(slug)
    table = _table(club, night_id, number)
    if not can_enter_at_table(request.user, table):
        raise PermissionDenied(_("You can enter scores only at your own table."))
    form = HandForm(request.POST)
    rubber = max(table.rubbers.all(), key=lambda r: r.number)
    if form.is_valid():
        try:
            hand = hand_enter(rubber=rubber, by=request.user, **form.service_kwargs())
        except HandConflict as conflict:
            context = {"club": club, "table": table, "conflict": conflict}
            return render(request, "clubs/hand_conflict.html", context, status=409)
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Hand %(n)d stored.") % {"n": hand.number})
            return redirect("clubs:table_detail", slug=club.slug, night_id=night_id, number=number)
    return _table_page(request, club, table, form=form, status=400)


@require_POST
@login_required
def rubber_next(request: HttpRequest, slug: str, night_id: int, number: int) -> HttpResponse:
    club = _club(slug)
    table = _table(club, night_id, number)
    if not can_enter_at_table(request.user, table):
        raise PermissionDenied(_("You can enter scores only at your own table."))
    try:
        rubber = rubber_start_next(table=table)
    except ClubError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Rubber %(n)d started.") % {"n": rubber.number})
    return redirect("clubs:table_detail", slug=club.slug, night_id=night_id, number=number)


@login_required
def hand_correct_page(
    request: HttpRequest, slug: str, night_id: int, number: int, hand_id: int
) -> HttpResponse:
    """A secretary amends a hand with a reason; the history of the hand's corrections."""
    club = _club(slug)
    require(request.user, Action.MANAGE_CLUB, club)
    table = _table(club, night_id, number)
    hand = nights.hand_get(table, hand_id)
    if hand is None:
        raise Http404(_("No such hand."))
    form = CorrectionForm(request.POST or None, initial=CorrectionForm.initial_for(hand))
    if request.method == "POST" and form.is_valid():
        try:
            hand_correct(
                hand=hand, by=request.user, reason=form.cleaned_data["reason"], **form.changes()
            )
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Hand %(n)d corrected.") % {"n": hand.number})
            return redirect("clubs:table_detail", slug=club.slug, night_id=night_id, number=number)
    context = {
        "club": club,
        "table": table,
        "hand": hand,
        "form": form,
        "corrections": hand.corrections.select_related("corrected_by"),
    }
    return render(request, "clubs/hand_correct.html", context, status=400 if form.errors else 200)
