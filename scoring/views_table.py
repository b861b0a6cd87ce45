"""The table screen: a player's own phone at their table now (:func:`table_now`), and a
table device handed to the table without a login (:func:`device_table`), as Bridgemate.

Both show the round, the table, who sits where, the boards with number, dealer and trump
(never a deal), the arrow switch, and where each pair goes next. The pair holding the NS
cards enters the boards, the pair holding the EW cards confirms them (after an arrow switch,
the pairs seated EW and NS: :func:`tournaments.seats.pairs_by_cards`); a table device does
both. The form is queued by ``table-entry.js`` when the
signal drops and sent once (a result already stored is not stored again); the page asks
its ``…/state/`` address every few seconds and reloads itself when a result of the round
changes (entered, confirmed, disputed) or the round is complete.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from clubs.inputs import whole_number
from clubs.permissions import Action, can, member_id_of
from scoring import devices, selectors
from scoring.entering import cells_record
from scoring.errors import ScoringError
from scoring.forms import figures_parse
from scoring.idempotency import idempotent_call
from scoring.models import Result, ResultSource, ResultStatus, TableDevice
from scoring.services import round_confirm
from scoring.standings_sight import standings_sight
from scoring.table_screen import (
    RoundAtTable,
    TableScreen,
    disputed_message,
    entry_screen,
    events_now,
    seat_now,
    table_screen,
)


def _asked_round(request) -> int | None:
    text = request.POST.get("round") or request.GET.get("round") or ""
    return whole_number(text)


def _enter(request, round_: RoundAtTable, *, by, device: TableDevice | None) -> list[str]:
    """Record the round's typed boards, all or none, under the one entry rule
    (:func:`scoring.entering.cells_record`); returns the refusals, each naming its board."""
    refused = cells_record(
        cells=[
            (board.board_play_id, request.POST.get(f"cell-{board.board_play_id}", ""))
            for board in round_.to_enter
        ],
        by=by,
        source=ResultSource.TABLE,
        device=device,
    )
    return [
        _("Board %(board)s: %(reason)s") % {"board": board.number, "reason": refused[pk]}
        for board in round_.to_enter
        if (pk := board.board_play_id) in refused
    ]


def _confirm(request, round_: RoundAtTable, *, by, device: TableDevice | None) -> list[str]:
    """EW's answer to the results waiting in the round, all or none: NS's figure (or an
    empty cell) confirms a board, another number of tricks disputes it."""
    waiting = round_.waiting
    figures, errors = figures_parse(
        (board.board_play_id, board.number, request.POST.get(f"cell-{board.board_play_id}", ""))
        for board in waiting
    )
    if errors or not waiting:
        return errors
    try:
        round_confirm(
            section_id=waiting[0].result.section_id,
            round=round_.round,
            table=round_.table,
            by=by,
            figures=figures,
            device=device,
        )
    except ScoringError as error:
        return [str(error)]
    return []


def _answered(request, round_: RoundAtTable) -> None:
    """After EW answered the round: confirmed, or which boards go to the director."""
    disputed = sorted(
        Result.objects.filter(
            board_play_id__in=[board.board_play_id for board in round_.boards],
            status=ResultStatus.DISPUTED,
        ).values_list("board_number", flat=True)
    )
    if disputed:
        messages.warning(request, disputed_message(round_.round, disputed))
    else:
        messages.success(
            request, _("Round %(round)s is confirmed. Thank you!") % {"round": round_.round}
        )


def _not_running(screen: TableScreen) -> list[str]:
    return [] if screen.running else [_("The event is not running: nothing can be entered now.")]


def _standings_url(request, screen: TableScreen) -> str:
    """The standings link, when the reader may follow them now (the one rule)."""
    if not standings_sight(request.user, screen.section).allowed:
        return ""
    return reverse("scoring:standings", args=[screen.section.pk])


def _render(request, screen: TableScreen, *, errors, mode: str, state_url: str, **extra):
    current = screen.current
    side = screen.cards  # NS cards enter, EW cards confirm (arrow switch applied)
    context = {
        "screen": screen,
        "current": current,
        "mode": mode,
        "errors": errors,
        "state": screen.state(),
        "state_url": state_url,
        "idempotency_key": uuid.uuid4().hex,
        "standings_url": _standings_url(request, screen),
        "can_enter": bool(current and screen.running and current.to_enter)
        and (mode == "device" or side == "NS"),
        "can_confirm": bool(current and screen.running and current.waiting)
        and (mode == "device" or side == "EW"),
        **extra,
    }
    response = render(request, "scoring/table_screen.html", context, status=400 if errors else 200)
    response["Cache-Control"] = "no-store"
    return response


def _state(screen: TableScreen | None) -> JsonResponse:
    response = JsonResponse({"state": screen.state() if screen else ""})
    response["Cache-Control"] = "no-store"
    return response


# A player's own phone --------------------------------------------------------------------


def _asked_event(request) -> int | None:
    """The event the table screen was opened for (``?event=``): every link to it names
    its event, so a player in two running events lands at the right one."""
    return whole_number(request.POST.get("event") or request.GET.get("event") or "")


def _event_query(request) -> str:
    event = _asked_event(request)
    return f"?event={event}" if event is not None else ""


def _player_screen(request) -> TableScreen | None:
    seat = seat_now(member_id_of(request.user), tournament_id=_asked_event(request))
    if seat is None:
        return None
    section, entry = seat
    return entry_screen(section, entry, round=_asked_round(request))


def _player_post(request, screen: TableScreen) -> list[str]:
    current = screen.current
    errors = _not_running(screen)
    if errors or current is None:
        return errors or [_("You have no table in this round.")]
    club_id = selectors.club_id_of(screen.section)
    if request.POST.get("action") == "confirm":
        return _confirm(request, current, by=request.user, device=None)
    seated = {m for entry in current.holding("NS") for m in entry.member_ids()}
    if not can(request.user, Action.ENTER_SCORES, club_id, seated=seated):
        return [_("North–South enter the boards; East–West confirm them.")]

    def save() -> tuple[int, dict]:
        refused = _enter(request, current, by=request.user, device=None)
        return (400 if refused else 200), {"errors": refused}

    _code, body, _replayed = idempotent_call(
        user=request.user,
        key=request.POST.get("idempotency_key"),
        path=request.path,
        data={key: value for key, value in request.POST.items() if key.startswith("cell-")},
        call=save,
    )
    return body["errors"]


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def table_now(request) -> HttpResponse:
    """The player's table now, in the event asked for (``?event=``) or the one running
    now (the login lands here); a player in several running events chooses one."""
    if _asked_event(request) is None:
        events = events_now(member_id_of(request.user))
        if len(events) > 1:
            return _choose_event(request, events)
    screen = _player_screen(request)
    if screen is None or screen.current is None:
        response = render(request, "scoring/table_none.html", {}, status=200)
        response["Cache-Control"] = "no-store"
        return response
    errors: list[str] = []
    if request.method == "POST":
        errors = _player_post(request, screen)
        if not errors:
            if request.POST.get("action") == "confirm" and screen.current is not None:
                _answered(request, screen.current)
            return redirect(reverse("scoring:table-now") + _event_query(request))
        # What was stored is shown as stored; only the refused boards are offered again.
        screen = _player_screen(request) or screen
    return _render(
        request,
        screen,
        errors=errors,
        mode="pair",
        state_url=reverse("scoring:table-now-state") + _event_query(request),
        event_id=screen.tournament.pk,
        confirm_url=reverse(
            "scoring:table-confirm",
            args=[screen.section.pk, screen.current.table, screen.current.round],
        ),
    )


def _choose_event(request, events) -> HttpResponse:
    response = render(request, "scoring/table_choose.html", {"events": events})
    response["Cache-Control"] = "no-store"
    return response


@never_cache
@login_required
@require_GET
def table_now_state(request) -> JsonResponse:
    return _state(_player_screen(request))


# A table device --------------------------------------------------------------------------


def _device_refused(request, message: str, status: int) -> HttpResponse:
    response = render(request, "scoring/device_join.html", {"refusal": message}, status=status)
    response["Cache-Control"] = "no-store"
    return response


def _device_screen(request, device: TableDevice) -> TableScreen:
    return table_screen(device.section, device.table, round=_asked_round(request))


@never_cache
@require_http_methods(["GET", "POST"])
def device_table(request) -> HttpResponse:
    """The table device's screen; without a usable device, the page to type its code."""
    device = devices.device_of_request(request)
    if device is None:
        if devices.device_cookie_id(request) is not None:
            response = _device_refused(
                request,
                _("This phone's table device was revoked. Ask the director for a new code."),
                403,
            )
            response.delete_cookie(devices.COOKIE)
            return response
        return redirect("scoring:device-join")
    screen = _device_screen(request, device)
    if screen.current is None:
        return _device_refused(
            request,
            _("Table %(table)s has no rounds in the schedule now. Ask the director.")
            % {"table": device.table},
            404,
        )
    errors: list[str] = []
    if request.method == "POST":
        errors = _not_running(screen)
        confirming = request.POST.get("action") == "confirm"
        if not errors and screen.current is not None:
            action = _confirm if confirming else _enter
            errors = action(request, screen.current, by=None, device=device)
        if not errors:
            if confirming and screen.current is not None:
                _answered(request, screen.current)
            return redirect("scoring:device-table")
        screen = _device_screen(request, device)
    return _render(
        request,
        screen,
        errors=errors,
        mode="device",
        state_url=reverse("scoring:device-table-state"),
        device=device,
    )


