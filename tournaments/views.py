"""The organiser's and the players' pages for events. Thin: each view checks permission,
calls one service or selector, and maps a domain error to a message on the page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Min
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubs.models import Club
from clubs.permissions import Action, can, require
from engine.pbn_text import pbn_decode, pbn_export_bytes
from tournaments import (
    lifecycle,
    open_results,
    printouts,
    readiness,
    schedule,
    selectors,
    services,
    visibility,
)
from tournaments.analysis_note import analysis_note
from tournaments.errors import TournamentError
from tournaments.forms import (
    BoardDealForm,
    BoardSetPBNForm,
    BoardSetSeedForm,
    DirectorsForm,
    EntryForm,
    GenerateForm,
    SubstituteForm,
    SuggestForm,
    TournamentForm,
    WithdrawForm,
)
from tournaments.models import (
    STATUSES_STARTED,
    Board,
    BoardSet,
    Entry,
    Section,
    Tournament,
    TournamentStatus,
)
from tournaments.seats import seat_letter
from tournaments.views_setup import _back, _section


def tournament_list(request: HttpRequest, club_slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=club_slug)
    return render(
        request,
        "tournaments/list.html",
        {
            "club": club,
            "tournaments": selectors.tournaments_for_club(club.pk).annotate(
                first_session=Min("sessions__pk")
            ),
            "can_organise": can(request.user, Action.ORGANISE, club),
        },
    )


@login_required
def tournament_create(request: HttpRequest, club_slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=club_slug)
    require(request.user, Action.ORGANISE, club)
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = services.tournament_create(
                club=club,
                name=data["name"],
                starts=data["starts"],
                ends=data["ends"],
                scoring_method=data["scoring_method"],
                compass_winners=data["compass_winners"],
                trump_scheme=data["trump_scheme"],
                individual=data["individual"],
                sessions=data["sessions"],
                created_by=request.user,
            )
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            return redirect("tournaments:detail", pk=tournament.pk)
    return render(request, "tournaments/create.html", {"club": club, "form": form})


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    sections = (
        Section.objects.filter(session__tournament=tournament)
        .select_related("session", "board_set")
        .order_by("session__number", "name")
    )
    organiser = can(request.user, Action.ORGANISE, tournament.club_id)
    can_direct = visibility.is_director(request.user, tournament)
    actions = []
    if can_direct:
        actions = lifecycle.status_actions(
            tournament,
            is_secretary=can(request.user, Action.MANAGE_CLUB, tournament.club_id),
            checks_pass=not readiness.tournament_missing(tournament),
            open_report=open_results.event_open_results(tournament)
            if tournament.status in open_results.OPEN_RESULTS_STATUSES
            else None,
        )
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "sections": sections,
            "can_organise": organiser,
            "sessions": list(tournament.sessions.order_by("number")),
            "actions": actions,
            "directors": visibility.event_directors(tournament),
            "can_direct": can_direct,
        },
    )


@login_required
def tournament_directors(request: HttpRequest, pk: int) -> HttpResponse:
    """Who directs the event: the club's organisers name them (see :class:`Tournament`)."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    require(request.user, Action.ORGANISE, tournament.club_id)
    eligible = visibility.directors_eligible(tournament)
    form = DirectorsForm(
        request.POST or None,
        eligible=eligible,
        initial={"directors": [m.pk for m in visibility.event_directors(tournament)]},
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_directors_set(
                tournament=tournament, members=form.cleaned_data["directors"], by=request.user
            )
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Directors saved."))
            return redirect("tournaments:detail", pk=pk)
    return render(
        request,
        "tournaments/directors.html",
        {
            "tournament": tournament,
            "form": form,
            "directors": visibility.event_directors(tournament),
            "named": tournament.directors.order_by("name"),
        },
    )


@require_POST
@login_required
def tournament_status(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    # Starting, finishing, releasing and holding back are the directors': a player who
    # released the results would see every deal before playing it.
    visibility.director_require(request.user, tournament)
    if tournament.status == TournamentStatus.CLOSED:
        # A closed event is reopened by a secretary only.
        require(request.user, Action.MANAGE_CLUB, tournament.club_id)
    try:
        services.tournament_set_status(
            tournament=tournament,
            status=request.POST.get("status", ""),
            by=request.user,
            reason=request.POST.get("reason", "").strip(),
            anyway=request.POST.get("anyway") == "1",
        )
    except (TournamentError, ValueError) as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("The event is now: %(status)s.") % {"status": tournament.get_status_display()},
        )
    return _back(request, reverse("tournaments:detail", args=[pk]))


def dealer_notes_text(imported: services.PBNImport) -> str:
    """What the organiser is told of the boards whose dealer in the file is not their
    number's: which boards, and whose dealer they now have."""
    boards = ", ".join(
        _("%(n)s (%(file)s, not %(number)s)")
        % {
            "n": note.number,
            "file": seat_letter(note.file_dealer),
            "number": seat_letter(note.number_dealer),
        }
        for note in imported.dealer_notes
    )
    if imported.dealer_rule == "number":
        return _(
            "The file names another dealer than the board number's on boards %(boards)s: "
            "as you chose, their dealer follows the number."
        ) % {"boards": boards}
    return _(
        "The file names another dealer than the board number's on boards %(boards)s: "
        "as you chose, their dealer is the file's."
    ) % {"boards": boards}


def section_detail(request: HttpRequest, pk: int) -> HttpResponse:
    section = _section(pk)
    club = section.session.tournament.club
    organiser = can(request.user, Action.ORGANISE, club)
    entries = list(selectors.section_entries(section))
    context = {
        "section": section,
        "tournament": section.session.tournament,
        "entries": entries,
        "can_organise": organiser,
        "deals_visible": section.board_set_id is not None
        and not visibility.deal_access(request.user, section.board_set_id).nothing,
        "suggestions": [],
    }
    if organiser:
        suggest = SuggestForm(request.GET or None)
        context |= {
            "entry_form": EntryForm(club_id=club.pk),
            "seed_form": BoardSetSeedForm(
                initial={"trump_scheme": section.session.tournament.trump_scheme}
            ),
            "pbn_form": BoardSetPBNForm(
                initial={"trump_scheme": section.session.tournament.trump_scheme}
            ),
            "suggest_form": suggest,
            "generate_form": GenerateForm(),
            "withdraw_form": WithdrawForm(),
        }
        minutes = suggest.cleaned_data.get("minutes") if suggest.is_valid() else None
        if not section.movement and section.session.tournament.status not in STATUSES_STARTED:
            context["suggestions"] = schedule.section_choices(section, minutes=minutes)
    return render(request, "tournaments/section.html", context)


@require_POST
@login_required
def section_entry_add(request: HttpRequest, pk: int) -> HttpResponse:
    section = _section(pk)
    club = section.session.tournament.club
    require(request.user, Action.ORGANISE, club)
    form = EntryForm(request.POST, club_id=club.pk)
    if form.is_valid():
        data = form.cleaned_data
        try:
            entry = services.entry_add(
                section=section,
                member1=data["member1"],
                member2=data["member2"],
                guest1=data["guest1"],
                guest2=data["guest2"],
            )
            messages.success(request, _("Entry %(n)s added.") % {"n": entry.number})
            elsewhere = selectors.playing_elsewhere(section, entry.member_ids())
            if elsewhere:
                names = {
                    m.name: elsewhere[m.pk]
                    for m in (entry.member1, entry.member2)
                    if m and m.pk in elsewhere
                }
                messages.warning(request, services.elsewhere_warning(names))
        except TournamentError as error:
            messages.error(request, str(error))
    else:
        messages.error(
            request, _("Check the entry: %(errors)s") % {"errors": form.errors.as_text()}
        )
    return redirect("tournaments:section", pk=pk)


@require_POST
@login_required
def section_board_set(request: HttpRequest, pk: int) -> HttpResponse:
    """Deal a new board set from a seed, or import one from a PBN file."""
    section = _section(pk)
    club = section.session.tournament.club
    require(request.user, Action.ORGANISE, club)
    try:
        if "pbn" in request.FILES:
            form = BoardSetPBNForm(request.POST, request.FILES)
            if not form.is_valid():
                raise TournamentError(form.errors.as_text())
            text = pbn_decode(form.cleaned_data["pbn"].read())
            imported = services.board_set_import_pbn_file(
                club=club,
                text=text,
                trump_scheme=form.cleaned_data["trump_scheme"],
                dealer_rule=form.cleaned_data["dealer_rule"],
                name=form.cleaned_data["pbn"].name,
            )
            board_set = imported.board_set
            if imported.dealer_notes:
                messages.warning(request, dealer_notes_text(imported))
        else:
            form = BoardSetSeedForm(request.POST)
            if not form.is_valid():
                raise TournamentError(form.errors.as_text())
            board_set = services.board_set_generate(club=club, **form.cleaned_data)
        services.section_board_set_choose(section=section, board_set=board_set)
        count = board_set.boards.count()
        messages.success(
            request,
            ngettext("Board set ready: %(n)s board.", "Board set ready: %(n)s boards.", count)
            % {"n": count},
        )
    except TournamentError as error:
        messages.error(request, str(error))
    return redirect("tournaments:section", pk=pk)


@require_POST
@login_required
def section_generate(request: HttpRequest, pk: int) -> HttpResponse:
    section = _section(pk)
    require(request.user, Action.ORGANISE, section.session.tournament.club_id)
    form = GenerateForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.errors.as_text())
        return redirect("tournaments:section", pk=pk)
    try:
        schedule.section_generate(section=section, **form.cleaned_data)
        messages.success(request, _("Schedule generated and checked."))
    except TournamentError as error:
        messages.error(request, str(error))
    return redirect("tournaments:section", pk=pk)


