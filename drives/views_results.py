"""After (and around) the play: printed table numbers and score cards, each player's card,
the public results, the prize list with the MC's cuts, the season's drive ladder."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from clubs.errors import ClubError
from clubs.ladder import season_rule
from clubs.models import Member, Season
from drives import selectors
from drives.access import can_run, require_run
from drives.codes import code_display
from drives.forms import CutForm
from drives.ladder import drive_ladder
from drives.models import DrivePlayer, DriveStatus
from drives.presenters import TRUMP_SYMBOLS, trump_name
from drives.running import cut_record
from drives.views import drive_of
from engine.drives.prizes import AwardStatus


def _rows(state, card):
    """A card's rows for the templates: names instead of ids, the half-time line."""
    rules = state.settings
    rows = []
    for row in card.rows:
        rows.append(
            {
                "row": row,
                "trump": TRUMP_SYMBOLS[row.trump],
                "trump_name": trump_name(row.trump),
                "partner": state.name(row.partner) if row.partner else "",
                "half_time": row.hand == rules.half_time_after,
            }
        )
    return rows


def print_tables(request: HttpRequest, drive_id: int) -> HttpResponse:
    """One A4 page a table: its number, its code and a QR code of its entry page (the MC's:
    the codes are what lets a phone enter)."""
    drive = drive_of(drive_id)
    require_run(request.user, drive)
    tables = []
    for row in drive.table_rows.all():
        url = request.build_absolute_uri(reverse("drives:table", args=[row.code]))
        qr = segno.make(url, error="m").svg_inline(scale=5)
        tables.append({"row": row, "code": code_display(row.code), "url": url, "qr": mark_safe(qr)})  # noqa: S308 - segno's own SVG
    return render(request, "drives/print_tables.html", {"drive": drive, "tables": tables})


def print_cards(request: HttpRequest, drive_id: int) -> HttpResponse:
    """Every player's score card, to print on A4 (blank rows until hands are played), with
    the player's card code: the MC's page."""
    drive = drive_of(drive_id)
    require_run(request.user, drive)
    state = selectors.drive_state(drive)
    rules = state.settings
    hands = [
        {"hand": n, "trump": TRUMP_SYMBOLS[rules.trump(n)], "half_time": n == rules.half_time_after}
        for n in range(1, rules.hands + 1)
    ]
    cards = []
    for player in state.players.values():
        card = state.cards.get(player.pk)
        rows = {r["row"].hand: r for r in _rows(state, card)} if card else {}
        start = None
        if player.token is not None and state.seatings:
            start = (
                next(
                    (
                        n
                        for n, t in enumerate(state.seatings[player.first_round - 1], 1)
                        if player.token in t.tokens
                    ),
                    None,
                )
                if player.first_round <= len(state.seatings)
                else None
            )
        cards.append(
            {
                "player": player,
                "card": card,
                "start": start,
                "lines": [(h, rows.get(h["hand"])) for h in hands],
            }
        )
    return render(
        request, "drives/print_cards.html", {"drive": drive, "cards": cards, "rules": rules}
    )


def card(request: HttpRequest, drive_id: int, player_id: int) -> HttpResponse:
    drive = drive_of(drive_id)
    player = get_object_or_404(DrivePlayer, pk=player_id, drive=drive)
    state = selectors.drive_state(drive)
    the_card = state.cards.get(player.pk)
    return render(
        request,
        "drives/card.html",
        {
            "drive": drive,
            "club": drive.club,
            "player": player,
            "card": the_card,
            "rows": _rows(state, the_card) if the_card else [],
            "rules": state.settings,
        },
    )


def _awards(state):
    lines = []
    for award in state.awards:
        lines.append(
            {
                "award": award,
                "winners": [state.players[p] for p in award.winners],
                "tied": [state.players[p] for p in award.tied],
                "cut": state.cuts.get(award.number) if award.decided_by == "cut" else None,
            }
        )
    return lines


def results(request: HttpRequest, drive_id: int) -> HttpResponse:
    """The public results: prizes and every player's total, ladies and gents."""
    drive = drive_of(drive_id)
    state = selectors.drive_state(drive)
    return render(
        request,
        "drives/results.html",
        {
            "drive": drive,
            "club": drive.club,
            "state": state,
            "awards": _awards(state) if drive.status == DriveStatus.FINISHED else [],
            "ladies": [(r, c, state.players[c.player]) for r, c in state.ranked("lady")],
            "gents": [(r, c, state.players[c.player]) for r, c in state.ranked("gent")],
        },
    )


def prizes(request: HttpRequest, drive_id: int) -> HttpResponse:
    """The prize list; ties for the MC to cut, each cut recorded with who and when."""
    drive = drive_of(drive_id)
    if request.method == "POST":
        require_run(request.user, drive)
        form = CutForm(request.POST)
        if form.is_valid():
            winner = DrivePlayer.objects.filter(drive=drive, pk=form.cleaned_data["winner"]).first()
            try:
                if winner is None:
                    raise ClubError(_("Choose one of the tied players."))
                cut_record(
                    drive=drive, prize=form.cleaned_data["prize"], winner=winner, by=request.user
                )
            except ClubError as error:
                messages.error(request, str(error))
            else:
                messages.success(request, _("Cut recorded: %(name)s wins.") % {"name": winner.name})
        else:
            messages.error(request, _("Choose one of the tied players."))
        return redirect("drives:prizes", drive_id=drive.pk)
    state = selectors.drive_state(drive)
    finished = drive.status == DriveStatus.FINISHED
    return render(
        request,
        "drives/prizes.html",
        {
            "drive": drive,
            "club": drive.club,
            "state": state,
            "finished": finished,
            "awards": _awards(state) if finished else [],
            "can_run": can_run(request.user, drive),
            "cuts": list(drive.cuts.select_related("winner", "cut_by")),
            "cut_needed": AwardStatus.CUT_NEEDED,
        },
    )


def ladder(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id, club__slug=slug)
    rows = drive_ladder(season)
    members = Member.objects.in_bulk([r.member_id for r in rows])
    if season.club is None:
        raise Http404
    return render(
        request,
        "drives/ladder.html",
        {
            "club": season.club,
            "season": season,
            "rule": season_rule(season),
            "rows": [(row, members.get(row.member_id)) for row in rows],
        },
    )
