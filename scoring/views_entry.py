"""Pages that enter and fix results: the secretary's traveller grid, the table-side phone
pages (NS enter, EW confirm), the dashboard, corrections and the CSV import."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs.inputs import whole_number
from clubs.permissions import Action, can, member_of, require
from scoring import schedule, selectors
from scoring.errors import ImportRefused, ResultConflict, ScoringError
from scoring.forms import CorrectionForm, ImportForm, PBNResultsForm, format_cell, parse_cell
from scoring.idempotency import idempotent_call
from scoring.imports import results_import_csv
from scoring.imports_pbn import results_import_pbn, upload_text
from scoring.models import Result, ResultSource, ResultStatus
from scoring.services import confirmation_code, result_confirm, result_correct, result_record
from scoring.views import _section_or_404


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


class _RoundRefused(Exception):
    """Raised inside the grid's transaction to store none of its cells."""


def _grid_save(request, section_id: int, lines, *, by, source, confirmed) -> dict[int, str]:
    """Record the posted grid's non-empty cells **all or none**: every cell is checked,
    and if one is refused nothing is stored. Returns the refusals by board play."""
    refused: dict[int, str] = {}
    try:
        with transaction.atomic():
            for line in lines:
                text = request.POST.get(f"cell-{line.board_play_id}", "")
                try:
                    given = parse_cell(text)
                    if given is None:
                        continue
                    result_record(
                        board_play_id=line.board_play_id,
                        given=given,
                        by=by,
                        source=source,
                        confirmed=confirmed,
                    )
                except ResultConflict:
                    continue  # already stored: shown as such in the grid
                except ScoringError as error:
                    refused[line.board_play_id] = str(error)
            if refused:
                raise _RoundRefused
    except _RoundRefused:
        pass
    return refused


def _refusal_lines(lines, refused: dict[int, str]) -> list[str]:
    """The refusals as the list above the grid says them."""
    return [
        _("Board %(board)s, table %(table)s: %(reason)s")
        % {"board": line.board, "table": line.table, "reason": refused[line.board_play_id]}
        for line in lines
        if line.board_play_id in refused
    ]


def _grid_page(request, section, lines, title: str) -> HttpResponse:
    club_id = selectors.club_id_of(section)
    require(request.user, Action.ORGANISE, club_id)
    refused: dict[int, str] = {}
    if request.method == "POST":
        refused = _grid_save(
            request,
            section.pk,
            lines,
            by=request.user,
            source=ResultSource.SECRETARY,
            confirmed=True,
        )
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
    require(request.user, Action.ENTER_SCORES, club_id, seated=ns_members)
    lines = schedule.round_lines(section_id=section.pk, round=round, table=table)
    errors: list[str] = []
    if request.method == "POST":
        staff = can(request.user, Action.ORGANISE, club_id)

        def save() -> tuple[int, dict]:
            refused = _grid_save(
                request,
                section.pk,
                lines,
                by=request.user,
                source=ResultSource.TABLE,
                confirmed=staff,
            )
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
    )


def _confirm_allowed(request, club_id: int, ew_members, lines) -> bool:
    if request.user.is_authenticated and can(
        request.user, Action.ENTER_SCORES, club_id, seated=ew_members
    ):
        return True
    code = request.POST.get("code", "").strip()
    return bool(lines) and bool(code) and code == confirmation_code(lines[0].ew_id)


def table_confirm(request, section_id: int, table: int, round: int) -> HttpResponse:
    """EW confirm NS's figures on their own phone, or on NS's phone with their code."""
    section = _section_or_404(section_id)
    club_id = selectors.club_id_of(section)
    _ns, ew_members = schedule.seated_members(section_id=section.pk, round=round, table=table)
    lines = schedule.round_lines(section_id=section.pk, round=round, table=table)
    errors: list[str] = []
    if request.method == "POST":
        if not _confirm_allowed(request, club_id, ew_members, lines):
            errors.append(_("Only EW at this table can confirm: log in, or type your code."))
        else:
            errors = _confirm_rows(request, section.pk, lines)
            if not errors:
                messages.success(request, _("Thank you: the round is confirmed."))
                return redirect(request.path)
    return render(
        request,
        "scoring/table_confirm.html",
        {
            "section": section,
            "tournament": selectors.tournament_of(section),
            "table": table,
            "round": round,
            "rows": _grid_rows(section.pk, lines),
            "errors": errors,
            "needs_code": not (
                request.user.is_authenticated
                and can(request.user, Action.ENTER_SCORES, club_id, seated=ew_members)
            ),
        },
    )