@never_cache
@require_GET
def device_table_state(request) -> JsonResponse:
    device = devices.device_of_request(request)
    if device is None:
        return JsonResponse({"state": "revoked"}, status=403)
    return _state(_device_screen(request, device))


@never_cache
@require_GET
def device_open(request, key: str) -> HttpResponse:
    """The address in the QR code: the phone becomes the table's device."""
    device = devices.device_by_key(key)
    if device is None:
        return _device_refused(request, _("This table device does not exist or was revoked."), 404)
    response = redirect("scoring:device-table")
    devices.device_cookie_set(response, device)
    return response


@never_cache
@require_http_methods(["GET", "POST"])
def device_join(request) -> HttpResponse:
    """Type the table device's short code (instead of scanning its QR code)."""
    if request.method != "POST":
        return render(request, "scoring/device_join.html", {})
    if not devices.guesses.try_take(request):
        return _device_refused(request, _("Too many wrong codes: wait a few minutes."), 429)
    code = devices.code_normalise(request.POST.get("code", ""))
    device = devices.device_by_code(code) if code else None
    if device is None:
        return _device_refused(
            request, _("No table device has this code. Check it with the director."), 404
        )
    devices.guesses.give_back(request)
    response = redirect("scoring:device-table")
    devices.device_cookie_set(response, device)
    return response


@require_http_methods(["POST"])
def device_leave(request) -> HttpResponse:
    """This phone stops being the table's device (the device itself stays valid)."""
    response = redirect("scoring:device-join")
    response.delete_cookie(devices.COOKIE)
    return response
