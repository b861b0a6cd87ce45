"""Rows to engine values and back: a club night's profile, a rubber's hands, entering a hand.

All rules stay in the engine; this module converts, calls :mod:`engine.rubber`, and saves.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.errors import HandConflict, HandRefused
from clubs.models import ClubNight, HandCorrection, HandRecord, RubberRecord, RubberTable, User
from clubs.rulings import error_text
from engine.cards import Seat, Side, Suit
from engine.deal import Deal, parse_pbn_deal
from engine.errors import EngineError
from engine.honours import NO_HONOURS, HonoursHeld, check_honours_claim, honours_held
from engine.profiles import BothRevokePolicy, RuleProfile, get_profile
from engine.rubber import Hand, Rubber, next_dealer, score_rubber
from engine.scoring import Revoke, RevokePenalty


def night_profile(night: ClubNight) -> RuleProfile:
    """The engine profile of a club night: its preset with its overrides."""
    return get_profile(night.rule_profile, **(night.rule_overrides or {}))


def table_profile(table: RubberTable) -> RuleProfile:
    """The profile a table plays: the night's, or dummy whist at a three-player table (with
    the night's overrides, e.g. its game target)."""
    night = table.club_night
    if not table.dummy:
        return night_profile(night)
    overrides = {k: v for k, v in (night.rule_overrides or {}).items() if k != "players"}
    return get_profile("dummy", **overrides)


def engine_hand(row: HandRecord) -> Hand:
    """The engine's :class:`~engine.rubber.Hand` for a stored hand row."""
    honours = (
        HonoursHeld(Side[row.honours_side], row.honours_count) if row.honours_side else NO_HONOURS
    )
    revokes: tuple[Revoke, ...] = ()
    if row.revoke_side:
        side = Side[row.revoke_side]
        revokes = (Revoke(side, RevokePenalty(row.revoke_penalty), row.revoke_by_dummy),)
        if row.other_revoke_penalty:  # both sides revoked: the profile's both_revoke decides
            revokes += (Revoke(side.other, RevokePenalty(row.other_revoke_penalty)),)
    return Hand(ns_tricks=row.ns_tricks, honours=honours, revokes=revokes)


def rubber_state(rubber: RubberRecord, hands: list[HandRecord] | None = None) -> Rubber:
    """The engine's rubber after the stored hands (pass ``hands``, in order, to avoid a
    query)."""
    rows = hands if hands is not None else list(rubber.hands.order_by("number"))
    return score_rubber(table_profile(rubber.table), [engine_hand(r) for r in rows])


def dealer_due(rubber: RubberRecord, hands: list[HandRecord]) -> Seat:
    """Who deals the next hand: the first dealer, then each to the left in turn."""
    if not hands:
        return Seat[rubber.first_dealer]
    profile = table_profile(rubber.table)
    last = hands[-1]
    # Both sides revoked under the "new deal" setting: the same dealer deals again (law 37).
    new_deal = bool(last.other_revoke_penalty) and profile.both_revoke is BothRevokePolicy.NEW_DEAL
    return next_dealer(Seat[last.dealer], profile, new_deal=new_deal)


def hand_enter(
    *,
    rubber: RubberRecord,
    expected_number: int,
    ns_tricks: int,
    honours_side: str = "",
    honours_count: int = 0,
    revoke_side: str = "",
    revoke_penalty: str = "",
    revoke_by_dummy: bool = False,
    other_revoke_penalty: str = "",
    deal: str = "",
    trump: str = "",
    honours_claimed: bool = True,
    by: User | None,
) -> HandRecord:
    """Store hand ``expected_number`` of ``rubber`` after the engine has scored it.

    The dealer is the one due. With a ``deal`` (a PBN deal string) and its ``trump`` suit the
    honours are computed from the cards dealt; a typed claim (``honours_claimed``) that
    disagrees with the deal is refused. Raises :class:`HandRefused` with the engine's message for an
    impossible hand, and :class:`HandConflict` (carrying the stored hand) when that hand
    number is already stored — e.g. entered a moment earlier from another phone.
    """
    with transaction.atomic():
        hands = list(rubber.hands.order_by("number"))
        stored = next((h for h in hands if h.number == expected_number), None)
        if stored is not None or expected_number != len(hands) + 1:
            raise _conflict(rubber, expected_number, stored)
        row = HandRecord(
            rubber=rubber,
            number=expected_number,
            dealer=dealer_due(rubber, hands).name,
            ns_tricks=ns_tricks,
            honours_side=honours_side,
            honours_count=honours_count,
            revoke_side=revoke_side,
            revoke_penalty=revoke_penalty,
            revoke_by_dummy=revoke_by_dummy,
            other_revoke_penalty=other_revoke_penalty,
            entered_by=by,
        )
        try:
            if deal or trump:
                _honours_from_deal(row, deal, trump, claimed=honours_claimed)
            _full_clean(row)
            rubber_state(rubber, hands).play(engine_hand(row))
        except ValidationError as error:
            raise HandRefused("; ".join(error.messages)) from None
        except (EngineError, KeyError, ValueError) as error:
            raise HandRefused(error_text(error)) from None
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        raise _conflict(rubber, expected_number, None) from None
    return row


