"""Board sets and boards: deal from a seed, import a PBN file, correct one board's deal;
the double-dummy analysis is left to a background job."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.game_words import seat_letter
from clubs.models import Club
from engine.boards import Board as EngineBoard
from engine.boards import TrumpScheme as EngineTrumpScheme
from engine.boards import board_set as engine_board_set
from engine.errors import EngineError
from engine.pbn import format_dd_tricks, read_pbn
from tournaments import selectors
from tournaments.errors import (
    BoardPlayedError,
    BoardSetError,
)
from tournaments.models import (
    Board,
    BoardDealChange,
    BoardSet,
)

logger = logging.getLogger(__name__)

MAX_BOARDS = 200


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
    """Ask a worker for the double-dummy tricks once the set is committed.

    On the embedded default (tasks run eagerly, no worker) nothing is started: the solver
    would run inside the web request and load into the web process. There the analysis is
    run by ``manage.py demo`` or by a worker once Redis is configured.
    """
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return

    def enqueue() -> None:
        try:
            from scoring.tasks import board_set_analyse_task
        except ImportError:  # the scoring app's task is not installed
            return
        try:
            board_set_analyse_task.delay(board_set.pk)
        except Exception:  # noqa: BLE001 - the broker is unavailable: analyse later
            logger.warning(
                "double-dummy analysis of board set %s not started", board_set.pk, exc_info=True
            )

    transaction.on_commit(enqueue)


@transaction.atomic
def board_set_generate(
    *, club: Club, count: int, seed: str | None = None, trump_scheme: str = "hdsc", name: str = ""
) -> BoardSet:
    """Boards 1…``count`` dealt from ``seed`` (a new random seed is recorded when none is
    given, so the set can always be dealt again)."""
    if not 1 <= count <= MAX_BOARDS:
        raise BoardSetError(_("A board set has 1 to %(max)s boards.") % {"max": MAX_BOARDS})
    seed = (seed or "").strip() or secrets.token_hex(8)
    scheme = _engine_scheme(trump_scheme)
    board_set = BoardSet.objects.create(
        club=club,
        name=name or _("Boards from seed %(seed)s") % {"seed": seed},
        source=BoardSet.Source.SEED,
        seed=seed,
        trump_scheme=scheme.value,
    )
    Board.objects.bulk_create(
        _board_row(board_set, b) for b in engine_board_set(count, seed, scheme)
    )
    _analyse_later(board_set)
    return board_set


@transaction.atomic
def board_set_import_pbn(
    *, club: Club, text: str, trump_scheme: str = "hdsc", name: str = ""
) -> BoardSet:
    """A board set read from a PBN file; nothing is saved when any board is wrong."""
    scheme = _engine_scheme(trump_scheme)
    try:
        boards = read_pbn(text, scheme)
    except EngineError as error:
        raise BoardSetError(str(error)) from error
    if not boards:
        raise BoardSetError(_("The PBN file has no boards."))
    numbers = [b.number for b in boards]
    if len(set(numbers)) != len(numbers):
        twice = sorted({n for n in numbers if numbers.count(n) > 1})
        raise BoardSetError(_("Board %(n)s appears twice in the file.") % {"n": twice[0]})
    board_set = BoardSet.objects.create(
        club=club,
        name=name or _("Imported boards"),
        source=BoardSet.Source.PBN,
        trump_scheme=scheme.value,
    )
    Board.objects.bulk_create(_board_row(board_set, b) for b in boards)
    _analyse_later(board_set)
    return board_set


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
            % {"n": board.number, "error": error}
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
