"""Whist-family pages: a club night's tables and summary, a table with its hand entry and
running totals, the correction form with the history, a season ladder per game.

Thin: permissions from :mod:`clubs.permissions`, one service or selector, a ClubError
becomes a message on the form (a conflict also shows the stored hand)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from clubs.errors import ClubError, HandConflict
from clubs.ladder import season_rule
from clubs.models import Member, Season
from clubs.permissions import Action, can, require
from variants import selectors
from variants.forms import CorrectionForm, HandForm, VariantTableForm, hand_initial
from variants.ladder import variant_ladder
from variants.models import PRESET_LABELS, Game, VariantTable, contract_label
from variants.services import hand_correct, hand_enter, hand_summary, variant_table_create
from variants.status import table_status


def _table(slug: str, table_id: int) -> VariantTable:
    table = selectors.table_get(table_id, club_slug=slug)
    if table is None:
        raise Http404(_("No such table."))
    return table


def _seated(table: VariantTable) -> list[int]:
    return [s.member_id for s in table.seats.all()]


def night(request: HttpRequest, slug: str, night_id: int) -> HttpResponse:
    """The night's whist-family tables and the summary per player; organisers add one."""
    club_night = selectors.night_get(night_id, club_slug=slug)
    if club_night is None:
        raise Http404(_("No such club night."))
    club = club_night.club
    form = None
    if request.method == "POST":
        require(request.user, Action.ORGANISE, club)
        form = VariantTableForm(request.POST, club=club)
        if form.is_valid():
            try:
                table = variant_table_create(club_night=club_night, **form.table_kwargs())
            except ClubError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, _("Table %(n)d set up.") % {"n": table.number})
                return redirect("variants:table", slug=slug, table_id=table.pk)
    elif can(request.user, Action.ORGANISE, club):
        form = VariantTableForm(club=club)
    tables = selectors.night_tables(club_night)
    summary = selectors.night_summary(tables)
    return render(
        request,
        "variants/night.html",
        {
            "club": club,
            "night": club_night,
            "tables": tables,
            "summary": [(row, Game(row.game).label) for row in summary],
            "season": selectors.season_of(club_night),
            "games": Game.choices,
            "form": form,
        },
    )


SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}


def _rows(table: VariantTable):
    """Each running-totals row with its contract in the game's words and the trump."""
    return [
        (row, contract_label(table.game, row.hand.contract), SUIT_SYMBOLS.get(row.hand.trump, ""))
        for row in selectors.running_totals(table)
    ]


def table(request: HttpRequest, slug: str, table_id: int) -> HttpResponse:
    """The table: seats, the game's state, running totals, the next hand's form."""
    variant_table = _table(slug, table_id)
    club_id = variant_table.club_night.club_id
    may_enter = can(request.user, Action.ENTER_SCORES, club_id, seated=_seated(variant_table))
    status = table_status(variant_table)
    conflict = None
    form = None
    if may_enter and not status.over:
        form = HandForm(
            table=variant_table, initial={"number": status.next_number}, out=tuple(status.out)
        )
    if request.method == "POST":
        require(request.user, Action.ENTER_SCORES, club_id, seated=_seated(variant_table))
        form = HandForm(request.POST, table=variant_table, out=tuple(status.out))
        if form.is_valid():
            try:
                hand = hand_enter(
                    table=variant_table,
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
                return redirect("variants:table", slug=slug, table_id=table_id)
    seats = list(variant_table.seats.all())
    return render(
        request,
        "variants/table.html",
        {
            "club": variant_table.club_night.club,
            "table": variant_table,
            "preset": PRESET_LABELS.get(variant_table.preset, variant_table.preset),
            "seats": seats,
            "names": {s.position: s.member.name for s in seats},
            "rows": _rows(variant_table),
            "totals": [
                ("NESW"[s.position] if len(seats) == 4 else str(s.position + 1), s, total)
                for s, total in zip(seats, selectors.seat_totals(variant_table), strict=True)
            ],
            "status": status,
            "form": form,
            "conflict": conflict,
            "may_correct": can(request.user, Action.MANAGE_CLUB, club_id),
            "corrections": list(selectors.corrections_of(variant_table)),
        },
    )


@login_required
def correct(request: HttpRequest, slug: str, table_id: int, number: int) -> HttpResponse:
    """A secretary amends a hand with a reason; the engine judges every later hand again."""
    variant_table = _table(slug, table_id)
    require(request.user, Action.MANAGE_CLUB, variant_table.club_night.club_id)
    hand = next((h for h in variant_table.hands.all() if h.number == number), None)
    if hand is None:
        raise Http404(_("No such hand at this table."))
    form = CorrectionForm(request.POST or None, table=variant_table, initial=hand_initial(hand))
    if request.method == "POST" and form.is_valid():
        try:
            hand_correct(
                hand=hand, entry=form.entry(), by=request.user, reason=form.cleaned_data["reason"]
            )
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Hand %(n)d corrected.") % {"n": number})
            return redirect("variants:table", slug=slug, table_id=table_id)
    history = [c for c in selectors.corrections_of(variant_table) if c.hand_id == hand.pk]
    return render(
        request,
        "variants/correct.html",
        {
            "club": variant_table.club_night.club,
            "table": variant_table,
            "hand": hand,
            "summary": hand_summary(hand),
            "form": form,
            "history": history,
        },
    )


def ladder(request: HttpRequest, slug: str, season_id: int, game: str) -> HttpResponse:
    """The season's ladder of one game: night totals per player, under the season's rule."""
    if game not in Game.values:
        raise Http404(_("No such game."))
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id, club__slug=slug)
    rows = variant_ladder(season, game)
    members = Member.objects.in_bulk([r.member_id for r in rows])
    return render(
        request,
        "variants/ladder.html",
        {
            "club": season.club,
            "season": season,
            "game": Game(game),
            "games": Game.choices,
            "rule": season_rule(season),
            "rows": [(row, members.get(row.member_id)) for row in rows],
        },
    )
