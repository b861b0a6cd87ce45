"""Playing a drive: the MC's screen (projected; it updates by itself), calling the next
hand, the MC's quick entry of a hand from the paper cards, corrections, and each table's
phone page reached with its code (no login; wrong codes are throttled)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.errors import ClubError, HandConflict
from drives import selectors
from drives.access import can_run, require_run
from drives.codes import code_display, code_normalise
from drives.forms import CodeForm, CorrectionForm, EntryForm, GridForm
from drives.models import DriveEntry, DriveStatus, EntryVia
from drives.presenters import pair_names, screen_context, trump_name
from drives.running import CardRefused, entry_correct, entry_record, hand_next
from drives.throttle import guesses
from drives.views import drive_of


def screen(request: HttpRequest, drive_id: int) -> HttpResponse:
    """The hall's screen: anyone may watch it; the MC also calls the next hand here."""
    drive = drive_of(drive_id)
    context = screen_context(selectors.drive_state(drive))
    context["can_run"] = can_run(request.user, drive)
    context["club"] = drive.club
    return render(request, "drives/screen.html", context)


def screen_live(request: HttpRequest, drive_id: int) -> HttpResponse:
    """The screen's changing part, fetched by the page's script when the drive changes."""
    drive = drive_of(drive_id)
    context = screen_context(selectors.drive_state(drive))
    context["can_run"] = can_run(request.user, drive)
    return render(request, "drives/_screen_body.html", context)


def version(request: HttpRequest, drive_id: int) -> HttpResponse:
    """``{"version": n}``: how many changes the drive has had (304 while unchanged)."""
    drive = drive_of(drive_id)
    tag = f'"drive-{drive.pk}-{drive.version}"'
    if request.headers.get("If-None-Match") == tag:
        response = HttpResponse(status=304)
    else:
        response = JsonResponse({"version": drive.version})
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


@require_POST
@login_required
def next_hand(request: HttpRequest, drive_id: int) -> HttpResponse:
    drive = drive_of(drive_id)
    require_run(request.user, drive)
    try:
        drive = hand_next(drive=drive)
    except ClubError as error:
        messages.error(request, str(error))
        return redirect("drives:screen", drive_id=drive.pk)
    if drive.status == DriveStatus.FINISHED:
        messages.success(request, _("The last hand is in: here are the prizes."))
        return redirect("drives:prizes", drive_id=drive.pk)
    return redirect("drives:screen", drive_id=drive.pk)


@login_required
def enter(request: HttpRequest, drive_id: int) -> HttpResponse:
    """The MC types the hand being played from the tables' paper cards, all tables at once."""
    drive = drive_of(drive_id)
    require_run(request.user, drive)
    if drive.status != DriveStatus.RUNNING:
        messages.error(request, _("The drive is not being played."))
        return redirect("drives:detail", drive_id=drive.pk)
    state = selectors.drive_state(drive)
    rows = state.hand(drive.current_hand)
    open_tables = [th.table for th in rows if not th.done]
    form = GridForm(request.POST or None, tables=open_tables)
    problems: dict[int, str] = {}
    if request.method == "POST" and form.is_valid():
        stored = []
        for table, tricks_a, tricks_b in form.rows(open_tables):
            if tricks_a is None and tricks_b is None:
                continue
            try:
                entry_record(
                    drive=drive,
                    hand=drive.current_hand,
                    table=table,
                    tricks_a=tricks_a if tricks_a is not None else 13 - tricks_b,
                    tricks_b=tricks_b if tricks_b is not None else 13 - tricks_a,
                    by=request.user,
                    via=EntryVia.MC,
                )
            except ClubError as error:
                problems[table] = str(error)
            else:
                stored.append(table)
        if stored:
            messages.success(
                request, _("Stored: tables %(tables)s.") % {"tables": ", ".join(map(str, stored))}
            )
        if not problems:
            return redirect("drives:enter", drive_id=drive.pk)
    lines = [
        {
            "th": th,
            "a": pair_names(state, th.pair_a, th.kind),
            "b": pair_names(state, th.pair_b, th.kind),
            "field_a": form[f"a{th.table}"] if th.table in open_tables else None,
            "field_b": form[f"b{th.table}"] if th.table in open_tables else None,
            "problem": problems.get(th.table, ""),
        }
        for th in rows
    ]
    return render(
        request,
        "drives/enter.html",
        {
            "drive": drive,
            "club": drive.club,
            "form": form,
            "lines": lines,
            "hand": drive.current_hand,
            "trump_name": trump_name(state.settings.trump(drive.current_hand)),
            "all_done": all(th.done for th in rows),
        },
    )


