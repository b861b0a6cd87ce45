"""EW's confirmation code: checking it, counting wrong ones, and the director's lock lift.

EW confirm NS's figures logged in as themselves, or with the code of their table and round
(:func:`tournaments.table_codes.confirmation_code`, printed on their guide card). Here:

* :func:`code_check` — the one gate for a typed code. It takes the table's row of
  :class:`~scoring.models.ConfirmationCodeTries` ``FOR UPDATE`` first, so guesses sent at
  the same moment are counted one after another: after ``CODE_TRIES`` wrong codes for a
  table in a round, every code (even the right one) is refused until a director lifts the
  lock. The count is written in its own transaction before the refusal is raised (the
  result services call it outside theirs, so their rollback cannot forget it; neither may
  a caller wrap it in a transaction of its own). A right code does not reset the count.
* :func:`code_locks` — the locked tables of a section, for the director's pages.
* :func:`code_lock_lift` — a director of the event (never an organiser who plays) lifts a lock:
  the count starts again from zero, and who lifted it and when is kept.

With five tries per table and round, an attacker guessing every table of a 15-table,
9-round section has about 675 guesses against 31⁶ ≈ 8.9 × 10⁸ codes: less than one chance
in a million.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.access import directs
from scoring.errors import CodeLocked, ConfirmationRefused
from scoring.models import ConfirmationCodeTries
from tournaments.models import Seating, Section
from tournaments.table_codes import code_matches

#: Wrong codes for one table in one round before the code is locked.
CODE_TRIES = 5


def _seating(section_id: int, round: int, table: int) -> Seating:
    seating = Seating.objects.filter(section_id=section_id, round=round, table=table).first()
    if seating is None:
        raise ConfirmationRefused(
            _("Nobody plays at table %(table)s in round %(round)s.")
            % {"table": table, "round": round}
        )
    return seating


def _locked_message(seating: Seating) -> str:
    return _(
        "Too many wrong codes for table %(table)s in round %(round)s: the code is locked. "
        "EW can still confirm logged in on their own phone, or ask the director to lift "
        "the lock."
    ) % {"table": seating.table, "round": seating.round}


def _verdict(seating: Seating, code: str) -> ConfirmationRefused | None:
    """Count ``code`` against the table's tries (in one transaction); the refusal, if any."""
    with transaction.atomic():
        tries, _created = ConfirmationCodeTries.objects.select_for_update().get_or_create(
            seating=seating
        )
        if tries.locked_at is not None:
            return CodeLocked(_locked_message(seating))
        if code_matches(
            code, section_id=seating.section_id, round=seating.round, table=seating.table
        ):
            return None
        tries.failures += 1
        tries.last_failure = timezone.now()
        if tries.failures >= CODE_TRIES:
            tries.locked_at = tries.last_failure
        tries.save(update_fields=["failures", "last_failure", "locked_at"])
    if tries.locked_at is not None:
        return CodeLocked(_locked_message(seating))
    left = CODE_TRIES - tries.failures
    return ConfirmationRefused(
        ngettext(
            "Wrong code for table %(table)s in round %(round)s: %(left)s try left.",
            "Wrong code for table %(table)s in round %(round)s: %(left)s tries left.",
            left,
        )
        % {"table": seating.table, "round": seating.round, "left": left}
    )


def code_check(*, section_id: int, round: int, table: int, code: str) -> None:
    """Accept the code of ``table`` in ``round``, or raise: :class:`ConfirmationRefused`
    for a wrong code (counted), :class:`CodeLocked` once the table's code is locked.
    Call it outside any transaction that a refusal would roll back (a view's)."""
    seating = _seating(section_id, round, table)
    refusal = _verdict(seating, code)
    if refusal is not None:
        raise refusal


def code_locks(section_id: int) -> list[ConfirmationCodeTries]:
    """The section's locked tables, by round and table (one query)."""
    return list(
        ConfirmationCodeTries.objects.filter(
            seating__section_id=section_id, locked_at__isnull=False
        )
        .select_related("seating")
        .order_by("seating__round", "seating__table")
    )


@transaction.atomic
def code_lock_lift(*, section_id: int, round: int, table: int, club_id: int, by) -> bool:
    """Lift the lock on the code of ``table`` in ``round`` (the event's directors only:
    :func:`tournaments.visibility.is_director`, never an organiser who plays); returns
    whether it was locked. The count of wrong codes starts again."""
    tournament_id = (
        Section.objects.filter(pk=section_id).values_list("session__tournament_id", flat=True)
    ).first()
    if tournament_id is None or not directs(by, tournament_id=tournament_id, club_id=club_id):
        raise ConfirmationRefused(_("Only the event's directors can lift a code's lock."))
    seating = _seating(section_id, round, table)
    lifted = ConfirmationCodeTries.objects.filter(seating=seating, locked_at__isnull=False).update(
        failures=0, locked_at=None, lifted_by=by, lifted_at=timezone.now()
    )
    return bool(lifted)
