"""Pages that enter and fix results: the secretary's traveller grid, the table-side phone
pages (NS enter, EW confirm), the dashboard, corrections and the CSV import."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.permissions import Action, can, member_id_of, member_of, require
from scoring import confirmation, schedule, selectors
from scoring.access import (
    directs_section,
    import_refusal,
    section_director_refusal,
)
from scoring.entering import cells_record
from scoring.errors import (
    CodeLocked,
    ConfirmationRefused,
    ImportRefused,
    ScoringError,
)
from scoring.forms import (
    CorrectionForm,
    ImportForm,
    PBNResultsForm,
    figures_parse,
    format_cell,
)
from scoring.idempotency import idempotent_call
from scoring.imports import results_import_csv
from scoring.imports_usebio import results_import_upload
from scoring.models import Result, ResultSource, ResultStatus
from scoring.progress import section_progress
from scoring.services import result_correct, round_confirm
from scoring.table_screen import disputed_message, entry_screen
from scoring.views import _section_or_404
from tournaments.models import Entry
from tournaments.table_codes import confirmation_code
from tournaments.visibility import director_require, section_board_numbers_visible


def _results_by_play(section_id: int) -> dict[int, Result]:
    return {
        result.board_play_id: result
        for result in Result.objects.filter(section_id=section_id).select_related("latest_version")
    }


def _grid_rows(section_id: int, lines, posted=None, refused=None) -> list[dict]:
    """The grid's rows; after a refused save, each cell keeps what was typed
    (``posted``) and a refused cell carries its reason (``refused``, by board play)."""
    stored = _results_by_play(section_id)
    posted, refused = posted or {}, refused or {}
    return [
        {
            "line": line,
            "result": stored.get(line.board_play_id),
            "cell": format_cell(stored.get(line.board_play_id)),
            "typed": posted.get(f"cell-{line.board_play_id}", ""),
            "error": refused.get(line.board_play_id, ""),
        }
        for line in lines
    ]


def _grid_save(request, lines, *, by, source) -> dict[int, str]:
    """Record the posted grid's non-empty cells **all or none**
    (:func:`scoring.entering.cells_record`: the one rule of who may write each cell).
    Returns the refusals by board play."""
    return cells_record(
        cells=[
            (line.board_play_id, request.POST.get(f"cell-{line.board_play_id}", ""))
            for line in lines
        ],
        by=by,
        source=source,
    )


def _refusal_lines(lines, refused: dict[int, str]) -> list[str]:
    """The refusals as the list above the grid says them."""
    return [
        _("Board %(board)s, table %(table)s: %(reason)s")
        % {"board": line.board, "table": line.table, "reason": refused[line.board_play_id]}
        for line in lines
        if line.board_play_id in refused
    ]


def _grid_page(request, section, lines, title: str) -> HttpResponse:
    director_require(request.user, section.session.tournament)
    refused: dict[int, str] = {}
    if request.method == "POST":
        refused = _grid_save(request, lines, by=request.user, source=ResultSource.SECRETARY)
        if not refused:
            messages.success(request, _("Results saved."))
            return redirect(request.get_full_path())
    return render(
        request,
        "scoring/enter_grid.html",
        {
            "section": section,
            "tournament": selectors.tournament_of(section),
            "title": title,
            "rows": _grid_rows(section.pk, lines, request.POST if refused else None, refused),
            "errors": _refusal_lines(lines, refused),
        },
        status=400 if refused else 200,
    )


@login_required
def enter_board(request, section_id: int, number: int) -> HttpResponse:
    section = _section_or_404(section_id)
    lines = schedule.board_lines(section_id=section.pk, board=number)
    return _grid_page(
        request, section, lines, _("Board %(board)s: every table") % {"board": number}
    )


@login_required
def enter_table(request, section_id: int, table: int, round: int) -> HttpResponse:
    section = _section_or_404(section_id)
    lines = schedule.round_lines(section_id=section.pk, round=round, table=table)
    title = _("Table %(table)s, round %(round)s") % {"table": table, "round": round}
    return _grid_page(request, section, lines, title)


@login_required
def table_round(request, section_id: int, table: int, round: int) -> HttpResponse:
    """NS enter the round's boards on a phone; the answer is idempotent per form."""
    section = _section_or_404(section_id)
    club_id = selectors.club_id_of(section)
    ns_members, _ew = schedule.seated_members(section_id=section.pk, round=round, table=table)
    if not _seated(request.user, ns_members) and not directs_section(request.user, section):
        raise PermissionDenied(_("NS at that table, and the event's directors, enter results."))
    require(request.user, Action.ENTER_SCORES, club_id, seated=ns_members)
    lines = schedule.round_lines(section_id=section.pk, round=round, table=table)
    errors: list[str] = []
    if request.method == "POST":

        def save() -> tuple[int, dict]:
            refused = _grid_save(request, lines, by=request.user, source=ResultSource.TABLE)
            return (400 if refused else 200), {"errors": _refusal_lines(lines, refused)}

        _code, body, _replayed = idempotent_call(
            user=request.user,
            key=request.POST.get("idempotency_key"),
            path=request.path,
            data={key: value for key, value in request.POST.items() if key.startswith("cell-")},
            call=save,
        )
        errors = body["errors"]
        if not errors:
            return redirect(request.path)
    return render(
        request,
        "scoring/table_round.html",
        {
            "section": section,
            "tournament": selectors.tournament_of(section),
            "table": table,
            "round": round,
            "rows": _grid_rows(section.pk, lines),
            "errors": errors,
            "idempotency_key": uuid.uuid4().hex,
            "confirm_url": reverse("scoring:table-confirm", args=[section.pk, table, round]),
        },
        status=400 if errors else 200,
    )


