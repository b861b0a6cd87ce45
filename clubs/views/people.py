"""The secretary's pages about people: invite members to log in (one or many, with a report
of who was sent what), end a role, download a member's data, erase a member who asks in
person, merge two records of the same person. Thin: permission, one service, a message."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import invitations, people, roles, selectors
from clubs.errors import ClubError
from clubs.forms_account import InviteForm, MergeForm, SecretaryEraseForm
from clubs.models import Club, Member, Membership, Role
from clubs.permissions import Action, can, can_erase_person, require
from clubs.views.account import export_response


def _club_managed(request: HttpRequest, slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    require(request.user, Action.MANAGE_CLUB, club)
    return club


def _accept_url(request: HttpRequest):
    return lambda code: request.build_absolute_uri(reverse("invitation_link", args=[code]))


def _invitable(club: Club):
    """The club's members whose membership has not ended and who have no login yet."""
    today = timezone.localdate()
    open_ids = Membership.objects.filter(club=club).filter(
        Q(valid_to__isnull=True) | Q(valid_to__gte=today)
    )
    return Member.objects.filter(
        pk__in=open_ids.values("member_id"), user__isnull=True, erased__isnull=True
    ).order_by("name", "pk")


@login_required
def invite(request: HttpRequest, slug: str) -> HttpResponse:
    """Invite several members at once; the answer is the report (codes shown this once)."""
    club = _club_managed(request, slug)
    members = _invitable(club)
    # Nothing is ticked unless asked (?select=all): sending to one member invites one.
    ticked = list(members) if request.GET.get("select") == "all" else []
    form = InviteForm(
        request.POST or None, members=members, initial={"members": ticked, "by_email": True}
    )
    if request.method == "POST" and form.is_valid():
        lines = invitations.invitations_send(
            club=club,
            members=form.cleaned_data["members"],
            by=request.user,
            accept_url=_accept_url(request),
            by_email=form.cleaned_data["by_email"],
        )
        return _report(request, club, lines)
    waiting = invitations.invitations_waiting(club).select_related("member", "created_by")
    return render(
        request,
        "clubs/invite.html",
        {"club": club, "form": form, "waiting": waiting.order_by("member__name", "-created")},
    )


@login_required
@require_POST
def invitation_withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Withdraw a waiting invitation: its link and code stop working."""
    club = _club_managed(request, slug)
    try:
        invitation = invitations.invitation_withdraw(club=club, invitation_id=pk)
    except ClubError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("The invitation of %(name)s is withdrawn: its link and code no longer work.")
            % {"name": invitation.member.name},
        )
    return redirect("clubs:invite", slug=club.slug)


@login_required
@require_POST
def invite_one(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = _club_managed(request, slug)
    member = selectors.club_member(club, member_id)
    by_email = request.POST.get("channel") != "code"
    lines = invitations.invitations_send(
        club=club,
        members=[member],
        by=request.user,
        accept_url=_accept_url(request),
        by_email=by_email,
    )
    return _report(request, club, lines)


def _report(request: HttpRequest, club: Club, lines) -> HttpResponse:
    return render(
        request,
        "clubs/invite_report.html",
        {
            "club": club,
            "lines": lines,
            "code_url": request.build_absolute_uri(reverse("invitation_code")),
            "printed": [line for line in lines if line.outcome == "code"],
        },
    )


@login_required
@require_POST
def membership_end(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = _club_managed(request, slug)
    membership = get_object_or_404(Membership.objects.select_related("member"), club=club, pk=pk)
    try:
        roles.role_end(membership=membership, by=request.user)
    except ClubError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Role ended."))
    return redirect("clubs:member_edit", slug=club.slug, member_id=membership.member_id)


@login_required
def member_export(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    """A member's data as JSON, for a member who asks the club in person."""
    club = _club_managed(request, slug)
    member = selectors.club_member(club, member_id)
    return export_response(people.person_export(member=member), f"tenace-member-{member.pk}.json")


@login_required
def member_erase(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    """Erase a member who asks in person: everywhere when the user is a secretary of every
    club of theirs (:func:`~clubs.permissions.can_erase_person`), else from this club only."""
    club = _club_managed(request, slug)
    member = selectors.club_member(club, member_id)
    everywhere = can_erase_person(request.user, member)
    form = SecretaryEraseForm(request.POST or None, everywhere=everywhere)
    if request.method == "POST" and form.is_valid():
        try:
            if everywhere:
                pseudonym = people.person_erase(member=member, by=request.user)
                done = _("Erased: the member is now shown as %(p)s.") % {"p": pseudonym}
            else:
                people.club_erase(club=club, member=member, by=request.user)
                done = _(
                    "%(name)s's membership of %(club)s has ended; their record stays for "
                    "their other clubs."
                ) % {"name": member.name, "club": club.name}
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, done)
            return redirect("clubs:members", slug=club.slug)
    context = {"club": club, "member": member, "form": form, "everywhere": everywhere}
    return render(request, "clubs/member_erase.html", context)


def _merge_candidates(request: HttpRequest, club: Club, member: Member):
    """Members of the other clubs where the user is a secretary, not in this club."""
    today = timezone.localdate()
    clubs = Club.objects.exclude(pk=club.pk)
    if not request.user.is_superuser:
        clubs = clubs.filter(
            Q(memberships__valid_to__isnull=True) | Q(memberships__valid_to__gte=today),
            memberships__member__user=request.user,
            memberships__role=Role.SECRETARY,
            memberships__valid_from__lte=today,
        )
    in_this_club = Membership.objects.filter(club=club).values("member_id")
    return (
        Member.objects.filter(memberships__club__in=clubs, erased__isnull=True)
        .exclude(pk__in=in_this_club)
        .distinct()
        .order_by("name", "pk")
    )


def _may_merge(user, source: Member, target: Member) -> bool:
    clubs = set(
        Membership.objects.filter(member__in=[source, target]).values_list("club_id", flat=True)
    )
    return all(can(user, Action.MANAGE_CLUB, club) for club in clubs)


@login_required
def member_merge(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    """Merge this club's record with the same person's record in another club the user is
    also a secretary of; the record with a login (else this club's) is kept."""
    club = _club_managed(request, slug)
    member = selectors.club_member(club, member_id)
    form = MergeForm(request.POST or None, candidates=_merge_candidates(request, club, member))
    if request.method == "POST" and form.is_valid():
        other = form.cleaned_data["other"]
        source, target = (member, other) if other.user_id else (other, member)
        if not _may_merge(request.user, source, target):
            form.add_error(
                None, _("Only a secretary of every club of both records can merge them.")
            )
        else:
            try:
                kept = people.person_merge(source=source, target=target)
            except ClubError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, _("Merged into %(name)s.") % {"name": kept.name})
                return redirect("clubs:member_edit", slug=club.slug, member_id=kept.pk)
    return render(
        request, "clubs/member_merge.html", {"club": club, "member": member, "form": form}
    )