def _full_clean(row: HandRecord) -> None:
    """The fields and the table's check constraints (a side without honours, a revoke without
    a penalty …) as a :class:`ValidationError` naming the field, before anything is saved;
    the uniqueness of the hand's number is left to the insert (a conflict, not a refusal)."""
    row.full_clean(validate_constraints=False)
    row.validate_constraints(exclude={"rubber", "number"})


def _honours_from_deal(row: HandRecord, deal: str, trump: str, *, claimed: bool) -> None:
    """Set the deal, trump and honours of ``row`` from the cards dealt (engine errors name
    a card dealt twice or a hand of the wrong size)."""
    if not deal.strip():
        raise HandRefused(_("Enter the deal as well as the trump suit."))
    if not trump:
        raise HandRefused(_("Give the trump suit of the deal."))
    dealt: Deal = parse_pbn_deal(deal)
    suit = Suit.parse(trump)
    hands = dealt.as_mapping()
    if claimed:
        claim = (
            HonoursHeld(Side[row.honours_side], row.honours_count)
            if row.honours_side
            else NO_HONOURS
        )
        held = check_honours_claim(claim, hands, suit)
    else:
        held = honours_held(hands, suit)
    row.deal, row.trump = dealt.to_pbn(), suit.letter
    row.honours_side = held.side.name if held.side is not None else ""
    row.honours_count = held.count if held.side is not None else 0


def _conflict(rubber: RubberRecord, number: int, stored: HandRecord | None) -> HandConflict:
    stored = stored or rubber.hands.filter(number=number).first()
    if stored is None:
        message = _("Hand %(n)d cannot be entered yet: enter the hands before it first.") % {
            "n": number
        }
    else:
        message = _(
            "Hand %(n)d is already stored: North–South took %(t)d tricks. Reload to see it."
        ) % {"n": number, "t": stored.ns_tricks}
    return HandConflict(message, stored)


CORRECTABLE = (
    "ns_tricks",
    "honours_side",
    "honours_count",
    "revoke_side",
    "revoke_penalty",
    "revoke_by_dummy",
    "other_revoke_penalty",
)


def hand_as_dict(hand: HandRecord) -> dict[str, object]:
    """The entered facts of a hand, as stored in a correction's before/after."""
    return {"number": hand.number, "dealer": hand.dealer} | {
        f: getattr(hand, f) for f in CORRECTABLE
    }


def hand_correct(*, hand: HandRecord, by: User, reason: str, **changes: object) -> HandCorrection:
    """Amend ``hand`` with ``changes`` (fields of :data:`CORRECTABLE`) for ``reason``.

    The engine re-scores the whole rubber with the amended hand; if any hand no longer scores
    (e.g. the rubber would now be over before a later hand) nothing changes and
    :class:`HandRefused` says why. Every correction is kept with who, when, before, after and
    why; nothing is deleted. When the hand's deal was entered, its honours stay those of the
    deal: a correction that disagrees is refused. Permission (secretaries only) is checked by the caller with
    :func:`clubs.permissions.require` and ``Action.MANAGE_CLUB``.
    """
    unknown = set(changes) - set(CORRECTABLE)
    if unknown:
        raise HandRefused(_("These cannot be corrected: %s") % ", ".join(sorted(unknown)))
    if not reason.strip():
        raise HandRefused(_("Give a reason for the correction."))
    with transaction.atomic():
        hand = HandRecord.objects.select_for_update().get(pk=hand.pk)
        before = hand_as_dict(hand)
        for field, value in changes.items():
            setattr(hand, field, value)
        if changes.get("honours_side") == "" and "honours_count" not in changes:
            hand.honours_count = 0  # clearing the side clears the honours
            changes = {**changes, "honours_count": 0}
        rows = [hand if h.pk == hand.pk else h for h in hand.rubber.hands.order_by("number")]
        try:
            if hand.deal:  # the cards dealt decide the honours: a correction must agree
                _honours_from_deal(hand, hand.deal, hand.trump, claimed=True)
            _full_clean(hand)
            rubber_state(hand.rubber, rows)
        except ValidationError as error:
            raise HandRefused("; ".join(error.messages)) from None
        except (EngineError, KeyError, ValueError) as error:
            raise HandRefused(error_text(error)) from None
        hand.save(update_fields=list(changes))
        correction = HandCorrection(
            hand=hand, corrected_by=by, before=before, after=hand_as_dict(hand), reason=reason
        )
        correction.full_clean()
        correction.save()
    return correction
