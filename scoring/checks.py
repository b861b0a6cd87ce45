"""The engine's checks on one result, with no database: plain values in, plain values out.

:func:`check_result` is what every way in (table, secretary, API, CSV) goes through. It
returns the tricks that count for NS (after a revoke penalty) and what the play record
shows, or raises :class:`~scoring.errors.ResultRefused` with the engine's own words.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from clubs.rulings import ruling_text
from engine.cards import Seat, Side, Suit, parse_cards
from engine.deal import Deal, parse_pbn_deal
from engine.duplicate import score_board
from engine.errors import EngineError
from engine.honours import HonoursHeld, honours_held
from engine.play import Claim, PlayOutcome, replay
from engine.profiles import DUPLICATE, RuleProfile
from engine.scoring import Revoke, RevokePenalty
from scoring.errors import ResultRefused
from scoring.models import Adjusted, ResultKind

#: A play record is one deal at most: 52 cards, each at most three characters and a separator.
PLAY_RECORD_MAX_CARDS = 52
PLAY_RECORD_MAX_LENGTH = 400


def play_record_problem(text: str) -> str | None:
    """Why ``text`` is longer than one deal's play (a message), or None."""
    if len(text) > PLAY_RECORD_MAX_LENGTH or len(text.replace(",", " ").split()) > (
        PLAY_RECORD_MAX_CARDS
    ):
        return _("A play record has at most %(cards)s cards (one deal).") % {
            "cards": PLAY_RECORD_MAX_CARDS
        }
    return None


def validate_play_record(text) -> None:
    """The form and serializer validator of :func:`play_record_problem`."""
    if isinstance(text, str) and (problem := play_record_problem(text)):
        raise ValidationError(problem, code="too_long")


@dataclass(frozen=True)
class BoardFacts:
    """What the engine needs of a board: its number, dealer, trump (None = no trump) and
    deal (None if not recorded; read from ``pbn`` only when first needed)."""

    number: int
    pbn: str
    dealer: Seat
    trump: Suit | None

    @cached_property
    def deal(self) -> Deal | None:
        return parse_pbn_deal(self.pbn) if self.pbn else None


@dataclass(frozen=True, slots=True)
class ResultInput:
    """A result as typed: the kind, NS tricks, adjusted scores, play record and revoke."""

    kind: str = ResultKind.PLAYED
    ns_tricks: int | None = None
    adjusted_ns: str = ""
    adjusted_ew: str = ""
    play_record: str = ""
    claim: str = ""
    revoke_side: str = ""
    revokes: int = 0


@dataclass(frozen=True, slots=True)
class CheckedResult:
    """A result the engine accepts: ``ns_score`` counts for NS (None unless played)."""

    ns_score: int | None
    outcome: PlayOutcome | None


def parse_claim(text: str) -> Claim | None:
    """``"NS 3"`` → NS take 3 of the remaining tricks; empty → None."""
    if not text.strip():
        return None
    try:
        side, tricks = text.split()
        return Claim(Side.parse(side), int(tricks))
    except (ValueError, EngineError):
        raise ResultRefused(
            _("A claim is written as a side and the tricks it takes, e.g. “NS 3”, not “%s”.") % text
        ) from None


def check_result(
    board: BoardFacts, given: ResultInput, profile: RuleProfile = DUPLICATE
) -> CheckedResult:
    """Check ``given`` against ``board`` (see the module contract)."""
    if given.kind == ResultKind.NOT_PLAYED:
        return CheckedResult(None, None)
    if given.kind == ResultKind.ADJUSTED:
        _check_adjusted(given)
        return CheckedResult(None, None)
    if given.ns_tricks is None:
        raise ResultRefused(_("Enter the tricks NS took (0 to 13)."))
    try:
        revokes = _revokes(given)
        score = score_board(given.ns_tricks, profile=profile, revokes=revokes)
    except EngineError as error:
        raise ResultRefused(ruling_text(error)) from None
    outcome = _check_play(board, given) if given.play_record.strip() else None
    return CheckedResult(score.tricks[Side.NS], outcome)


def _check_adjusted(given: ResultInput) -> None:
    valid = set(Adjusted.values)
    if given.adjusted_ns not in valid or given.adjusted_ew not in valid:
        raise ResultRefused(
            _("An adjusted score gives each side average plus, average or average minus.")
        )


def _revokes(given: ResultInput) -> list[Revoke]:
    if not given.revokes:
        return []
    if given.revoke_side not in ("NS", "EW"):
        raise ResultRefused(_("Say which side revoked: NS or EW."))
    side = Side.parse(given.revoke_side)
    return [Revoke(side, RevokePenalty.TAKE_TRICKS)] * given.revokes


def _check_play(board: BoardFacts, given: ResultInput) -> PlayOutcome:
    if problem := play_record_problem(given.play_record):
        raise ResultRefused(problem)
    if board.deal is None:
        raise ResultRefused(
            _("Board %(board)s has no recorded deal, so its play record cannot be checked.")
            % {"board": board.number}
        )
    try:
        cards = parse_cards(given.play_record)
        outcome = replay(board.deal, board.dealer, board.trump, cards, parse_claim(given.claim))
    except EngineError as error:
        raise ResultRefused(ruling_text(error)) from None
    if outcome.tricks[Side.NS] != given.ns_tricks:
        raise ResultRefused(
            _("The play record gives NS %(record)s tricks, not %(typed)s.")
            % {"record": outcome.tricks[Side.NS], "typed": given.ns_tricks}
        )
    if given.revokes and outcome.revokes:
        revoking = {str(revoke.seat.side) for revoke in outcome.revokes}
        if given.revoke_side not in revoking:
            raise ResultRefused(
                _("The play record shows a revoke by %(record)s, not by %(typed)s.")
                % {"record": ", ".join(sorted(revoking)), "typed": given.revoke_side}
            )
    return outcome


def board_honours(board: BoardFacts) -> HonoursHeld | None:
    """The honours held in the trump suit, shown from the deal (None without deal or trump)."""
    if board.deal is None or board.trump is None:
        return None
    return honours_held(board.deal.as_mapping(), board.trump)
