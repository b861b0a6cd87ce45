"""Boston pages: a club night's Boston tables and summary, a table with its hand entry and
running totals, the correction form with the history, the season's Boston ladder.

Thin: permissions from :mod:`clubs.permissions`, one service or selector, a ClubError
becomes a message on the form (a conflict also shows the stored hand)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from boston import selectors
from boston.forms import BostonTableForm, CorrectionForm, HandForm, hand_initial
from boston.ladder import boston_ladder
from boston.models import BostonTable
from boston.services import (
    boston_table_create,
    dealer_of,
    hand_correct,
    hand_enter,
    hand_summary,
    seat_order,
)
from clubs.errors import ClubError, HandConflict
from clubs.game_words import seat_letter
from clubs.ladder import season_rule
from clubs.models import Member, Season
from clubs.permissions import Action, can, require


def _table(slug: str, table_id: int) -> BostonTable:
    table = selectors.table_get(table_id, club_slug=slug)
    if table is None:
        raise Http404(_("No such Boston table."))
    return table


def _seated(table: BostonTable) -> list[int]:
    return [s.member_id for s in table.seats.all()]


def _seat_and_name(table: BostonTable, seat: str) -> str:
    names = {s.seat: s.member.name for s in table.seats.all()}
    letter = seat_letter(seat)
    return f"{letter} ({names[seat]})" if seat in names else letter


def night(request: HttpRequest, slug: str, night_id: int) -> HttpResponse:
    """The night's Boston tables and the summary per player; organisers add a table."""
    club_night = selectors.night_get(night_id, club_slug=slug)
    if club_night is None:
        raise Http404(_("No such club night."))
    club = club_night.club
    organiser = can(request.user, Action.ORGANISE, club)
    form = None
    if request.method == "POST":
        require(request.user, Action.ORGANISE, club)
        form = BostonTableForm(request.POST, club=club)
        if form.is_valid():
            try:
                table = boston_table_create(club_night=club_night, **form.table_kwargs())
            except ClubError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, _("Boston table %(n)d set up.") % {"n": table.number})
                return redirect("boston:table", slug=slug, table_id=table.pk)
    elif organiser:
        form = BostonTableForm(club=club)
    tables = selectors.night_tables(club_night)
    return render(
        request,
        "boston/night.html",
        {
            "club": club,
            "night": club_night,
            "tables": [(t, seat_order(list(t.seats.all()))) for t in tables],
            "summary": selectors.night_summary(tables),
            "summary_pool": selectors.night_pool(tables),
            "season": selectors.season_of(club_night),
            "form": form,
        },
    )


def table(request: HttpRequest, slug: str, table_id: int) -> HttpResponse:
    """The table: seats, running totals, the next hand's entry form for those who may."""
    boston_table = _table(slug, table_id)
    club_id = boston_table.club_night.club_id
    may_enter = can(request.user, Action.ENTER_SCORES, club_id, seated=_seated(boston_table))
    hands = list(boston_table.hands.all())
    next_number = len(hands) + 1
    conflict = None
    form = HandForm(table=boston_table, initial={"number": next_number}) if may_enter else None
    if request.method == "POST":
        require(request.user, Action.ENTER_SCORES, club_id, seated=_seated(boston_table))
        form = HandForm(request.POST, table=boston_table)
        if form.is_valid():
            try:
                hand = hand_enter(
                    table=boston_table,
                    expected_number=form.cleaned_data["number"],
                    entry=form.entry(),
                    by=request.user,
                )
            except HandConflict as error:
                conflict = error.stored
                form.add_error(None, str(error))
            except ClubError as error:
                form.add_error(None, str(error))
            else:
                messages.success(
                    request,
                    _("Hand %(n)d stored: %(hand)s.")
                    % {"n": hand.number, "hand": hand_summary(hand)},
                )
                return redirect("boston:table", slug=slug, table_id=table_id)
    return render(
        request,
        "boston/table.html",
        {
            "club": boston_table.club_night.club,
            "table": boston_table,
            "seats": seat_order(list(boston_table.seats.all())),
            "rows": selectors.running_totals(hands),
            "totals": selectors.seat_totals(hands),
            "pool": sum(h.change_pool for h in hands),
            "next_number": next_number,
            "next_dealer": _seat_and_name(boston_table, dealer_of(boston_table, next_number).name),
            "form": form,
            "conflict": conflict,
            "may_correct": can(request.user, Action.MANAGE_CLUB, club_id),
            "corrections": list(selectors.corrections_of(boston_table)),
        },
    )


@login_required
def correct(request: HttpRequest, slug: str, table_id: int, number: int) -> HttpResponse:
    """A secretary amends a hand with a reason; the engine re-settles every later hand."""
    boston_table = _table(slug, table_id)
    require(request.user, Action.MANAGE_CLUB, boston_table.club_night.club_id)
    hand = next((h for h in boston_table.hands.all() if h.number == number), None)
    if hand is None:
        raise Http404(_("No such hand at this table."))
    form = CorrectionForm(request.POST or None, table=boston_table, initial=hand_initial(hand))
    if request.method == "POST" and form.is_valid():
        try:
            hand_correct(
                hand=hand, entry=form.entry(), by=request.user, reason=form.cleaned_data["reason"]
            )
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Hand %(n)d corrected.") % {"n": number})
            return redirect("boston:table", slug=slug, table_id=table_id)
    history = [c for c in selectors.corrections_of(boston_table) if c.hand_id == hand.pk]
    return render(
        request,
        "boston/correct.html",
        {
            "club": boston_table.club_night.club,
            "table": boston_table,
            "hand": hand,
            "summary": hand_summary(hand),
            "form": form,
            "history": history,
        },
    )


def ladder(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    """The season's Boston ladder: night totals per player, under the season's rule."""
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id, club__slug=slug)
    rows = boston_ladder(season)
    members = Member.objects.in_bulk([r.member_id for r in rows])
    return render(
        request,
        "boston/ladder.html",
        {
            "club": season.club,
            "season": season,
            "rule": season_rule(season),
            "rows": [(row, members.get(row.member_id)) for row in rows],
        },
    )