def _figures(request, lines) -> tuple[dict[int, int | None], list[str]]:
    """EW's figure for each board of the round (:func:`scoring.forms.figures_parse`)."""
    return figures_parse(
        (line.board_play_id, line.board, request.POST.get(f"cell-{line.board_play_id}", ""))
        for line in lines
    )


def _seated(user, members) -> bool:
    member_id = member_id_of(user)
    return member_id is not None and member_id in members


def table_confirm(request, section_id: int, table: int, round: int) -> HttpResponse:
    """EW confirm NS's figures on their own phone (logged in), or on NS's phone with the
    code of their table and round (from their guide card)."""
    section = _section_or_404(section_id)
    _ns, ew_members = schedule.seated_members(section_id=section.pk, round=round, table=table)
    lines = schedule.round_lines(section_id=section.pk, round=round, table=table)
    if not lines:
        raise Http404(
            _("Nobody plays at table %(table)s in round %(round)s.")
            % {"table": table, "round": round}
        )
    errors: list[str] = []
    status = 200
    if request.method == "POST":
        figures, errors = _figures(request, lines)
        answered = []
        try:
            if not errors:
                answered = round_confirm(
                    section_id=section.pk,
                    round=round,
                    table=table,
                    by=request.user,
                    figures=figures,
                    code=request.POST.get("code", "")[:40],
                )
        except CodeLocked as error:
            errors, status = [str(error)], 429
        except ConfirmationRefused as error:
            errors, status = [str(error)], 403
        if not errors:
            _round_answered(request, round, answered)
            return redirect(request.path)
        status = 400 if status == 200 else status
    # The figures are a traveller's: shown only for boards the reader may see (NS's phone,
    # EW logged in, a director); a code typed on NS's phone confirms what NS showed.
    visible = section_board_numbers_visible(request.user, section)
    rows = [
        row
        for row in _grid_rows(section.pk, lines)
        if visible is None or row["line"].board in visible
    ]
    return render(
        request,
        "scoring/table_confirm.html",
        {
            "section": section,
            "tournament": selectors.tournament_of(section),
            "table": table,
            "round": round,
            "rows": rows,
            "figures_hidden": bool(lines) and not rows,
            "errors": errors,
            "open": any(
                row["result"] is not None and row["result"].status == ResultStatus.ENTERED
                for row in rows
            ),
            "needs_code": not (
                _seated(request.user, ew_members) or directs_section(request.user, section)
            ),
        },
        status=status,
    )


def _round_answered(request, round_: int, answered) -> None:
    """What EW read once they answered: confirmed, or which boards go to the director."""
    disputed = [r.board_number for r in answered if r.status == ResultStatus.DISPUTED]
    if disputed:
        messages.warning(request, disputed_message(round_, sorted(disputed)))
    else:
        messages.success(request, _("Round %(round)s is confirmed. Thank you!") % {"round": round_})


@login_required
def my_table(request, section_id: int) -> HttpResponse:
    """A player's rounds in the section: table, side, opponents and boards with their trump,
    each linking to the table page to enter or confirm."""
    section = _section_or_404(section_id)
    member = member_of(request.user)
    entry = (
        Entry.objects.filter(section=section, withdrawn=False)
        .filter(Q(member1=member) | Q(member2=member))
        .first()
        if member
        else None
    )
    screen = entry_screen(section, entry) if entry else None
    rounds = [(r, r.side_of(entry.pk)) for r in screen.rounds] if screen else []
    return render(
        request,
        "scoring/my_table.html",
        {
            "section": section,
            "tournament": selectors.tournament_of(section),
            "rounds": rounds,
            "screen": screen,
        },
    )


