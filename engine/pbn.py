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
* :func:`read_pbn` reads what :func:`write_pbn` writes and what other programs write:
  ``;`` comments to the end of the line, ``{…}`` comments (over several lines too), ``%``
  directive lines, blank lines, CRLF or CR line ends, section data (auction, play, tables)
  and **unknown tags, which are ignored**. A board starts at each ``[Board]`` tag; tags
  before the first one (the file's header: event, site, date) are ignored. A board without
  ``[Dealer]`` takes its dealer from its number; without ``[Trump]`` its trump comes from
  the ``scheme`` given to :func:`read_pbn` (``HDSC`` unless told).
* Errors are :class:`~engine.errors.PBNError` and name the board and the line:
  ``"board 3, line 17: 7H appears twice"``.

>>> from engine.boards import board_set
>>> boards = board_set(2, seed="club night")
>>> read_pbn(write_pbn(boards)) == list(boards)
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar

from engine.boards import Board, DDTable, TrumpScheme, board_dealer, board_trump
from engine.cards import Card, Seat, Suit
from engine.deal import parse_pbn_deal
from engine.errors import CardError, DealError, PBNError

__all__ = ["read_pbn", "write_pbn", "format_dd_tricks", "parse_dd_tricks"]

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\\n]|\\.)*)"\s*\]')
_KNOWN = ("Board", "Dealer", "Deal", "Trump", "TurnedCard", "DoubleDummyTricks")
#: Declarer order of the DoubleDummyTricks tag.
_DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
_HEX = "0123456789abcd"
T = TypeVar("T")


@dataclass
class _RawBoard:
    """The known tags of one board as read: name -> (value, line)."""

    line: int
    tags: dict[str, tuple[str, int]] = field(default_factory=dict)


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
            code="pbn_doubledummytricks_hexadecimal_digits_d_n",
            params={"value": str(value)},
        )
    if any(char in "*-" for char in text):
        return None
    rows: dict[Seat, tuple[int, ...]] = {}
    for k, seat in enumerate(_DD_SEATS):
        rows[seat] = tuple(_HEX.index(char) for char in text[5 * k : 5 * k + 5])
    return DDTable(tuple(rows[seat] for seat in Seat))


def _trump_letter(trump: Suit | None) -> str:
    return "NT" if trump is None else trump.letter


def write_pbn(boards: Iterable[Board]) -> str:
    """The boards as a PBN file (``\\n`` line ends, one blank line after each board)."""
    lines = ["% PBN 2.1", "% EXPORT", ""]
    for board in boards:
        lines.append(f'[Board "{board.number}"]')
        lines.append(f'[Dealer "{board.dealer}"]')
        lines.append(f'[Deal "{board.deal.to_pbn(board.dealer)}"]')
        lines.append(f'[Trump "{_trump_letter(board.trump)}"]')
        if board.deal.turned is not None:
            lines.append(f'[TurnedCard "{board.deal.turned}"]')
        if board.dd_tricks is not None:
            lines.append(f'[DoubleDummyTricks "{format_dd_tricks(board.dd_tricks)}"]')
        lines.append("")
    return "\n".join(lines)


def read_pbn(text: str, scheme: TrumpScheme = TrumpScheme.HDSC) -> list[Board]:
    """The boards of a PBN file, in file order (see the module contract for what is read and
    what is ignored)."""
    raws: list[_RawBoard] = []
    for name, value, line in _scan_tags(text):
        if name == "Board":
            raws.append(_RawBoard(line))
        if not raws or name not in _KNOWN:
            continue
        current = raws[-1]
        if name in current.tags:
            where = _where(current, line)
            raise PBNError(
                f"{where}: a second [{name}] tag (the first is on line {current.tags[name][1]})",
                code="pbn_second_tag_first_line",
                params={"where": str(where), "name": str(name), "tag": str(current.tags[name][1])},
            )
        current.tags[name] = (value, line)
    return [_build_board(raw, scheme) for raw in raws]


def _scan_tags(text: str) -> Iterator[tuple[str, str, int]]:
    """Each tag as ``(name, value, line)``, skipping comments, directives and section data."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    position, line, size = 0, 1, len(text)
    while position < size:
        char = text[position]
        if char == "\n":
            line += 1
            position += 1
        elif char == ";" or (char == "%" and (position == 0 or text[position - 1] == "\n")):
            end = text.find("\n", position)
            position = size if end < 0 else end
        elif char == "{":
            end = text.find("}", position)
            if end < 0:
                raise PBNError(
                    f"line {line}: a comment opened with '{{' is never closed",
                    code="pbn_line_comment_opened_never_closed",
                    params={"line": str(line)},
                )
            line += text.count("\n", position, end)
            position = end + 1
        elif char == "[":
            match = _TAG.match(text, position)
            if match is None:
                end = text.find("\n", position)
                snippet = text[position : size if end < 0 else end].strip()
                raise PBNError(
                    f'line {line}: malformed tag {snippet[:60]} (write [Name "value"])',
                    code="pbn_line_malformed_tag_name_value",
                    params={"line": str(line), "snippet": str(snippet[:60])},
                )
            yield match.group(1), match.group(2).replace('\\"', '"'), line
            position = match.end()
        else:
            position += 1


def _where(raw: _RawBoard, line: int) -> str:
    number = raw.tags.get("Board", ("?", 0))[0]
    return f"board {number}, line {line}"


def _build_board(raw: _RawBoard, scheme: TrumpScheme) -> Board:
    tags = raw.tags
    value, line = tags["Board"]
    if not value.strip().isdigit() or int(value) < 1:
        raise PBNError(
            f"line {line}: board number '{value}' is not a whole number from 1",
            code="pbn_line_board_number_whole_number",
            params={"line": str(line), "value": str(value)},
        )
    number = int(value)
    if "Deal" not in tags:
        raise PBNError(
            f"board {number}, line {raw.line}: the board has no [Deal] tag",
            code="pbn_board_line_board_deal_tag",
            params={"number": str(number), "line": str(raw.line)},
        )

    def read(name: str, parse: Callable[[str], T]) -> T:
        value, line = tags.get(name, tags["Deal"])
        try:
            return parse(value)
        except (DealError, CardError) as error:
            message = str(error).removeprefix(f"board {number}: ")
            raise PBNError(
                f"board {number}, line {line}: {message}",
                code="pbn_board_line",
                params={"number": str(number), "line": str(line), "ruling": error},
            ) from None

    turned = read("TurnedCard", Card.parse) if "TurnedCard" in tags else None
    deal = read("Deal", lambda text: parse_pbn_deal(text, turned))
    dealer = read("Dealer", Seat.parse) if "Dealer" in tags else board_dealer(number)
    if "Trump" in tags:
        trump = read("Trump", _parse_trump)
    else:
        trump = read("Deal", lambda _: board_trump(number, scheme, deal))
    dd = read("DoubleDummyTricks", parse_dd_tricks) if "DoubleDummyTricks" in tags else None
    return read("Deal", lambda _: Board(number, dealer, trump, deal, dd))


def _parse_trump(value: str) -> Suit | None:
    key = value.strip().upper()
    if key in ("NT", "N", "-", "NONE", "NO TRUMP", "NOTRUMP", ""):
        return None
    try:
        return Suit.parse(key)
    except CardError:
        raise PBNError(
            f"trump '{value}' is not S, H, D, C or NT",
            code="pbn_trump_s_h_d_c",
            params={"value": str(value)},
        ) from None
