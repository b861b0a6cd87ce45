"""PBN: reading and writing sets of whist boards in Portable Bridge Notation.

Contract:

* :func:`write_pbn` writes, for each board, ``[Board "n"]``, ``[Dealer "N"]``,
  ``[Deal "N:..."]`` (starting with the dealer), our ``[Trump "H"]`` tag (``NT`` for no
  trump), our ``[TurnedCard "AD"]`` tag when the turned card is known, and the standard
  ``[DoubleDummyTricks "…"]`` tag when the double-dummy table is known.
* ``DoubleDummyTricks`` has the layout Bridge Composer and DDS-based tools write: 20
  hexadecimal digits (``0``–``d``), five per declarer in the order N, S, E, W, and within
  each declarer the strains NT, S, H, D, C. A table with unknown entries (``*`` or ``-``)
  is read as no table.
* :func:`read_pbn` reads what :func:`write_pbn` writes and what other programs write: the
  file is cut into games by :func:`engine.pbn_games.read_games` (comments, directives,
  section data and unknown tags are skipped; a game without ``[Board]`` is named by its
  position). A results file repeats each board once per table: games with the same number
  and the same deal are **one board**; the same number with another deal, dealer or trump
  is an error. A board's dealer follows the :class:`DealerRule` (the file's ``[Dealer]`` by
  default, else the board number's: N, E, S, W, …); without ``[Trump]`` its trump comes from
  the ``scheme`` given (``HDSC`` unless told). :func:`read_pbn_file` also gives every game
  (for their results) and the boards whose ``[Dealer]`` is not the number's.
* Errors are :class:`~engine.errors.PBNError` and name the board and the line:
  ``"board 3, line 17: 7H appears twice"``.

>>> from engine.boards import board_set
>>> boards = board_set(2, seed="club night")
>>> read_pbn(write_pbn(boards)) == list(boards)
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from engine.boards import Board, DDTable, TrumpScheme, board_dealer, board_trump
from engine.cards import Card, Seat, Suit
from engine.deal import parse_pbn_deal
from engine.errors import CardError, DealError, PBNError
from engine.pbn_games import Game, read_games

__all__ = [
    "DealerNote",
    "DealerRule",
    "PBNFile",
    "board_lines",
    "format_dd_tricks",
    "parse_dd_tricks",
    "pbn_tag",
    "read_pbn",
    "read_pbn_file",
    "write_pbn",
]

#: Declarer order of the DoubleDummyTricks tag.
_DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
_HEX = "0123456789abcd"
T = TypeVar("T")


def pbn_tag(name: str, value: object) -> str:
    """``[Name "value"]``: runs of white space (line breaks too) become one space, quotes and
    backslashes are escaped."""
    text = " ".join(str(value).split())
    text = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]'


def format_dd_tricks(table: DDTable) -> str:
    """The ``DoubleDummyTricks`` value of ``table``: 20 hex digits, declarers N S E W, strains
    NT S H D C."""
    return "".join(_HEX[table.tricks[seat][i]] for seat in _DD_SEATS for i in range(5))


def parse_dd_tricks(value: str) -> DDTable | None:
    """The table in a ``DoubleDummyTricks`` value; ``None`` when some entries are unknown
    (``*`` or ``-``). Raises :class:`PBNError` when it is not 20 such characters."""
    text = value.strip().lower()
    if len(text) != 20 or any(char not in _HEX + "*-" for char in text):
        raise PBNError(
            f"DoubleDummyTricks '{value}' is not 20 hexadecimal digits (0–9, a–d) "
            "for N, S, E, W in NT, S, H, D, C",
            code="pbn_dd_tricks",
            params={"value": value},
        )
    if any(char in "*-" for char in text):
        return None
    rows: dict[Seat, tuple[int, ...]] = {}
    for k, seat in enumerate(_DD_SEATS):
        rows[seat] = tuple(_HEX.index(char) for char in text[5 * k : 5 * k + 5])
    return DDTable(tuple(rows[seat] for seat in Seat))


def _trump_letter(trump: Suit | None) -> str:
    return "NT" if trump is None else trump.letter


def board_lines(board: Board) -> list[str]:
    """The tags that describe a board after its number: ``[Dealer]``, ``[Deal]`` (from the
    dealer), ``[Trump]``, ``[TurnedCard]`` and ``[DoubleDummyTricks]`` when known."""
    lines = [
        pbn_tag("Dealer", board.dealer),
        pbn_tag("Deal", board.deal.to_pbn(board.dealer)),
        pbn_tag("Trump", _trump_letter(board.trump)),
    ]
    if board.deal.turned is not None:
        lines.append(pbn_tag("TurnedCard", board.deal.turned))
    if board.dd_tricks is not None:
        lines.append(pbn_tag("DoubleDummyTricks", format_dd_tricks(board.dd_tricks)))
    return lines


def write_pbn(boards: Iterable[Board]) -> str:
    """The boards as a PBN file (``\\n`` line ends, one blank line after each board)."""
    lines = ["% PBN 2.1", "% EXPORT", ""]
    for board in boards:
        lines.append(pbn_tag("Board", board.number))
        lines.extend(board_lines(board))
        lines.append("")
    return "\n".join(lines)


class DealerRule(enum.StrEnum):
    """Where a board's dealer comes from (the organiser chooses at the import)."""

    #: The file's ``[Dealer]``; the board number's dealer (N, E, S, W, …) where it has none.
    FILE = "file"
    #: Always the board number's dealer, whatever the file says.
    NUMBER = "number"


