"""The club's own pages: member directory, members and memberships, member import and
seasons (the club's home, the season ladder and the player page combine several apps: they
are the site's, in :mod:`tenace.views`). Thin: each view checks permission with
:mod:`clubs.permissions`, calls one service or selector, and maps a ClubError to a message."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import selectors, services
from clubs.errors import ClubError, MemberImportRefused
from clubs.forms import MemberAddForm, MemberForm, MemberImportForm, MembershipForm, SeasonForm
from clubs.models import Club, Member, Membership
from clubs.permissions import Action, can, can_edit_person, can_see_contact, require


def _club(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def club_list(request: HttpRequest) -> HttpResponse:
    return render(request, "clubs/club_list.html", {"clubs": selectors.clubs_all()})


def member_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    return render(
        request,
        "clubs/member_list.html",
        {
            "club": club,
            "rows": selectors.club_directory(club, on=timezone.localdate()),
            "show_contacts": can(request.user, Action.ORGANISE, club),
            "can_manage": can(request.user, Action.MANAGE_CLUB, club),
        },
    )


@login_required
def member_add(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    require(request.user, Action.MANAGE_CLUB, club)
    form = MemberAddForm(request.POST or None, initial={"valid_from": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        try:
            membership = services.member_add(club=club, by=request.user, **form.cleaned_data)
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("%(name)s added.") % {"name": membership.member.name})
            return redirect("clubs:members", slug=club.slug)
    return render(request, "clubs/member_form.html", {"club": club, "form": form})


@login_required
def member_edit(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    """A member's page for the club's secretaries: their details (editable only while they
    are the club's alone, :func:`clubs.permissions.can_edit_person`), roles, login."""
    club = _club(slug)
    require(request.user, Action.MANAGE_CLUB, club)
    member = selectors.club_member(club, member_id)
    editable = can_edit_person(request.user, member)
    form = MemberForm(request.POST or None, instance=member) if editable else None
    if request.method == "POST" and form is not None and form.is_valid():
        try:
            services.member_update(member=member, by=request.user, **form.cleaned_data)
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Saved."))
            return redirect("clubs:members", slug=club.slug)
    memberships = Membership.objects.filter(club=club, member=member).order_by("-valid_from")
    return render(
        request,
        "clubs/member_form.html",
        {
            "club": club,
            "form": form,
            "member": member,
            "memberships": memberships,
            "show_contact": can_see_contact(request.user, club, memberships),
            "invited_until": selectors.invitation_waiting_until(club, member),
            "today": timezone.localdate(),
        },
    )


def _membership_form(request, club: Club, member: Member, membership: Membership | None):
    form = MembershipForm(
        request.POST or None,
        instance=membership,
        initial=None if membership else {"valid_from": timezone.localdate()},
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if membership is None:
                services.membership_add(club=club, member=member, by=request.user, **data)
            else:
                services.membership_update(membership=membership, by=request.user, **data)
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Saved."))
            return redirect("clubs:member_edit", slug=club.slug, member_id=member.pk)
    return render(
        request,
        "clubs/membership_form.html",
        {"club": club, "member": member, "membership": membership, "form": form},
    )


@login_required
def membership_add(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = _club(slug)
    require(request.user, Action.MANAGE_CLUB, club)
    return _membership_form(request, club, selectors.club_member(club, member_id), None)


@login_required
def membership_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = _club(slug)
    require(request.user, Action.MANAGE_CLUB, club)
    membership = get_object_or_404(Membership.objects.select_related("member"), club=club, pk=pk)
    return _membership_form(request, club, membership.member, membership)


@login_required
def member_import(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    require(request.user, Action.MANAGE_CLUB, club)
    form = MemberImportForm(request.POST or None, request.FILES or None)
    report = None
    if request.method == "POST" and form.is_valid():
        try:
            report = services.member_import_csv(
                club=club, text=form.cleaned_data["file"], by=request.user
            )
        except MemberImportRefused as refused:
            report = refused.report
    return render(
        request, "clubs/import_members.html", {"club": club, "form": form, "report": report}
    )


def season_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    return render(
        request,
        "clubs/season_list.html",
        {
            "club": club,
            "seasons": selectors.club_seasons(club),
            "can_manage": can(request.user, Action.MANAGE_CLUB, club),
        },
    )


def _season_form(request, club: Club, season):
    form = SeasonForm(request.POST or None, instance=season)
    if request.method == "POST" and form.is_valid():
        try:
            if season is None:
                season = services.season_create(club=club, **form.cleaned_data)
            else:
                services.season_update(season=season, **form.cleaned_data)
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Saved."))
            return redirect("clubs:ladder", slug=club.slug, pk=season.pk)
    return render(request, "clubs/season_form.html", {"club": club, "form": form, "season": season})


@login_required
def season_create(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club(slug)
    require(request.user, Action.MANAGE_CLUB, club)
    return _season_form(request, club, None)


@login_required
def season_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = _club(slug)
    require(request.user, Action.MANAGE_CLUB, club)
    return _season_form(request, club, selectors.club_season(club, pk))
