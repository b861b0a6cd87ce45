"""Drive pages: the lists (site-wide and a club's), setting a drive up, its overview, the
players at the door (late arrivals and leavers once it runs), starting it.

Thin: who may comes from :mod:`drives.access` (a club's organisers and secretaries, or a
one-off drive's MC); each write is one service; a refusal is a message on the form."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.errors import ClubError
from clubs.models import Club
from clubs.permissions import Action, can, require
from drives import selectors
from drives.access import can_run, require_run
from drives.forms import CodeForm, DriveForm, PlayerForm, PlayerLinesForm
from drives.models import Drive, DrivePlayer, DriveStatus
from drives.presenters import settings_lines
from drives.running import drive_start
from drives.services import drive_create as drive_create_service
from drives.services import drive_update, player_add, players_add_lines
from drives.services import player_leave as leave_service


def drive_of(drive_id: int) -> Drive:
    drive = selectors.drive_get(drive_id)
    if drive is None:
        raise Http404(_("No such whist drive."))
    return drive


def drive_list(request: HttpRequest) -> HttpResponse:
    """Every drive, newest first; the table-code box; "run a drive" for those logged in."""
    return render(
        request,
        "drives/list.html",
        {"drives": selectors.drives_listed()[:100], "code_form": CodeForm()},
    )


def club_drives(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    return render(
        request,
        "drives/club_list.html",
        {
            "club": club,
            "drives": selectors.drives_listed(club=club),
            "can_organise": can(request.user, Action.ORGANISE, club),
            "seasons": club.seasons.all(),
        },
    )


def _create(request: HttpRequest, club: Club | None) -> HttpResponse:
    form = DriveForm(request.POST or None, club=club, initial=DriveForm.initial_for())
    if request.method == "POST" and form.is_valid():
        try:
            drive = drive_create_service(
                organiser=request.user,
                club=club,
                name=form.cleaned_data["name"],
                date=form.cleaned_data["date"],
                settings=form.settings_dict(),
                counts_for_ladder=form.cleaned_data.get("counts_for_ladder", False),
            )
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Drive set up: now add the players."))
            return redirect("drives:players", drive_id=drive.pk)
    return render(request, "drives/form.html", {"form": form, "club": club, "drive": None})


@login_required
def drive_create(request: HttpRequest) -> HttpResponse:
    """A one-off public drive: whoever sets it up is its MC."""
    return _create(request, None)


@login_required
def club_drive_create(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    require(request.user, Action.ORGANISE, club)
    return _create(request, club)


def detail(request: HttpRequest, drive_id: int) -> HttpResponse:
    drive = drive_of(drive_id)
    state = selectors.drive_state(drive)
    return render(
        request,
        "drives/detail.html",
        {
            "drive": drive,
            "club": drive.club,
            "rules": state.settings,
            "settings_lines": settings_lines(state.settings),
            "state": state,
            "can_run": can_run(request.user, drive),
            "ladies": sum(p.role == "lady" for p in state.players.values()),
            "gents": sum(p.role == "gent" for p in state.players.values()),
        },
    )


@login_required
def settings_edit(request: HttpRequest, drive_id: int) -> HttpResponse:
    drive = drive_of(drive_id)
    require_run(request.user, drive)
    form = DriveForm(request.POST or None, club=drive.club, initial=DriveForm.initial_for(drive))
    if request.method == "POST" and form.is_valid():
        try:
            drive_update(
                drive=drive,
                name=form.cleaned_data["name"],
                date=form.cleaned_data["date"],
                settings=form.settings_dict(),
                counts_for_ladder=form.cleaned_data.get("counts_for_ladder", False),
            )
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Settings saved."))
            return redirect("drives:detail", drive_id=drive.pk)
    return render(request, "drives/form.html", {"form": form, "club": drive.club, "drive": drive})


@login_required
def players(request: HttpRequest, drive_id: int) -> HttpResponse:
    """The door: add players one by one or as a list; late arrivals once the drive runs."""
    drive = drive_of(drive_id)
    require_run(request.user, drive)
    one = PlayerForm(club=drive.club)
    many = PlayerLinesForm()
    if request.method == "POST":
        if "lines" in request.POST:
            many = PlayerLinesForm(request.POST)
            form, add = many, lambda d: players_add_lines(drive=drive, text=d["lines"])
        else:
            one = PlayerForm(request.POST, club=drive.club)
            form, add = (
                one,
                lambda d: [
                    player_add(drive=drive, name=d["name"], role=d["role"], member=d.get("member"))
                ],
            )
        if form.is_valid():
            try:
                added = add(form.cleaned_data)
            except ClubError as error:
                form.add_error(None, str(error))
            else:
                messages.success(
                    request, _("Added: %(names)s.") % {"names": ", ".join(p.name for p in added)}
                )
                return redirect("drives:players", drive_id=drive.pk)
    state = selectors.drive_state(drive)
    return render(
        request,
        "drives/players.html",
        {
            "drive": drive,
            "club": drive.club,
            "state": state,
            "form": one,
            "lines_form": many,
            "ladies": sum(p.role == "lady" for p in state.players.values()),
            "gents": sum(p.role == "gent" for p in state.players.values()),
        },
    )


@require_POST
@login_required
def player_leave(request: HttpRequest, drive_id: int, player_id: int) -> HttpResponse:
    drive = drive_of(drive_id)
    require_run(request.user, drive)
    player = get_object_or_404(DrivePlayer, pk=player_id, drive=drive)
    try:
        leave_service(drive=drive, player=player)
    except ClubError as error:
        messages.error(request, str(error))
    else:
        if drive.status == DriveStatus.SETUP:
            messages.success(request, _("%(name)s taken off the list.") % {"name": player.name})
        else:
            messages.success(
                request,
                _("%(name)s leaves after this round; the seat becomes a ghost's.")
                % {"name": player.name},
            )
    return redirect("drives:players", drive_id=drive.pk)


@require_POST
@login_required
def start(request: HttpRequest, drive_id: int) -> HttpResponse:
    drive = drive_of(drive_id)
    require_run(request.user, drive)
    try:
        drive_start(drive=drive)
    except ClubError as error:
        messages.error(request, str(error))
        return redirect("drives:players", drive_id=drive.pk)
    messages.success(request, _("The drive has started: hand 1 is called."))
    return redirect("drives:screen", drive_id=drive.pk)
