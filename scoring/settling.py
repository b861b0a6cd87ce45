"""Settling an event's results before it is finished or released.

* :func:`event_open_results` — every board play of the event with something open (missing,
  unconfirmed, disputed, adjusted, not played), in one query however many sections; the
  tournaments app asks it through :func:`tournaments.open_results.event_open_results`
  (registered in :class:`scoring.apps.ScoringConfig`), so "Finish play" and "Release"
  refuse the same way on the control room, the event page and the API.
* :func:`dispute_settle` — a director settles a dispute where it is seen: NS's figure,
  EW's figure, another figure or an adjusted score, with a reason. It goes through
  :func:`scoring.services.result_correct` (the same permission, the same audit trail).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.access import director_refusal
from scoring.checks import ResultInput
from scoring.errors import CorrectionRefused
from scoring.forms import parse_cell
from scoring.models import Result, ResultKind, ResultStatus
from scoring.schedule import play_facts
from scoring.services import result_correct
from tournaments import open_results as o
from tournaments.models import BoardPlay, Tournament

_FIELDS = (
    "seating__section_id",
    "seating__section__name",
    "seating__section__session__number",
    "board__number",
    "seating__round",
    "seating__table",
    "seating__ns__number",
    "seating__ew__number",
    "not_played",
    "result__id",
    "result__status",
    "result__kind",
    "result__ns_tricks",
    "result__contested_ns_tricks",
    "result__adjusted_ns",
    "result__adjusted_ew",
)


def _kind(not_played: bool, result_id, status, kind) -> str | None:
    if result_id is None:
        return o.NOT_PLAYED if not_played else o.MISSING
    if status == ResultStatus.DISPUTED:
        return o.DISPUTED
    if status == ResultStatus.ENTERED:
        return o.UNCONFIRMED
    if kind == ResultKind.ADJUSTED:
        return o.ADJUSTED
    if kind == ResultKind.NOT_PLAYED:
        return o.NOT_PLAYED
    return None


def _figure(kind, ns_tricks, adjusted_ns, adjusted_ew) -> str:
    if kind == ResultKind.ADJUSTED:
        return f"{adjusted_ns}/{adjusted_ew}"
    return "" if ns_tricks is None else str(ns_tricks)


def event_open_results(tournament: Tournament) -> list[o.OpenResult]:
    """The event's open board plays (see :mod:`tournaments.open_results`), section by
    section, then by round, table and board. One query."""
    rows = (
        BoardPlay.objects.filter(seating__section__session__tournament_id=tournament.pk)
        .order_by(
            "seating__section__session__number",
            "seating__section__name",
            "seating__round",
            "seating__table",
            "board__number",
        )
        .values_list(*_FIELDS)
    )
    items = []
    for (
        section_id,
        name,
        session,
        board,
        round_,
        table,
        ns,
        ew,
        not_played,
        result_id,
        status,
        kind,
        ns_tricks,
        contested,
        adjusted_ns,
        adjusted_ew,
    ) in rows:
        what = _kind(not_played, result_id, status, kind)
        if what is None:
            continue
        label = _("Session %(session)s, section %(section)s") % {
            "session": session,
            "section": name,
        }
        items.append(
            o.OpenResult(
                kind=what,
                section_id=section_id,
                section_label=label,
                board=board,
                round=round_,
                table=table,
                ns=ns,
                ew=ew,
                result_id=result_id,
                ns_figure=_figure(kind, ns_tricks, adjusted_ns, adjusted_ew),
                ew_figure="" if contested is None else str(contested),
            )
        )
    return items


#: The four ways to settle a dispute.
SETTLE_NS, SETTLE_EW, SETTLE_OTHER, SETTLE_ADJUSTED = "ns", "ew", "other", "adjusted"
SETTLE_CHOICES = (SETTLE_NS, SETTLE_EW, SETTLE_OTHER, SETTLE_ADJUSTED)


def _settled_input(result: Result, choice: str, figure: str) -> ResultInput:
    """What the chosen settlement records (NS's figure keeps what NS entered with it)."""
    if choice == SETTLE_NS:
        return ResultInput(
            ns_tricks=result.ns_tricks,
            play_record=result.play_record,
            claim=result.claim,
            revoke_side=result.revoke_side,
            revokes=result.revokes,
        )
    if choice == SETTLE_EW:
        return ResultInput(
            ns_tricks=result.contested_ns_tricks,
            revoke_side=result.revoke_side,
            revokes=result.revokes,
        )
    given = parse_cell(figure)
    if choice == SETTLE_OTHER and (given is None or given.kind != ResultKind.PLAYED):
        raise CorrectionRefused(_("Another figure: type the tricks NS took (0 to 13)."))
    if choice == SETTLE_ADJUSTED and (given is None or given.kind != ResultKind.ADJUSTED):
        raise CorrectionRefused(_("Adjusted score: choose A+, A or A- for NS (or both sides)."))
    return given


@transaction.atomic
def dispute_settle(*, result_id: int, choice: str, by, reason: str, figure: str = "") -> Result:
    """Settle the dispute on ``result_id``: ``choice`` is ``ns`` (NS's figure), ``ew``
    (EW's), ``other`` (``figure``: NS tricks) or ``adjusted`` (``figure``: A+, A, A-,
    or NS/EW such as ``A+/A-``). Refused when it is no longer disputed (another director
    settled it meanwhile) and, as any correction, without a reason or a director."""
    result = Result.objects.select_for_update().get(pk=result_id)
    facts = play_facts(result.board_play_id, user=by)
    refusal = director_refusal(
        by, tournament_id=facts.tournament_id, club_id=facts.club_id, status=facts.status
    )
    if refusal is not None:
        raise CorrectionRefused(refusal.message, code=refusal.code)
    if choice not in SETTLE_CHOICES:
        raise CorrectionRefused(_("Choose how the dispute is settled."))
    if result.status != ResultStatus.DISPUTED:
        raise CorrectionRefused(
            _(
                "Board %(board)s at table %(table)s is no longer disputed: it was settled "
                "meanwhile. Open the board to correct it."
            )
            % {"board": result.board_number, "table": result.table}
        )
    return result_correct(
        result_id=result.pk,
        given=_settled_input(result, choice, figure),
        by=by,
        reason=reason,
    )