@require_POST
@login_required
def entry_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    entry = get_object_or_404(Entry.objects.select_related("section__session__tournament"), pk=pk)
    require(request.user, Action.ORGANISE, entry.section.session.tournament.club_id)
    form = WithdrawForm(request.POST)
    if form.is_valid():
        try:
            flagged = services.entry_withdraw(
                entry=entry, changed_by=request.user, **form.cleaned_data
            )
            messages.success(
                request,
                ngettext(
                    "Withdrawn: %(n)s board flagged not played.",
                    "Withdrawn: %(n)s boards flagged not played.",
                    flagged,
                )
                % {"n": flagged},
            )
        except TournamentError as error:
            messages.error(request, str(error))
    else:
        messages.error(request, form.errors.as_text())
    return _back(request, reverse("tournaments:section", args=[entry.section_id]))


@login_required
def entry_substitute(request: HttpRequest, pk: int) -> HttpResponse:
    entry = get_object_or_404(Entry.objects.select_related("section__session__tournament"), pk=pk)
    club_id = entry.section.session.tournament.club_id
    require(request.user, Action.ORGANISE, club_id)
    form = SubstituteForm(request.POST or None, club_id=club_id)
    if request.method == "POST" and form.is_valid():
        try:
            services.entry_substitute(entry=entry, changed_by=request.user, **form.cleaned_data)
            messages.success(request, _("Player replaced."))
            return redirect("tournaments:section", pk=entry.section_id)
        except TournamentError as error:
            form.add_error(None, str(error))
    return render(request, "tournaments/substitute.html", {"entry": entry, "form": form})


