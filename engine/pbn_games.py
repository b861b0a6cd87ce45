"""PBN games: a PBN file cut into its games, each a set of tags with the line they are on.

Contract:

* :func:`read_games` reads what PBN producers write: ``;`` comments to the end of the line,
  ``{…}`` comments (over several lines too), ``%`` directive lines, CRLF or CR line ends,
  section data after a tag (auction, play, tables, with ``"quoted strings"`` that may hold
  ``;``, ``{`` or ``[``), and every tag, known or not.
* **Where a game starts.** After a blank line (PBN separates games so), and at a
  ``[Board]`` tag in a game that already has a board or a deal (files that leave the blank
  lines out). A tag Tenace reads (deal, dealer, result, players, table …) repeated within
  one game is an error; other tags may repeat (``[Note]``), the first is kept.
* **Copied values.** A tag whose value is ``#`` takes the value the previous game gave it
  (PBN 2.1 §3.5); with no previous value it is empty.
* **Board numbers** (:attr:`Game.number`): the game's ``[Board]``; without one, a game that
  has no ``[Deal]``, or the same deal as the game before it, is another table's play of the
  board before it; any other game without ``[Board]`` is named by its position, the board
  after the one before it (the first board of a file is board 1). Games with neither a deal
  nor a board before them (a file's header: event, site, date) are left out.
* Errors are :class:`~engine.errors.PBNError` naming the line: ``"line 4: malformed tag …"``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from engine.errors import PBNError

__all__ = ["Game", "read_games"]

#: Tags Tenace reads, which a game has at most once; others (``[Note]`` …) may repeat.
_ONCE = frozenset(
    [
        "Board",
        "Deal",
        "Dealer",
        "Trump",
        "TurnedCard",
        "DoubleDummyTricks",
        "Declarer",
        "Contract",
        "Result",
        "North",
        "East",
        "South",
        "West",
        "Table",
        "Round",
        "Section",
        "PairNS",
        "PairEW",
    ]
)
_UNESCAPE = re.compile(r'\\(["\\])')
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\\n]|\\.)*)"\s*\]')


@dataclass
class Game:
    """One game of a PBN file: its tags (name → value) and the line of each tag, the line it
    starts on, and the board number it plays (see the module contract)."""

    line: int
    tags: dict[str, str] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    #: The rows of each table tag (``ScoreTable`` …), as the lines written.
    tables: dict[str, list[str]] = field(default_factory=dict)
    number: int = 0
    #: The line of the game whose deal this game plays (itself when it has a [Deal]).
    deal_line: int = 0

    def value(self, name: str) -> str:
        """The tag's value, stripped ("" when the game has no such tag)."""
        return self.tags.get(name, "").strip()

    def where(self, name: str | None = None) -> str:
        """``"board 3, line 17"``: the board and the line of ``name`` (or of the game)."""
        line = self.lines.get(name, self.line) if name else self.line
        return f"board {self.number}, line {line}" if self.number else f"line {line}"


