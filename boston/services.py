"""Boston tables and hands: set up a table, enter a hand, correct one.

All rules stay in :mod:`engine.boston`; :mod:`boston.verdict` turns an entry into the
engine's contract and payments, and this module stores them, in transactions. Refusals raise :class:`clubs.errors.HandRefused` (the engine's reason), a hand number stored
meanwhile raises :class:`clubs.errors.HandConflict` carrying the stored hand. Permissions are
checked by the callers with :mod:`clubs.permissions`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from boston.models import BostonHand, BostonHandCorrection, BostonSeat, BostonTable
from boston.verdict import (
    HandEntry,
    call_parse,
    calls_canonical,
    dealer_of,
    hand_verdict,
    table_payments,
    table_profile,
)
from clubs.errors import ClubError, HandConflict, HandRefused
from clubs.game_words import seat_letter
from clubs.models import ClubNight, Member, Membership, User
from clubs.rulings import error_text
from engine.boston.auction import Contract
from engine.boston.contracts import call_text
from engine.boston.payments import Settlement, hand_result
from engine.cards import Seat
from engine.errors import EngineError

#: Re-exported: callers enter hands with these.
__all__ = [
    "HandEntry",
    "TableRefused",
    "boston_table_create",
    "call_parse",
    "call_text",
    "calls_canonical",
    "dealer_of",
    "hand_correct",
    "hand_enter",
    "hand_summary",
    "hand_verdict",
    "seat_names",
    "seat_order",
]

SEATS = "NESW"


class TableRefused(ClubError):
    """A Boston table cannot be set up as asked; nothing was stored."""


def _apply(row: BostonHand, entry: HandEntry, contract: Contract | None, paid: Settlement) -> None:
    row.calls = calls_canonical(entry.calls)
    row.turned = entry.turned
    row.all_pass_tricks = dict(entry.tricks_each) if contract is None else {}
    row.trump = entry.trump if contract is not None else ""
    row.tricks = entry.tricks if contract is not None else None
    row.level = contract.level.name if contract else ""
    row.suit = contract.suit.letter if contract and contract.suit is not None else ""
    row.declarer = contract.declarer.name if contract else ""
    row.supporter = contract.supporter.name if contract and contract.supporter else ""
    row.made = hand_result(contract, row.tricks).made if contract is not None else None
    for seat in Seat:
        setattr(row, f"change_{seat.name.lower()}", paid.seats[seat])
    row.change_pool = paid.pool


def seat_names(table: BostonTable) -> dict[Seat, str]:
    """Seat → member name (uses prefetched seats when there are any)."""
    return {Seat[s.seat]: s.member.name for s in table.seats.all()}


def hand_enter(
    *, table: BostonTable, expected_number: int, entry: HandEntry, by: User | None
) -> BostonHand:
    """Store hand ``expected_number`` of ``table`` once the engine has judged it.

    Raises :class:`HandRefused` with the engine's reason (an illegal call, impossible tricks,
    a price missing from the payment table) and :class:`HandConflict` carrying the stored
    hand when that number is already stored, e.g. from another phone a moment earlier.
    """
    with transaction.atomic():
        hands = list(table.hands.order_by("number"))
        stored = next((h for h in hands if h.number == expected_number), None)
        if stored is not None or expected_number != len(hands) + 1:
            raise _conflict(table, expected_number, stored)
        row = BostonHand(
            table=table,
            number=expected_number,
            dealer=dealer_of(table, expected_number).name,
            entered_by=by,
        )
        pool = sum(h.change_pool for h in hands)
        first_turned = hands[0].turned if hands else entry.turned
        contract, paid = hand_verdict(
            table, Seat[row.dealer], entry, pool, seat_names(table), first_turned
        )
        _apply(row, entry, contract, paid)
        _clean(row)
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        raise _conflict(table, expected_number, None) from None
    return row


def _clean(row: BostonHand) -> None:
    try:
        row.full_clean(validate_constraints=False)
    except ValidationError as error:
        raise HandRefused("; ".join(error.messages)) from None


def hand_summary(hand: BostonHand) -> str:
    """One line saying what a stored hand was, for conflicts and histories."""
    if not hand.level and hand.all_pass_tricks:
        each = ", ".join(
            f"{seat_letter(seat)} {count}" for seat, count in hand.all_pass_tricks.items()
        )
        return _("all passed, played: %(each)s") % {"each": each}
    if not hand.level:
        return _("all passed, redealt")
    return ngettext(
        "%(contract)s by %(declarer)s, %(tricks)d trick",
        "%(contract)s by %(declarer)s, %(tricks)d tricks",
        hand.tricks,
    ) % {
        "contract": hand.get_level_display(),
        "declarer": seat_letter(hand.declarer),
        "tricks": hand.tricks,
    }


def _conflict(table: BostonTable, number: int, stored: BostonHand | None) -> HandConflict:
    stored = stored or table.hands.filter(number=number).first()
    if stored is None:
        message = _("Hand %(n)d cannot be entered yet: enter the hands before it first.") % {
            "n": number
        }
    else:
        message = _("Hand %(n)d is already stored: %(hand)s. Reload to see it.") % {
            "n": number,
            "hand": hand_summary(stored),
        }
    return HandConflict(message, stored)


# --- corrections ---------------------------------------------------------------------------

ENTERED = (
    "all_pass_tricks",
    "turned",
    "calls",
    "level",
    "suit",
    "declarer",
    "supporter",
    "trump",
    "tricks",
)
CHANGES = ("change_n", "change_e", "change_s", "change_w", "change_pool", "made")


def hand_as_dict(hand: BostonHand) -> dict[str, object]:
    """The entered facts of a hand and its payments, as kept in a correction."""
    return {"number": hand.number, "dealer": hand.dealer} | {
        f: getattr(hand, f) for f in ENTERED + CHANGES
    }


def _entry_of(hand: BostonHand) -> HandEntry:
    """A stored hand as it was entered: its calls (replayed again) or its contract."""
    if hand.calls:
        return HandEntry(
            calls=tuple(hand.calls),
            trump=hand.trump,
            tricks=hand.tricks,
            turned=hand.turned,
            tricks_each=tuple((hand.all_pass_tricks or {}).items()),
        )
    return HandEntry(
        level=hand.level,
        suit=hand.suit,
        declarer=hand.declarer,
        supporter=hand.supporter,
        trump=hand.trump,
        tricks=hand.tricks,
        turned=hand.turned,
        tricks_each=tuple((hand.all_pass_tricks or {}).items()),
    )


def hand_correct(
    *, hand: BostonHand, entry: HandEntry, by: User, reason: str
) -> BostonHandCorrection:
    """Replace ``hand``'s entry with ``entry`` for ``reason``, and re-settle it and every
    hand after it (the pool they play for changes). All or nothing; the correction keeps who,
    when, before, after and why. Secretaries only (checked by the caller)."""
    if not reason.strip():
        raise HandRefused(_("Give a reason for the correction."))
    with transaction.atomic():
        table = BostonTable.objects.get(pk=hand.table_id)
        rows = list(table.hands.select_for_update().order_by("number"))
        names = seat_names(table)
        pool = 0
        before = None
        for row in rows:
            if row.number < hand.number:
                pool += row.change_pool
                continue
            row.table = table
            if row.pk == hand.pk:
                before = hand_as_dict(row)
                this = entry
            else:
                this = _entry_of(row)
            first_turned = this.turned if row.number == 1 else rows[0].turned
            contract, paid = hand_verdict(table, Seat[row.dealer], this, pool, names, first_turned)
            _apply(row, this, contract, paid)
            _clean(row)
            pool += row.change_pool
        for row in rows:
            if row.number >= hand.number:
                row.save(update_fields=list(ENTERED + CHANGES))
        corrected = next(r for r in rows if r.pk == hand.pk)
        correction = BostonHandCorrection(
            hand=corrected,
            corrected_by=by,
            before=before,
            after=hand_as_dict(corrected),
            reason=reason,
        )
        correction.full_clean()
        correction.save()
    return correction


# --- setting up a table ----------------------------------------------------------------------


@transaction.atomic
def boston_table_create(
    *,
    club_night: ClubNight,
    members: Mapping[str, Member],
    number: int | None = None,
    variant: str = "boston_es",
    variant_overrides: Mapping[str, object] | None = None,
    payment_table: str = "foster_complete",
    own_payment_table: Mapping[str, object] | None = None,
    unit: str = "points",
    stake_dealer: int = 8,
    stake_others: int = 4,
    first_dealer: str = "N",
) -> BostonTable:
    """A Boston table at ``club_night`` with ``members`` seated {"N": …, "E": …, "S": …,
    "W": …}: four different members of the night's club. Refuses (:class:`TableRefused`)
    an unknown variant or setting, a payment table the engine cannot read, a missing seat."""
    if sorted(members) != sorted(SEATS) or len({m.pk for m in members.values()}) != 4:
        raise TableRefused(_("Seat four different members, one at each of N, E, S and W."))
    in_club = set(
        Membership.objects.filter(
            club_id=club_night.club_id, member__in=list(members.values())
        ).values_list("member_id", flat=True)
    )
    outsiders = [m.name for m in members.values() if m.pk not in in_club]
    if outsiders:
        raise TableRefused(_("Not members of this club: %s") % ", ".join(sorted(outsiders)))
    if number is None:
        taken = club_night.boston_tables.values_list("number", flat=True)
        number = max(taken, default=0) + 1
    table = BostonTable(
        club_night=club_night,
        number=number,
        variant=variant,
        variant_overrides=dict(variant_overrides or {}),
        payment_table=payment_table,
        own_payment_table=dict(own_payment_table) if own_payment_table is not None else None,
        unit=unit,
        stake_dealer=stake_dealer,
        stake_others=stake_others,
        first_dealer=first_dealer,
    )
    try:
        table.full_clean()
        table_profile(table)
        table_payments(table)
    except ValidationError as error:
        raise TableRefused("; ".join(error.messages)) from None
    except (EngineError, KeyError, TypeError, ValueError) as error:
        raise TableRefused(
            _("The variant or payment table is not valid: %s") % error_text(error)
        ) from None
    table.save()
    BostonSeat.objects.bulk_create(
        BostonSeat(table=table, seat=seat, member=member) for seat, member in members.items()
    )
    return table


def seat_order(seats: Sequence[BostonSeat]) -> list[BostonSeat]:
    """Seats in table order N, E, S, W."""
    return sorted(seats, key=lambda s: SEATS.index(s.seat))