@dataclass(frozen=True, slots=True)
class DealerNote:
    """A board whose ``[Dealer]`` in the file is not its number's dealer."""

    number: int
    file_dealer: Seat
    number_dealer: Seat


@dataclass(frozen=True)
class PBNFile:
    """A PBN file read: its boards (one per board number, in file order), every game (a
    results file has one per table), and the boards whose dealer disagrees with the board
    number's convention."""

    boards: tuple[Board, ...]
    games: tuple[Game, ...]
    dealer_notes: tuple[DealerNote, ...]


def read_pbn(
    text: str, scheme: TrumpScheme = TrumpScheme.HDSC, dealer_rule: str = DealerRule.FILE
) -> list[Board]:
    """The boards of a PBN file, one per board number, in file order (see the module
    contract for what is read and what is ignored)."""
    return list(read_pbn_file(text, scheme, dealer_rule).boards)


def read_pbn_file(
    text: str, scheme: TrumpScheme = TrumpScheme.HDSC, dealer_rule: str = DealerRule.FILE
) -> PBNFile:
    """The file's boards, games and dealer notes (see :class:`PBNFile`). A board repeated
    with the same deal (a results file: once per table) is one board; the same number with
    another deal, dealer or trump is a :class:`PBNError` naming both lines."""
    rule = DealerRule(dealer_rule)
    games = read_games(text)
    boards: dict[int, tuple[Board, Game]] = {}
    notes: list[DealerNote] = []
    for game in games:
        if "Deal" not in game.tags:
            if not game.deal_line:
                raise PBNError(
                    f"{game.where()}: the board has no [Deal] tag",
                    code="pbn_no_deal",
                    params={"board": game.number, "line": game.line},
                )
            continue
        board = _build_board(game, scheme, rule)
        first = boards.get(game.number)
        if first is None:
            boards[game.number] = (board, game)
            note = _dealer_note(game, board)
            if note is not None:
                notes.append(note)
        elif _differs(first[0], board):
            raise _twice(first[1], game)
        elif first[0].dd_tricks is None and board.dd_tricks is not None:
            boards[game.number] = (board, first[1])
    return PBNFile(tuple(board for board, _ in boards.values()), tuple(games), tuple(notes))


def _differs(first: Board, second: Board) -> bool:
    return (first.deal, first.dealer, first.trump) != (second.deal, second.dealer, second.trump)


def _twice(first: Game, second: Game) -> PBNError:
    return PBNError(
        f"board {second.number} appears twice with different deals, dealers or trumps "
        f"(lines {first.deal_line} and {second.deal_line})",
        code="pbn_board_twice",
        params={"board": second.number, "first": first.deal_line, "second": second.deal_line},
    )


def _dealer_note(game: Game, board: Board) -> DealerNote | None:
    if "Dealer" not in game.tags:
        return None
    try:
        written = Seat.parse(game.value("Dealer"))
    except CardError:
        return None
    convention = board_dealer(board.number)
    return None if written is convention else DealerNote(board.number, written, convention)


def _build_board(game: Game, scheme: TrumpScheme, rule: DealerRule) -> Board:
    number = game.number

    def read(name: str, parse: Callable[[str], T]) -> T:
        value = game.tags.get(name, game.tags["Deal"])
        try:
            return parse(value)
        except (DealError, CardError) as error:
            message = str(error).removeprefix(f"board {number}: ")
            line = game.lines.get(name if name in game.tags else "Deal", game.line)
            code = "turned_card_unknown" if error.code == "turned_card_unknown" else "pbn_board"
            raise PBNError(
                f"board {number}, line {line}: {message}",
                code=code,
                params={"board": number, "line": line, "ruling": error},
            ) from None

    turned = read("TurnedCard", Card.parse) if game.value("TurnedCard") else None
    deal = read("Deal", lambda text: parse_pbn_deal(text, turned))
    if rule is DealerRule.FILE and game.value("Dealer"):
        dealer = read("Dealer", Seat.parse)
    else:
        dealer = board_dealer(number)
    if game.value("Trump"):
        trump = read("Trump", _parse_trump)
    else:
        trump = read("Deal", lambda _: board_trump(number, scheme, deal))
    dd = read("DoubleDummyTricks", parse_dd_tricks) if game.value("DoubleDummyTricks") else None
    return read("Deal", lambda _: Board(number, dealer, trump, deal, dd))


def _parse_trump(value: str) -> Suit | None:
    key = value.strip().upper()
    if key in ("NT", "N", "-", "NONE", "NO TRUMP", "NOTRUMP", ""):
        return None
    try:
        return Suit.parse(key)
    except CardError:
        raise PBNError(
            f"trump '{value}' is not S, H, D, C or NT", code="pbn_trump", params={"trump": value}
        ) from None
