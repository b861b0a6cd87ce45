"""The lifecycle as a director sees it: which status changes a page offers now, in words.

:data:`~tournaments.models.STATUS_TRANSITIONS` says which changes exist;
:func:`status_actions` turns the ones open from the event's status into buttons
(:class:`StatusAction`), each with why it cannot be pressed yet when that is so (the
event's checks fail; reopening a closed event is for a secretary). The service
:func:`~tournaments.services.events.tournament_set_status` refuses the same things again,
so a button never offered is refused with the same reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from tournaments.models import STATUS_TRANSITIONS, StatusChange, Tournament, TournamentStatus
from tournaments.open_results import OpenReport, gated

S = TournamentStatus

#: (from, to) → what the button says and what it does, in the director's words.
ACTION_LABELS = {
    (S.DRAFT, S.READY): (_("Mark ready"), _("Entries, boards and movement are set.")),
    (S.READY, S.DRAFT): (_("Back to draft"), _("To change entries or the movement.")),
    (S.READY, S.RUNNING): (_("Start play"), _("Players' phones may enter results.")),
    (S.RUNNING, S.FINISHED): (_("Finish play"), _("Phones stop entering; you still correct.")),
    (S.FINISHED, S.RUNNING): (_("Reopen play"), _("Phones may enter results again.")),
    (S.FINISHED, S.RELEASED): (
        _("Release the standings"),
        _("Standings, travellers and hand records become public; the season ladder counts it."),
    ),
    (S.RELEASED, S.FINISHED): (
        _("Hold back the standings"),
        _("Take them off the public pages and the ladder until released again."),
    ),
    (S.RELEASED, S.CLOSED): (_("Close the event"), _("No more corrections.")),
    (S.CLOSED, S.RELEASED): (_("Reopen the event"), _("A secretary only: corrections again.")),
}
#: The button that finishes or releases although results are open (with a reason).
ANYWAY_LABELS = {S.FINISHED: _("Finish play anyway"), S.RELEASED: _("Release anyway")}
#: The order of the buttons: forward first.
ORDER = [S.DRAFT, S.READY, S.RUNNING, S.FINISHED, S.RELEASED, S.CLOSED]


@dataclass(frozen=True)
class StatusAction:
    status: str
    label: str
    help: str
    #: Why it cannot be pressed now ("" when it can).
    blocked: str = ""
    forward: bool = True
    #: Blocked only by open results: the director may still go on anyway, with a reason.
    anyway: bool = False
    #: What "anyway" says on its button ("" when it cannot be done anyway).
    anyway_label: str = ""


def status_actions(
    tournament: Tournament,
    *,
    is_secretary: bool,
    checks_pass: bool,
    open_report: OpenReport | None = None,
) -> list[StatusAction]:
    """The status changes open from the event's status, forward ones first. Finishing and
    releasing are blocked while ``open_report`` (:func:`tournaments.open_results.
    event_open_results`) has results to settle; they may still be done anyway."""
    current = ORDER.index(tournament.status)
    actions = []
    for target in sorted(
        STATUS_TRANSITIONS.get(tournament.status, ()),
        key=lambda s: (ORDER.index(s) < current, ORDER.index(s)),
    ):
        label, help_text = ACTION_LABELS[(tournament.status, target)]
        blocked, anyway = "", False
        needs_checks = target == S.READY or (target == S.RUNNING and tournament.status == S.READY)
        if needs_checks and not checks_pass:
            blocked = str(_("Not ready yet: the control room lists what is missing."))
        elif tournament.status == S.CLOSED and not is_secretary:
            blocked = str(_("A closed event is reopened by a secretary only."))
        elif (
            gated(tournament.status, target) and open_report is not None and not open_report.settled
        ):
            blocked = str(
                _("Not settled yet: %(open)s. Settle them under “What is open”.")
                % {"open": open_report.summary()}
            )
            anyway = True
        actions.append(
            StatusAction(
                status=str(target),
                label=str(label),
                help=str(help_text),
                blocked=blocked,
                forward=ORDER.index(target) > current,
                anyway=anyway,
                anyway_label=str(ANYWAY_LABELS.get(target, "")) if anyway else "",
            )
        )
    return actions


def status_history(tournament: Tournament) -> QuerySet[StatusChange]:
    """The event's status changes, newest first, with who made them."""
    return tournament.status_changes.select_related("changed_by").order_by("-changed_at", "-pk")


def status_label(value: str) -> str:
    """A stored status as the reader's word (an unknown value as it is)."""
    try:
        return str(TournamentStatus(value).label)
    except ValueError:
        return value
