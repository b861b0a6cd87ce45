"""Writing results: record, confirm, correct. Every write is checked by the engine, adds a
:class:`~scoring.models.ResultVersion`, bumps the section's data version and enqueues a
standings recompute on commit.

* :func:`result_record` — the first result of a board play. A second one is refused with
  :class:`~scoring.errors.ResultConflict` carrying the stored result.
* :func:`result_confirm` — EW's figure: the same as NS's confirms, a different one marks the
  result disputed (both figures kept) for the secretary. :func:`round_confirm` answers a
  table's round at once. EW who are not logged in give their table's code
  (:mod:`scoring.confirmation`).
* :func:`result_correct` — a director's change, with a reason, whatever the result's
  status, until the event is closed.

Permissions are checked here with :mod:`scoring.access` for the rules of the game (who may
confirm, who may correct); views check who may enter, with the same module.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import tasks
from scoring.access import (
    NOT_AT_YOUR_TABLE,
    Refusal,
    device_refusal,
    director_refusal,
    entry_check,
)
from scoring.checks import ResultInput, check_result
from scoring.confirmation import code_check
from scoring.errors import ConfirmationRefused, CorrectionRefused, ResultConflict, ResultRefused
from scoring.models import (
    IdempotencyKey,
    Result,
    ResultKind,
    ResultSource,
    ResultStatus,
    ResultVersion,
    VersionAction,
)
from scoring.rows import insert_result_with_version, single_statement
from scoring.schedule import PlayFacts, play_facts
from tournaments.models import STATUSES_PLAYERS_ENTER

_RESULT_LINKS = [
    "board_play",
    "section",
    "board",
    "ns",
    "ew",
    "latest_version",
    "entered_by",
    "confirmed_by",
]


def result_state(result: Result) -> dict[str, Any]:
    """The fields a version records, as JSON."""
    return {
        "kind": result.kind,
        "ns_tricks": result.ns_tricks,
        "ns_score": result.ns_score,
        "adjusted_ns": result.adjusted_ns,
        "adjusted_ew": result.adjusted_ew,
        "play_record": result.play_record,
        "claim": result.claim,
        "revoke_side": result.revoke_side,
        "revokes": result.revokes,
        "status": result.status,
        "contested_ns_tricks": result.contested_ns_tricks,
    }


def _apply(result: Result, given: ResultInput, facts: PlayFacts) -> None:
    if facts.not_played and given.kind == ResultKind.PLAYED:
        raise ResultRefused(
            _("Board %(board)s at table %(table)s was not played: a pair has withdrawn.")
            % {"board": facts.board.number, "table": facts.table}
        )
    checked = check_result(facts.board, given, facts.profile)
    played = given.kind == ResultKind.PLAYED
    result.kind = given.kind
    result.ns_tricks = given.ns_tricks if played else None
    result.ns_score = checked.ns_score
    result.adjusted_ns = given.adjusted_ns if given.kind == ResultKind.ADJUSTED else ""
    result.adjusted_ew = given.adjusted_ew if given.kind == ResultKind.ADJUSTED else ""
    result.play_record = given.play_record.strip() if played else ""
    result.claim = given.claim.strip() if played and result.play_record else ""
    result.revoke_side = given.revoke_side if played and given.revokes else ""
    result.revokes = given.revokes if played else 0


def _new_version(
    result: Result,
    *,
    action: str,
    by,
    before: dict | None,
    reason: str = "",
    by_code=False,
    device=None,
) -> ResultVersion:
    number = (result.latest_version.number + 1) if result.latest_version_id else 1
    version = ResultVersion(
        section_id=result.section_id,
        number=number,
        action=action,
        by=by,
        before=before,
        after=result_state(result),
        reason=reason,
        by_code=by_code,
        device=device,
    )
    version.full_clean(
        exclude=["result", "by", "section", "device"],
        validate_unique=False,
        validate_constraints=False,
    )
    return version


def _add_version(
    result: Result,
    *,
    action: str,
    by,
    before: dict | None,
    reason: str = "",
    by_code=False,
    device=None,
) -> ResultVersion:
    version = _new_version(
        result, action=action, by=by, before=before, reason=reason, by_code=by_code, device=device
    )
    version.result = result
    version.save()
    result.latest_version = version
    result.save(update_fields=["latest_version"])
    return version


def _changed(result: Result) -> None:
    tasks.standings_request(result.section_id)


def _stored_conflict(facts: PlayFacts) -> ResultConflict:
    stored = Result.objects.get(board_play_id=facts.board_play_id)
    return ResultConflict(
        _(
            "Board %(board)s at table %(table)s in round %(round)s already has a result; "
            "a secretary can correct it."
        )
        % {"board": facts.board.number, "table": facts.table, "round": facts.round},
        stored=stored,
    )


def result_record(
    *,
    board_play_id: int,
    given: ResultInput,
    by,
    source: str = ResultSource.API,
    confirmed: bool = False,
    facts: PlayFacts | None = None,
    savepoint: bool = True,
    key_for: Callable[[Result], IdempotencyKey] | None = None,
    device=None,
) -> Result:
    """Record the first result of a board play (see the module contract). ``confirmed``
    results (the secretary's, an import) need no confirmation from EW. ``facts`` may be
    passed when the caller has already read them (in the same transaction). ``device``: the
    :class:`~scoring.models.TableDevice` it came from (``by`` is then None); its version
    names it.

    ``savepoint=False`` (the API's fast path) writes without a savepoint of its own: a
    result already in ``facts`` is still answered with :class:`ResultConflict`, but a
    conflict the database finds at the insert (another request storing the same board at
    the same moment) leaves the caller's transaction broken and raises ``IntegrityError``;
    the caller rolls back and retries with savepoints
    (:func:`scoring.idempotency.idempotent_call` does).

    On PostgreSQL the result, its version and their link are one statement
    (:mod:`scoring.rows`), so outside a transaction none is opened for them. When ``facts``
    carry reserved ids (``play_facts_at(reserve_ids=True)``) and ``key_for`` is given, the
    idempotency key row it returns for the new result (the request's answer) is stored in
    that same statement; an ``IntegrityError`` (that key, or this board play, taken) is then
    left to the caller."""
    facts = facts if facts is not None and facts.board_play_id == board_play_id else None
    facts = facts or play_facts(board_play_id)
    if device is not None and (refusal := device_refusal(device, facts)):
        raise ResultRefused(refusal.message)
    if facts.result_id is not None:
        raise _stored_conflict(facts)
    result = Result(
        board_play_id=facts.board_play_id,
        section_id=facts.section_id,
        board_id=facts.board_id,
        board_number=facts.board.number,
        round=facts.round,
        table=facts.table,
        ns_id=facts.ns_id,
        ew_id=facts.ew_id,
        source=source,
        entered_by=by,
        status=ResultStatus.CONFIRMED if confirmed else ResultStatus.ENTERED,
    )
    _apply(result, given, facts)
    if confirmed:
        result.confirmed_by, result.confirmed_at = by, timezone.now()
    # Field checks here; the database's own constraints (unique board play, tricks 0–13)
    # are enforced by the insert itself, without a query each.
    result.full_clean(exclude=_RESULT_LINKS, validate_unique=False, validate_constraints=False)
    action = VersionAction.IMPORTED if source == ResultSource.IMPORT else "recorded"
    version = _new_version(result, action=action, by=by, before=None, device=device)
    key = None
    if facts.reserved_ids is not None:
        result.pk, version.pk = facts.reserved_ids
        result.latest_version = version
        key = key_for(result) if key_for is not None else None
    in_block = transaction.get_connection().in_atomic_block
    try:
        with _writing(savepoint=savepoint, in_block=in_block):
            insert_result_with_version(result, version, key=key)
            _changed(result)
    except IntegrityError:
        if key is not None:
            raise  # the caller tells its own key from another request's result
        if not savepoint and in_block:
            raise  # the caller's transaction is broken: it rolls back and retries
        # The board play (or that board for one of the pairs) already has a result: the
        # unique constraints decide, so two requests at once cannot both store one.
        if not Result.objects.filter(board_play_id=facts.board_play_id).exists():
            raise ResultRefused(
                _("Board %(board)s already has a result for one of these pairs.")
                % {"board": facts.board.number}
            ) from None
        raise _stored_conflict(facts) from None
    return result


def _writing(*, savepoint: bool, in_block: bool):
    """The transaction a new result is written in: none when it is one statement and no
    savepoint is needed (outside a transaction, or when the caller asked for none)."""
    if single_statement() and (not in_block or not savepoint):
        return nullcontext()
    return transaction.atomic(savepoint=savepoint)


def _confirmed_by_code(by, facts: PlayFacts, code: str | None, device=None) -> bool:
    """Whether ``by`` confirms with the table's code (True) or as themselves (False: EW at
    that table while the event runs, a director of the event (:func:`scoring.access.
    entry_check`), or EW on the table's ``device``); refuses anyone else, a device of
    another table, a wrong code, and a code or a device once the event no longer runs."""
    if (device is not None or code) and facts.status not in STATUSES_PLAYERS_ENTER:
        raise ConfirmationRefused(
            _("Results are entered at the tables only while the event is running.")
        )
    if device is not None:
        if refusal := device_refusal(device, facts):
            raise ConfirmationRefused(refusal.message, code=refusal.code)
        return False
    try:
        entry_check(by, facts, side="EW")
        return False
    except Refusal as refusal:
        if not code:
            message = (
                _("Only EW at this table can confirm: log in, or type the code on your guide card.")
                if refusal.code == NOT_AT_YOUR_TABLE
                else refusal.message
            )
            raise ConfirmationRefused(message, code=refusal.code) from None
    code_check(section_id=facts.section_id, round=facts.round, table=facts.table, code=code)
    return True


def result_confirm(
    *, result_id: int, by, ns_tricks: int | None, code: str | None = None, device=None
) -> Result:
    """EW's answer to NS's figure: the same NS tricks confirm it, different ones dispute it.

    ``by`` must sit EW at that table (or be an organiser or secretary); anyone else (EW on
    NS's phone) gives the table's confirmation ``code``, checked and counted by
    :func:`scoring.confirmation.code_check` (call this outside a transaction, so that a
    wrong code stays counted). A change made with the code records no user, but "code at
    table T" (``by_code``). EW answering on the table's ``device`` need no code (its
    version names the device)."""
    board_play_id = Result.objects.values_list("board_play_id", flat=True).get(pk=result_id)
    by_code = _confirmed_by_code(by, play_facts(board_play_id, user=by), code, device)
    return _confirm(
        result_id,
        by=None if by_code else by,
        ns_tricks=ns_tricks,
        by_code=by_code,
        device=device,
    )


def round_confirm(
    *,
    section_id: int,
    round: int,
    table: int,
    by,
    figures: dict[int, int | None],
    code: str = "",
    device=None,
) -> list[Result]:
    """EW confirm (or dispute) a table's round at once: ``figures`` maps a board play to the
    NS tricks EW agree to (None: NS's figure). One code check for the round (see
    :func:`result_confirm`); then every result waiting at that table is answered, all or
    none (a disputed one is the director's now: left as it is). Returns the results
    answered."""
    results = list(
        Result.objects.filter(
            section_id=section_id, round=round, table=table, status=ResultStatus.ENTERED
        ).order_by("board_number")
    )
    if not results:
        return []
    by_code = _confirmed_by_code(by, play_facts(results[0].board_play_id, user=by), code, device)
    answered = []
    with transaction.atomic():
        for result in results:
            figure = figures.get(result.board_play_id)
            answered.append(
                _confirm(
                    result.pk,
                    by=None if by_code else by,
                    ns_tricks=result.ns_tricks if figure is None else figure,
                    by_code=by_code,
                    board=result.board_number,
                    device=device,
                )
            )
    return answered


@transaction.atomic
def _confirm(
    result_id: int,
    *,
    by,
    ns_tricks: int | None,
    by_code: bool,
    board: int | None = None,
    device=None,
) -> Result:
    result = Result.objects.select_for_update().get(pk=result_id)
    if result.status == ResultStatus.CONFIRMED:
        return result
    before = result_state(result)
    # EW confirm exactly what NS entered: NS's tricks, or (an adjusted score, "not
    # played") no figure of their own. Any other figure disputes it.
    agrees = ns_tricks == result.ns_tricks
    by = by if by is not None and by.is_authenticated else None
    if agrees:
        result.status, result.contested_ns_tricks = ResultStatus.CONFIRMED, None
        result.confirmed_by, result.confirmed_at = by, timezone.now()
        result.confirmed_by_code = by_code
    else:
        if ns_tricks is None or not 0 <= ns_tricks <= 13:
            message = _("Enter the tricks NS took (0 to 13).")
            if board is not None:
                message = _("Board %(board)s: %(reason)s") % {"board": board, "reason": message}
            raise ConfirmationRefused(message)
        result.status, result.contested_ns_tricks = ResultStatus.DISPUTED, ns_tricks
    result.save()
    action = VersionAction.CONFIRMED if agrees else VersionAction.DISPUTED
    _add_version(
        result,
        action=action,
        by=by if by is not None and by.is_authenticated else None,
        before=before,
        by_code=by_code,
        device=device,
    )
    _changed(result)
    return result


@transaction.atomic
def result_correct(*, result_id: int, given: ResultInput, by, reason: str) -> Result:
    """A secretary's correction, with a reason; the result becomes confirmed."""
    result = Result.objects.select_for_update().get(pk=result_id)
    facts = play_facts(result.board_play_id, user=by)
    refusal = director_refusal(
        by, tournament_id=facts.tournament_id, club_id=facts.club_id, status=facts.status
    )
    if refusal is not None:
        raise CorrectionRefused(refusal.message, code=refusal.code)
    if not reason.strip():
        raise CorrectionRefused(_("Say why the result is corrected."))
    before = result_state(result)
    _apply(result, given, facts)
    result.status, result.contested_ns_tricks = ResultStatus.CONFIRMED, None
    result.confirmed_by, result.confirmed_at = by, timezone.now()
    result.confirmed_by_code = False
    result.save()
    _add_version(
        result, action=VersionAction.CORRECTED, by=by, before=before, reason=reason.strip()
    )
    _changed(result)
    return result