def _confirm_rows(request, section_id: int, lines) -> list[str]:
    stored = _results_by_play(section_id)
    errors = []
    for line in lines:
        result = stored.get(line.board_play_id)
        if result is None or result.status == ResultStatus.CONFIRMED:
            continue
        text = request.POST.get(f"cell-{line.board_play_id}", "").strip()
        figure = typed if (typed := whole_number(text)) is not None else result.ns_tricks
        try:
            result_confirm(result_id=result.pk, by=request.user, ns_tricks=figure, code_ok=True)
        except ScoringError as error:
            errors.append(str(error))
    return errors


@login_required
def my_table(request, section_id: int) -> HttpResponse:
    """A player's rounds in the section, each linking to the table page to enter or confirm."""
    section = _section_or_404(section_id)
    member = member_of(request.user)
    rounds = schedule.entry_rounds(section_id=section.pk, member_id=member.pk) if member else []
    return render(
        request,
        "scoring/my_table.html",
        {"section": section, "tournament": selectors.tournament_of(section), "rounds": rounds},
    )


@login_required
def dashboard(request, section_id: int) -> HttpResponse:
    section = _section_or_404(section_id)
    require(request.user, Action.ORGANISE, selectors.club_id_of(section))
    rows = _grid_rows(section.pk, schedule.section_lines(section.pk))
    progress: dict[int, dict[int, dict]] = {}
    for row in rows:
        cell = progress.setdefault(row["line"].round, {}).setdefault(
            row["line"].table, {"total": 0, "entered": 0, "confirmed": 0, "disputed": 0}
        )
        cell["total"] += 1
        if row["result"] is not None:
            cell["entered"] += 1
            cell["confirmed"] += row["result"].status == ResultStatus.CONFIRMED
            cell["disputed"] += row["result"].status == ResultStatus.DISPUTED
    entries = {row["line"].ew_id: row["line"] for row in rows}
    return render(
        request,
        "scoring/dashboard.html",
        {
            "section": section,
            "tournament": selectors.tournament_of(section),
            "progress": sorted((r, sorted(t.items())) for r, t in progress.items()),
            "waiting": [row for row in rows if row["result"] and row["result"].status == "entered"],
            "disputed": [
                row for row in rows if row["result"] and row["result"].status == "disputed"
            ],
            "codes": sorted(
                (line.ew_number, line.ew_name, confirmation_code(entry_id))
                for entry_id, line in entries.items()
            ),
            "boards": selectors.board_numbers(section),
            "is_secretary": can(request.user, Action.MANAGE_CLUB, selectors.club_id_of(section)),
        },
    )


@login_required
def correct(request, result_id: int) -> HttpResponse:
    result = get_object_or_404(Result.objects.select_related("ns", "ew"), pk=result_id)
    section = _section_or_404(result.section_id)
    require(request.user, Action.MANAGE_CLUB, selectors.club_id_of(section))
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
    require(request.user, Action.MANAGE_CLUB, selectors.club_id_of(section))
    posted = request.method == "POST"
    pbn_posted = posted and "pbn" in request.FILES
    form = ImportForm(request.POST if posted and not pbn_posted else None, request.FILES or None)
    pbn_form = PBNResultsForm(request.POST if pbn_posted else None, request.FILES or None)
    report = pbn_report = None
    if pbn_posted and pbn_form.is_valid():
        try:
            pbn_report = results_import_pbn(
                section_id=section.pk,
                text=upload_text(pbn_form.cleaned_data["pbn"]),
                by=request.user,
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