def section_cards(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """One section's table cards or guide cards (the session's printouts, narrowed)."""
    section = _section(pk)
    template = (
        "tournaments/print/table_cards.html"
        if kind == "tables"
        else "tournaments/print/guide_cards.html"
    )
    schedules = printouts.session_schedules([section])
    # A director printing the guide cards gives each EW pair its confirmation codes.
    with_codes = kind != "tables" and visibility.is_director(
        request.user, section.session.tournament
    )
    if with_codes:
        printouts.guide_codes_add(schedules)
    context = {
        "session": section.session,
        "tournament": section.session.tournament,
        "schedules": schedules,
        "with_codes": with_codes,
    }
    return render(request, template, context)


def _board_set_seen(request: HttpRequest, pk: int) -> tuple[BoardSet, visibility.DealAccess]:
    """The board set and the deals of it the reader may see; a refusal (with the reason)
    when they may see none."""
    board_set = get_object_or_404(BoardSet, pk=pk)
    access = visibility.deal_access(request.user, board_set)
    if access.nothing:
        raise PermissionDenied(visibility.deals_hidden_message())
    return board_set, access


def board_set_hand_records(request: HttpRequest, pk: int) -> HttpResponse:
    board_set, access = _board_set_seen(request, pk)
    boards = selectors.hand_records(board_set, access=access)
    return render(
        request,
        "tournaments/hand_records.html",
        {
            "board_set": board_set,
            "boards": boards,
            "can_organise": can(request.user, Action.ORGANISE, board_set.club_id),
            "analysis": analysis_note(boards, analysing=request.GET.get("analysing")),
        },
    )


@login_required
def board_deal_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Correct one board's deal (organisers and secretaries), until a result exists."""
    board = get_object_or_404(
        Board.objects.select_related("board_set"), board_set_id=pk, number=number
    )
    require(request.user, Action.ORGANISE, board.board_set.club_id)
    if not visibility.deal_visible(request.user, board):
        raise PermissionDenied(visibility.deals_hidden_message())
    current = dict(zip(BoardDealForm.SEATS, board.deal.partition(":")[2].split(), strict=False))
    form = BoardDealForm(request.POST or None, initial=current)
    if request.method == "POST" and form.is_valid():
        try:
            services.board_deal_change(
                board=board,
                deal_pbn=form.cleaned_data["deal"],
                hands=form.cleaned_data["hands"],
                changed_by=request.user,
                reason=form.cleaned_data["reason"],
            )
            messages.success(
                request,
                _("Board %(n)s corrected; its double-dummy analysis will be recomputed.")
                % {"n": board.number},
            )
            return redirect("tournaments:hand_records", pk=pk)
        except TournamentError as error:
            form.add_error(None, str(error))
    context = {
        "board": board,
        "form": form,
        "played": selectors.board_has_results(board),
        "changes": board.deal_changes.select_related("changed_by"),
    }
    return render(request, "tournaments/board_deal.html", context)


def board_set_pbn(request: HttpRequest, pk: int) -> HttpResponse:
    board_set, access = _board_set_seen(request, pk)
    response = HttpResponse(
        pbn_export_bytes(selectors.board_set_pbn(board_set, access=access)),
        content_type="application/x-pbn; charset=iso-8859-1",
    )
    response["Content-Disposition"] = f'attachment; filename="boards-{board_set.pk}.pbn"'
    return response


def board_detail_redirect(request: HttpRequest, pk: int) -> HttpResponse:
    board = get_object_or_404(Board, pk=pk)
    if not visibility.deal_visible(request.user, board):
        raise PermissionDenied(visibility.deals_hidden_message())
    return redirect("tournaments:hand_records", pk=board.board_set_id)
