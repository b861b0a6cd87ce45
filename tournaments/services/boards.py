"""Board sets and boards: deal from a seed, import a PBN file, correct one board's deal;
the double-dummy analysis is left to a background job."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.formats import date_format
from django.utils.timezone import localtime, now
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.game_words import seat_letter
from clubs.models import Club
from clubs.rulings import ruling_text
from engine.boards import Board as EngineBoard
from engine.boards import TrumpScheme as EngineTrumpScheme
from engine.errors import EngineError
from engine.pbn import DealerNote, DealerRule, format_dd_tricks, read_pbn_file
from tournaments import selectors
from tournaments.dealing import boards_from_seed
from tournaments.errors import (
    BoardPlayedError,
    BoardSetError,
)
from tournaments.models import (
    Board,
    BoardDealChange,
    BoardSet,
)
from tournaments.signals import board_set_dealt

logger = logging.getLogger(__name__)

MAX_BOARDS = 200
#: A chosen name may not contain a seed this long or longer (a seed "7" may stay in
#: "7 tables").
SEED_IN_NAME_MIN = 4


def _engine_scheme(value: str) -> EngineTrumpScheme:
    try:
        return EngineTrumpScheme(value)
    except ValueError:
        raise BoardSetError(_("Unknown trump scheme: %(scheme)s") % {"scheme": value}) from None


def _board_row(board_set: BoardSet, board: EngineBoard) -> Board:
    return Board(
        board_set=board_set,
        number=board.number,
        dealer=board.dealer.name,
        trump=board.trump.letter if board.trump is not None else "",
        deal=board.deal.to_pbn(),
        turned=str(board.deal.turned) if board.deal.turned else "",
        dd_tricks=format_dd_tricks(board.dd_tricks) if board.dd_tricks is not None else "",
    )


def _analyse_later(board_set: BoardSet) -> None:
    """Announce the set's deals once they are committed (:data:`board_set_dealt`): the
    scoring app listens and asks a worker for the double-dummy tricks."""
    transaction.on_commit(lambda: board_set_dealt.send(sender=BoardSet, board_set_id=board_set.pk))


def board_set_default_name(*, count: int, when) -> str:
    """A new set's name when none is given: how many boards and when they were dealt —
    never the seed, which deals them (with the deal secret) and only directors read."""
    return ngettext("%(count)s board dealt %(when)s", "%(count)s boards dealt %(when)s", count) % {
        "count": count,
        "when": date_format(localtime(when), "SHORT_DATETIME_FORMAT"),
    }


@transaction.atomic
def board_set_generate(
    *, club: Club, count: int, seed: str | None = None, trump_scheme: str = "hdsc", name: str = ""
) -> BoardSet:
    """Boards 1…``count`` dealt from ``seed`` with the site's deal secret
    (:mod:`tournaments.dealing`; a new random seed is recorded when none is given, so the
    set can always be dealt again). A name that contains the seed (of at least
    :data:`SEED_IN_NAME_MIN` characters) is refused."""
    if not 1 <= count <= MAX_BOARDS:
        raise BoardSetError(_("A board set has 1 to %(max)s boards.") % {"max": MAX_BOARDS})
    seed = (seed or "").strip() or secrets.token_hex(8)
    if len(seed) >= SEED_IN_NAME_MIN and seed.casefold() in (name or "").casefold():
        raise BoardSetError(
            _(
                "The name must not contain the seed: players read the names of board sets, "
                "and only the event's directors may read the seed."
            )
        )
    scheme = _engine_scheme(trump_scheme)
    board_set = BoardSet.objects.create(
        club=club,
        name=name or board_set_default_name(count=count, when=now()),
        source=BoardSet.Source.SEED,
        seed=seed,
        dealing=BoardSet.Dealing.KEYED,
        trump_scheme=scheme.value,
    )
    Board.objects.bulk_create(
        _board_row(board_set, b) for b in boards_from_seed(seed=seed, count=count, scheme=scheme)
    )
    _analyse_later(board_set)
    return board_set


@dataclass(frozen=True)
class PBNImport:
    """A board set read from a PBN file, with what the organiser should know: the boards
    whose ``[Dealer]`` is not their number's (and which rule decided), and how many games
    the file holds (a results file has one per table)."""

    board_set: BoardSet
    dealer_rule: str
    dealer_notes: tuple[DealerNote, ...]
    games: int


def _pbn_refusal(error: EngineError) -> BoardSetError:
    if getattr(error, "code", "") == "turned_card_unknown":
        return BoardSetError(
            _(
                "Board %(n)s has no turned card ([TurnedCard] tag) in this file, so its trumps "
                "cannot be the turned card. Import the file again choosing “Hearts, diamonds, "
                "spades, clubs (fixed rotation)” or “No trumps, then spades, hearts, diamonds, "
                "clubs” for the trumps."
            )
            % {"n": error.params.get("board", "?")}
        )
    return BoardSetError(ruling_text(error))


@transaction.atomic
def board_set_import_pbn_file(
    *,
    club: Club,
    text: str,
    trump_scheme: str = "hdsc",
    dealer_rule: str = DealerRule.FILE,
    name: str = "",
) -> PBNImport:
    """A board set read from a PBN file; nothing is saved when any board is wrong. A board
    repeated with the same deal (a results file has one game per table) is one board; its
    dealer follows ``dealer_rule`` (``"file"``: the file's ``[Dealer]``, else the number's;
    ``"number"``: always the number's)."""
    scheme = _engine_scheme(trump_scheme)
    if dealer_rule not in {rule.value for rule in DealerRule}:
        raise BoardSetError(_("Unknown dealer rule: %(rule)s") % {"rule": dealer_rule})
    try:
        read = read_pbn_file(text, scheme, dealer_rule)
    except EngineError as error:
        raise _pbn_refusal(error) from error
    if not read.boards:
        raise BoardSetError(_("The PBN file has no boards."))
    if len(read.boards) > MAX_BOARDS:
        raise BoardSetError(_("A board set has 1 to %(max)s boards.") % {"max": MAX_BOARDS})
    board_set = BoardSet.objects.create(
        club=club,
        name=name or _("Imported boards"),
        source=BoardSet.Source.PBN,
        trump_scheme=scheme.value,
    )
    Board.objects.bulk_create(_board_row(board_set, b) for b in read.boards)
    _analyse_later(board_set)
    return PBNImport(board_set, str(dealer_rule), read.dealer_notes, len(read.games))


def board_set_import_pbn(
    *, club: Club, text: str, trump_scheme: str = "hdsc", name: str = "", dealer_rule: str = "file"
) -> BoardSet:
    """A board set read from a PBN file (see :func:`board_set_import_pbn_file`)."""
    return board_set_import_pbn_file(
        club=club, text=text, trump_scheme=trump_scheme, dealer_rule=dealer_rule, name=name
    ).board_set


SEATS = ("N", "E", "S", "W")


def _deal_text(deal_pbn: str | None, hands: Mapping[str, str] | None) -> str:
    """The PBN deal when given, else the four hands as one PBN deal from North."""
    if (deal_pbn or "").strip():
        return deal_pbn.strip()
    if hands is None:
        raise BoardSetError(_("Give the deal in PBN or the four hands."))
    missing = [seat for seat in SEATS if not (hands.get(seat) or "").strip()]
    if missing:
        raise BoardSetError(
            _("Give all four hands; missing: %(seats)s.") % {"seats": ", ".join(missing)}
        )
    return "N:" + " ".join(hands[seat].strip() for seat in SEATS)


def _turned_kept(board: Board, deal: Any) -> str:
    """The turned card stays when the new deal still gives it to the dealer; a board whose
    trumps are the turned card cannot lose it."""
    from engine.cards import Card, Seat

    if not board.turned:
        return ""
    if Card.parse(board.turned) in deal.hand(Seat.parse(board.dealer)):
        return board.turned
    if board.board_set.trump_scheme == EngineTrumpScheme.TURNED.value:
        raise BoardSetError(
            _(
                "Trumps on board %(n)s are the turned card %(card)s, which the new deal does "
                "not give the dealer (%(dealer)s)."
            )
            % {"n": board.number, "card": board.turned, "dealer": seat_letter(board.dealer)}
        )
    return ""


@transaction.atomic
def board_deal_change(
    *,
    board: Board,
    deal_pbn: str | None = None,
    hands: Mapping[str, str] | None = None,
    changed_by=None,
    reason: str = "",
) -> Board:
    """Correct a board's deal, given in PBN (``N:… … … …``) or as four hands by seat
    (``{"N": "AKQJ.T98.765.432", …}``, suits spades to clubs; the PBN wins when both are
    given). Refused once a result exists for the board (:class:`BoardPlayedError`) and for
    an impossible deal (a card twice, a hand of 12); nothing is saved then. The
    double-dummy table is cleared and the board set's analysis job, which analyses the
    boards lacking one, recomputes it. Each change is kept as a :class:`BoardDealChange`
    (who, when, before, after and ``reason``, which is required)."""
    from engine.deal import parse_pbn_deal

    if not reason.strip():
        raise BoardSetError(_("Say why the deal is corrected."))
    board = Board.objects.select_for_update().select_related("board_set").get(pk=board.pk)
    if selectors.board_has_results(board):
        raise BoardPlayedError(
            _("Board %(n)s already has results: its deal can no longer change.")
            % {"n": board.number}
        )
    try:
        deal = parse_pbn_deal(_deal_text(deal_pbn, hands))
    except EngineError as error:
        raise BoardSetError(
            _("Board %(n)s: the deal cannot be used: %(error)s")
            % {"n": board.number, "error": ruling_text(error)}
        ) from error
    if deal.to_pbn() == board.deal:
        return board
    before = {"deal": board.deal, "turned": board.turned}
    board.deal, board.turned, board.dd_tricks = deal.to_pbn(), _turned_kept(board, deal), ""
    board.full_clean()
    board.save(update_fields=["deal", "turned", "dd_tricks"])
    BoardDealChange.objects.create(
        board=board,
        changed_by=changed_by,
        before=before,
        after={"deal": board.deal, "turned": board.turned},
        reason=reason.strip()[:200],
    )
    _analyse_later(board.board_set)
    return board