@login_required
def correct(request: HttpRequest, drive_id: int, hand: int, table: int) -> HttpResponse:
    drive = drive_of(drive_id)
    require_run(request.user, drive)
    entry = DriveEntry.objects.filter(drive=drive, hand=hand, table=table).first()
    if entry is None:
        raise Http404(_("This table has not entered this hand."))
    form = CorrectionForm(
        request.POST or None, initial={"tricks_a": entry.tricks_a, "tricks_b": entry.tricks_b}
    )
    if request.method == "POST" and form.is_valid():
        try:
            entry_correct(entry=entry, by=request.user, **form.cleaned_data)
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                _("Hand %(hand)d at table %(table)d corrected.") % {"hand": hand, "table": table},
            )
            return redirect("drives:detail", drive_id=drive.pk)
    history = entry.corrections.select_related("corrected_by")
    return render(
        request,
        "drives/correct.html",
        {
            "drive": drive,
            "club": drive.club,
            "entry": entry,
            "form": form,
            "history": history,
        },
    )


def join(request: HttpRequest) -> HttpResponse:
    """A table's phone types its code here and lands on the table's page."""
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        code = code_normalise(form.cleaned_data["code"])
        if code is not None:
            return redirect("drives:table", code=code)
        form.add_error("code", _("A table code has eight letters and digits, e.g. ABCD-EFGH."))
    return render(request, "drives/join.html", {"form": form}, status=200)


def _table_enter(request: HttpRequest, row, form: EntryForm) -> bool:
    """Store the table's hand from ``form``; False when refused (the reason on the form)."""
    if not guesses.try_take(request):
        form.add_error("card", _("Too many wrong codes: wait a few minutes."))
        return False
    hand = form.cleaned_data["hand"]
    try:
        entry_record(
            drive=row.drive,
            hand=hand,
            table=row.number,
            tricks_a=form.cleaned_data["tricks_a"],
            tricks_b=form.cleaned_data["tricks_b"],
            by=request.user,
            card=form.cleaned_data["card"],
        )
    except CardRefused as error:  # a wrong card code stays counted
        form.add_error("card", str(error))
        return False
    except HandConflict as error:
        guesses.give_back(request)
        messages.error(request, str(error))
        return True
    except ClubError as error:
        guesses.give_back(request)
        form.add_error(None, str(error))
        return False
    guesses.give_back(request)
    messages.success(
        request, _("Hand %(hand)d stored. Wait for the MC to call the next hand.") % {"hand": hand}
    )
    return True


def _table_refused(request: HttpRequest, status: int, message: str) -> HttpResponse:
    return render(
        request, "drives/join.html", {"form": CodeForm(), "refusal": message}, status=status
    )


def table(request: HttpRequest, code: str) -> HttpResponse:
    """A table's page: who sits where this hand, the trumps, and the tricks to enter (with
    the card code of a player seated there now)."""
    if not guesses.try_take(request):
        return _table_refused(request, 429, _("Too many wrong codes: wait a few minutes."))
    normal = code_normalise(code)
    row = selectors.table_by_code(normal) if normal else None
    if row is None:
        return _table_refused(request, 404, _("No table has this code. Check the table card."))
    guesses.give_back(request)
    if normal != code:
        return redirect("drives:table", code=normal)
    drive = row.drive
    state = selectors.drive_state(drive)
    th = next((t for t in state.hand(drive.current_hand) if t.table == row.number), None)
    form = None
    if drive.status == DriveStatus.RUNNING and th is not None and not th.done:
        form = EntryForm(request.POST or None, initial={"hand": drive.current_hand})
        if request.method == "POST" and form.is_valid():
            stored = _table_enter(request, row, form)
            if stored:
                return redirect("drives:table", code=normal)
    return render(
        request,
        "drives/table.html",
        {
            "drive": drive,
            "table": row,
            "code": code_display(row.code),
            "th": th,
            "form": form,
            "pair_a": pair_names(state, th.pair_a, th.kind) if th else "",
            "pair_b": pair_names(state, th.pair_b, th.kind) if th else "",
            "trump_name": trump_name(state.settings.trump(drive.current_hand))
            if drive.current_hand
            else "",
        },
    )