def _events(text: str) -> Iterator[tuple[str, str, str, int]]:
    """``("tag", name, value, line)`` for each tag and ``("blank", "", "", line)`` for each
    blank line, skipping comments, directives and section data."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    position, line, size, content = 0, 1, len(text), False
    while position < size:
        char = text[position]
        if char == "\n":
            if not content:
                yield "blank", "", "", line
            line, position, content = line + 1, position + 1, False
            continue
        if char in " \t":
            position += 1
            continue
        content = True
        if char == ";" or (char == "%" and (position == 0 or text[position - 1] == "\n")):
            end = text.find("\n", position)
            position = size if end < 0 else end
        elif char == "{":
            end = text.find("}", position)
            if end < 0:
                raise PBNError(
                    f"line {line}: a comment opened with '{{' is never closed",
                    code="pbn_comment_open",
                    params={"line": line},
                )
            line += text.count("\n", position, end)
            position = end + 1
        elif char == '"':
            end = text.find('"', position + 1)
            newline = text.find("\n", position)
            stop = size if newline < 0 else newline
            position = end + 1 if 0 <= end < stop else stop
        elif char == "[":
            match = _TAG.match(text, position)
            if match is None:
                end = text.find("\n", position)
                snippet = text[position : size if end < 0 else end].strip()[:60]
                raise PBNError(
                    f'line {line}: malformed tag {snippet} (write [Name "value"])',
                    code="pbn_malformed_tag",
                    params={"line": line, "tag": snippet},
                )
            name = match.group(1)
            yield "tag", name, _UNESCAPE.sub(r"\1", match.group(2)), line
            position = match.end()
            if name.endswith("Table") and name != "Table":
                rows, position, line = _table_rows(text, position, line)
                content = False
                yield "rows", name, "\n".join(rows), line
        else:
            position += 1
    if not content:
        yield "blank", "", "", line


def _table_rows(text: str, position: int, line: int) -> tuple[list[str], int, int]:
    """The lines after a table tag up to a blank line, a tag or a directive: ``(rows, the
    position of the line that ends them, its number)``."""
    rows: list[str] = []
    end = text.find("\n", position)
    while end >= 0:
        position, line = end + 1, line + 1
        end = text.find("\n", position)
        row = text[position : len(text) if end < 0 else end]
        if not row.strip() or row.lstrip()[:1] in ("[", "%"):
            break
        rows.append(row)
    else:
        position = len(text)
    return rows, position, line


def _raw_games(text: str) -> list[Game]:
    """The file cut into games (tags not yet resolved)."""
    games: list[Game] = []
    blank = True
    for kind, name, value, line in _events(text):
        if kind == "blank":
            blank = True
            continue
        if kind == "rows":
            games[-1].tables[name] = value.splitlines()
            continue
        current = games[-1] if games else None
        if (
            current is None
            or blank
            or (name == "Board" and ("Board" in current.tags or "Deal" in current.tags))
        ):
            current = Game(line)
            games.append(current)
        elif name in current.tags and name not in _ONCE:
            continue  # [Note] and other tags a game may repeat: the first is kept
        elif name in current.tags:
            raise PBNError(
                f"{_where(current, line)}: a second [{name}] tag "
                f"(the first is on line {current.lines[name]})",
                code="pbn_tag_twice",
                params={"line": line, "tag": name, "first": current.lines[name]},
            )
        current.tags[name], current.lines[name] = value, line
        blank = False
    return games


def _where(game: Game, line: int) -> str:
    number = game.tags.get("Board")
    return f"board {number}, line {line}" if number else f"line {line}"


def _number(game: Game) -> int:
    value = game.value("Board")
    if not (value.isascii() and value.isdigit()) or len(value) > 6 or int(value) < 1:
        line = game.lines["Board"]
        raise PBNError(
            f"line {line}: board number '{value}' is not a whole number from 1",
            code="pbn_board_number",
            params={"line": line, "value": value},
        )
    return int(value)


def read_games(text: str) -> list[Game]:
    """The games of a PBN file with their board numbers (see the module contract)."""
    games: list[Game] = []
    previous: dict[str, str] = {}
    seen: dict[int, Game] = {}
    for game in _raw_games(text):
        for name, value in game.tags.items():
            if value.strip() == "#":
                game.tags[name] = previous.get(name, "")
        previous.update(game.tags)
        before = games[-1] if games else None
        if "Board" in game.tags:
            game.number = _number(game)
        elif before is not None and (
            "Deal" not in game.tags or _same_deal(game.value("Deal"), before.value("Deal"))
        ):
            game.number = before.number
        elif "Deal" in game.tags:
            game.number = before.number + 1 if before is not None else 1
        else:
            continue  # the file's header
        if "Deal" in game.tags:
            game.deal_line = game.lines["Deal"]
        elif game.number in seen:
            game.deal_line = seen[game.number].deal_line
        if game.deal_line:
            seen.setdefault(game.number, game)
        games.append(game)
    return games


def _same_deal(first: str, second: str) -> bool:
    return " ".join(first.split()).upper() == " ".join(second.split()).upper()