def _dashboard_context(request, section) -> dict:
    director_require(request.user, section.session.tournament)
    progress = section_progress(section.pk)
    return {
        "section": section,
        "tournament": selectors.tournament_of(section),
        "progress": progress,
        "by_code": [r for r in progress.rows if r["result"] and r["result"].confirmed_by_code],
        "codes": _codes(section.pk, progress.rows),
        "locks": confirmation.code_locks(section.pk),
        "code_tries": confirmation.CODE_TRIES,
        "boards": selectors.board_numbers(section),
        "is_secretary": can(request.user, Action.MANAGE_CLUB, selectors.club_id_of(section)),
    }


@login_required
def dashboard(request, section_id: int) -> HttpResponse:
    """The section's rounds, table by table, the results waiting for confirmation and the
    disagreements; the progress part refreshes by itself (``dashboard-fragment``)."""
    section = _section_or_404(section_id)
    return render(request, "scoring/dashboard.html", _dashboard_context(request, section))


@login_required
def dashboard_fragment(request, section_id: int) -> HttpResponse:
    """The live part of the dashboard (rounds, waiting, disagreements), for the page's
    script to put in place when the section's published version moves."""
    section = _section_or_404(section_id)
    return render(request, "scoring/_progress.html", _dashboard_context(request, section))


def _codes(section_id: int, rows) -> list[tuple[int, int, int, str, str]]:
    """``(round, table, EW number, EW name, code)`` of every table and round."""
    seen = {(row["line"].round, row["line"].table): row["line"] for row in rows}
    return [
        (
            round,
            table,
            line.ew_number,
            line.ew_name,
            confirmation_code(section_id=section_id, round=round, table=table),
        )
        for (round, table), line in sorted(seen.items())
    ]


@login_required
@require_POST
def code_lock_lift(request, section_id: int) -> HttpResponse:
    """A director lifts the lock on a table's confirmation code (from the dashboard)."""
    section = _section_or_404(section_id)
    director_require(request.user, section.session.tournament)
    where = {}
    for name in ("round", "table"):
        text = request.POST.get(name, "")
        where[name] = int(text) if text.isascii() and text.isdigit() and len(text) < 5 else 0
    try:
        lifted = confirmation.code_lock_lift(
            section_id=section.pk, club_id=selectors.club_id_of(section), by=request.user, **where
        )
    except ScoringError as error:
        messages.error(request, str(error))
    else:
        if lifted:
            messages.success(
                request,
                _("The code of table %(table)s in round %(round)s works again.") % where,
            )
        else:
            messages.info(
                request, _("The code of table %(table)s in round %(round)s was not locked.") % where
            )
    return redirect("scoring:dashboard", section.pk)


@login_required
def correct(request, result_id: int) -> HttpResponse:
    result = get_object_or_404(Result.objects.select_related("ns", "ew"), pk=result_id)
    section = _section_or_404(result.section_id)
    refusal = section_director_refusal(request.user, section)
    if refusal is not None:
        raise PermissionDenied(refusal.message)
    form = CorrectionForm(request.POST or None, initial={"cell": format_cell(result)})
    if request.method == "POST" and form.is_valid():
        try:
            result_correct(
                result_id=result.pk,
                given=form.result_input(),
                by=request.user,
                reason=form.cleaned_data["reason"],
            )
        except ScoringError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Result corrected; the standings will follow."))
            return redirect("scoring:board", section.pk, result.board_number)
    return render(
        request,
        "scoring/correct.html",
        {
            "section": section,
            "result": result,
            "form": form,
            "tournament": selectors.tournament_of(section),
        },
    )


@login_required
def import_travellers(request, section_id: int) -> HttpResponse:
    """Import travellers from a CSV file or the results of a PBN file; the report lists what
    was stored and what was refused."""
    section = _section_or_404(section_id)
    refusal = import_refusal(request.user, section)
    if refusal is not None:
        raise PermissionDenied(refusal.message)
    posted = request.method == "POST"
    pbn_posted = posted and "pbn" in request.FILES
    form = ImportForm(request.POST if posted and not pbn_posted else None, request.FILES or None)
    pbn_form = PBNResultsForm(request.POST if pbn_posted else None, request.FILES or None)
    report = pbn_report = None
    if pbn_posted and pbn_form.is_valid():
        try:
            pbn_report = results_import_upload(
                section_id=section.pk, upload=pbn_form.cleaned_data["pbn"], by=request.user
            )
        except ImportRefused as error:
            pbn_form.add_error("pbn", str(error))
    elif posted and not pbn_posted and form.is_valid():
        try:
            report = results_import_csv(
                section_id=section.pk, file=form.cleaned_data["file"], by=request.user
            )
        except ImportRefused as error:
            form.add_error("file", str(error))
    return render(
        request,
        "scoring/import.html",
        {
            "section": section,
            "form": form,
            "pbn_form": pbn_form,
            "report": report,
            "pbn_report": pbn_report,
            "tournament": selectors.tournament_of(section),
        },
    )
