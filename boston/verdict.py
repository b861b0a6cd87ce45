"""Judging one Boston hand: the entry (calls or contract) to the engine's contract and
payments. No database writes; ``boston.services`` stores what this returns.

The calls are stored as text ("pass", "sostengo", "PIDO:H", "GRAN_MISERIA"); the auction is
replayed through :class:`engine.boston.auction.Auction`; the payments are the dealer's
:func:`~engine.boston.payments.ante` plus :func:`~engine.boston.payments.settle` (or
:func:`~engine.boston.payments.settle_all_pass`). A refusal raises
:class:`clubs.errors.HandRefused` with the engine's reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from boston.models import OWN_TABLE, BostonTable
from clubs.errors import HandRefused
from clubs.rulings import error_text, ruling_text
from engine.boston.auction import Auction, Call, Contract, Level
from engine.boston.cards import hand_trump
from engine.boston.contracts import call_text, contract_check, parse_call
from engine.boston.payments import (
    PAYMENT_TABLES,
    PaymentTable,
    Settlement,
    Stakes,
    ante,
    settle,
    settle_all_pass,
)
from engine.boston.variants import AllPass, BostonProfile, get_boston_profile
from engine.cards import Seat, Suit
from engine.errors import EngineError

# --- calls as text ("pass", "sostengo", "PIDO:H", "GRAN_MISERIA") -------------------------


def call_parse(text: str) -> Call:
    """A call from its written form (:func:`engine.boston.contracts.parse_call`, strict);
    raises :class:`HandRefused` with the ruling otherwise."""
    try:
        return parse_call(text)
    except EngineError as error:
        raise HandRefused(ruling_text(error)) from None


def calls_canonical(calls) -> list[str]:
    """The calls in their one stored spelling (``pido:h`` is stored as ``PIDO:H``)."""
    return [call_text(call_parse(text)) for text in calls]


# --- a table's engine values --------------------------------------------------------------


def table_profile(table: BostonTable) -> BostonProfile:
    return get_boston_profile(table.variant, **(table.variant_overrides or {}))


def table_payments(table: BostonTable) -> PaymentTable:
    if table.payment_table == OWN_TABLE:
        return PaymentTable.from_dict(table.own_payment_table or {})
    return PAYMENT_TABLES[table.payment_table]


def table_stakes(table: BostonTable) -> Stakes:
    return Stakes(dealer=table.stake_dealer, others=table.stake_others)


def dealer_of(table: BostonTable, number: int) -> Seat:
    """The dealer of hand ``number``: the first dealer, then each to the left in turn."""
    return Seat((Seat[table.first_dealer] + number - 1) % 4)


# --- entering and settling a hand ---------------------------------------------------------


@dataclass(frozen=True)
class HandEntry:
    """What a phone sends: the calls, or the final contract (``level`` "" = all passed);
    ``tricks`` by the declaring side (a misère: by the declarer)."""

    calls: tuple[str, ...] = ()
    level: str = ""
    suit: str = ""
    declarer: str = ""
    supporter: str = ""
    trump: str = ""
    tricks: int | None = None
    turned: str = ""
    #: All passed and the hand was played (misère partout, pool to the fewest): each seat's
    #: tricks, e.g. (("N", 3), ("E", 4), ("S", 2), ("W", 4)).
    tricks_each: tuple[tuple[str, int], ...] = ()


def _suit(letter: str) -> Suit | None:
    return Suit.parse(letter) if letter else None


def _contract_from_calls(
    entry: HandEntry, dealer: Seat, profile: BostonProfile, names, first_turned: str
) -> Contract | None:
    try:
        auction = Auction(
            dealer,
            profile,
            names,
            turned=_suit(entry.turned),
            first_turned=_suit(first_turned),
        )
        for text in entry.calls:
            auction.call(auction.turn, call_parse(text))
    except EngineError as error:
        raise HandRefused(ruling_text(error)) from None
    if not auction.is_over:
        raise HandRefused(
            _("The auction is not over: it is %(name)s's turn.")
            % {"name": names.get(auction.turn, auction.turn.name)}
        )
    return auction.contract


def _contract_from_fields(entry: HandEntry, profile: BostonProfile) -> Contract | None:
    if not entry.level:
        if entry.declarer or entry.supporter or entry.suit:
            raise HandRefused(_("Choose the contract, or no declarer (all passed)."))
        return None
    try:
        level = Level[entry.level]
        declarer = Seat[entry.declarer]
        supporter = Seat[entry.supporter] if entry.supporter else None
    except KeyError:
        raise HandRefused(_("Give the contract and its declarer.")) from None
    try:
        return contract_check(profile, level, declarer, _suit(entry.suit), supporter)
    except EngineError as error:
        raise HandRefused(ruling_text(error)) from None


def _check_trump(entry: HandEntry, contract: Contract, first_turned: str) -> None:
    """A pequeño/bueno named with the suits turned known must be that suit."""
    if not entry.trump:
        return
    if contract.level.is_misere or contract.suit is None:
        raise HandRefused(_("Only a contract in a suit is in the pequeño or the bueno."))
    if entry.turned and first_turned:
        choice = "pequeño" if entry.trump == "pequeno" else "bueno"
        if hand_trump(choice, Suit.parse(entry.turned), Suit.parse(first_turned)) != (
            contract.suit
        ):
            raise HandRefused(
                _("The %(trump)s is not %(suit)s on this deal.")
                % {"trump": choice, "suit": contract.suit.name.lower()}
            )


def hand_verdict(
    table: BostonTable,
    dealer: Seat,
    entry: HandEntry,
    pool: int,
    names: Mapping[Seat, str] | None = None,
    first_turned: str = "",
) -> tuple[Contract | None, Settlement]:
    """The contract (None: all passed, redeal) and the hand's payments, stakes included,
    when the pool holds ``pool`` before the deal. ``first_turned``: the suit turned on the
    table's first deal (the bueno)."""
    names = dict(names or {})
    profile = table_profile(table)
    if entry.calls:
        contract = _contract_from_calls(entry, dealer, profile, names, first_turned)
    else:
        contract = _contract_from_fields(entry, profile)
    stakes = ante(dealer, table_stakes(table))
    if contract is None:
        return None, _all_passed(table, profile, entry, pool, stakes)
    _check_trump(entry, contract, first_turned)
    if entry.tricks is None:
        raise HandRefused(_("Give the tricks taken by the declaring side."))
    try:
        paid = settle(contract, entry.tricks, table_payments(table), pool + stakes.pool)
    except EngineError as error:
        raise HandRefused(ruling_text(error)) from None
    return contract, stakes + paid


def _all_passed(
    table: BostonTable, profile: BostonProfile, entry: HandEntry, pool: int, stakes: Settlement
) -> Settlement:
    """All four passed: a redeal (the stakes stay in the pool) or, per the variant, the
    hand is played (misère partout, pool to the fewest) and settled on each seat's tricks."""
    if entry.tricks is not None:
        raise HandRefused(_("All four passed: there is no declaring side to count tricks for."))
    if profile.all_pass is AllPass.REDEAL:
        if entry.tricks_each:
            raise HandRefused(_("All four passed: the cards are redealt, no tricks to enter."))
        return stakes
    if not entry.tricks_each:
        raise HandRefused(_("All four passed and the hand was played: give each seat's tricks."))
    try:
        tricks = {Seat[seat]: int(count) for seat, count in entry.tricks_each}
        paid = settle_all_pass(profile, tricks, table_payments(table), pool + stakes.pool)
    except (EngineError, KeyError, ValueError) as error:
        raise HandRefused(error_text(error)) from None
    return stakes + paid
