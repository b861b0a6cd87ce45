r"""PBN tables: the column syntax of ``[ScoreTable]``, ``[TotalScoreTable]`` and the other
``…Table`` tags of PBN 2.1, written and read.

Contract:

* A table tag's value lists its columns, separated by ``;``: each is an optional sort
  order (``+`` or ``-``), a name, and optionally ``\`` with a minimum width and an
  alignment (``R`` right, ``L`` left; left unless told): ``"PairId_NS\2R;Names\40L"``.
* The rows follow the tag, one per line, the values separated by white space, each padded
  to its column's width (a longer value runs on). A value with white space or a quote in it
  is written as a ``"quoted string"`` (inner quotes and backslashes escaped with ``\``); a
  missing value is ``-``.
* :func:`format_table` writes the tag line and its rows; :func:`parse_columns` and
  :func:`parse_rows` read them back (``parse_rows(columns, format_table(…)[1:])`` gives
  the values written, as strings).

>>> columns = parse_columns(r"Rank\2R;Names\12L")
>>> lines = format_table("TotalScoreTable", columns, [[1, "Ann - Bob"], [2, None]])
>>> print("\n".join(lines))
[TotalScoreTable "Rank\2R;Names\12L"]
 1 "Ann - Bob"
 2 -
>>> parse_rows(columns, lines[1:])
[['1', 'Ann - Bob'], ['2', '-']]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.errors import PBNError

__all__ = ["Column", "format_table", "parse_columns", "parse_rows"]

_COLUMN = re.compile(r"^([+-]?)([A-Za-z0-9_]+)(?:\\(\d+)([LRlr]?))?$")
_VALUE = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')
_UNESCAPE = re.compile(r'\\(["\\])')


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a PBN table: its name, minimum width, alignment and sort order."""

    name: str
    width: int = 0
    align: str = "L"
    order: str = ""

    def spec(self) -> str:
        """The column as written in the tag: ``+Name\\4R``."""
        width = f"\\{self.width}{self.align}" if self.width else ""
        return f"{self.order}{self.name}{width}"


def parse_columns(value: str) -> list[Column]:
    """The columns of a table tag's value (``"PairId_NS\\2R;Names\\40L"``)."""
    columns = []
    for part in value.split(";"):
        match = _COLUMN.match(part.strip())
        if match is None:
            raise PBNError(
                f"'{part.strip()}' is not a table column (write Name\\4R)",
                code="pbn_table_column",
                params={"column": part.strip()},
            )
        order, name, width, align = match.groups()
        columns.append(Column(name, int(width or 0), (align or "L").upper(), order))
    return columns


def _cell(value: object) -> str:
    if value is None or value == "":
        return "-"
    text = str(value)
    if any(char.isspace() or char in '"\\;{}[' for char in text):
        text = " ".join(text.split()).replace("\\", "\\\\").replace('"', '\\"')
        return f'"{text}"'
    return text


def format_table(
    tag: str, columns: Sequence[Column], rows: Iterable[Sequence[object]]
) -> list[str]:
    """The table's tag line and one line per row (see the module contract)."""
    spec = ";".join(column.spec() for column in columns)
    lines = [f'[{tag} "{spec}"]']
    for row in rows:
        if len(row) != len(columns):
            raise PBNError(
                f"a {tag} row has {len(row)} values for {len(columns)} columns",
                code="pbn_table_row",
                params={"tag": tag},
            )
        cells = []
        for column, value in zip(columns, row, strict=True):
            text = _cell(value)
            cells.append(
                text.rjust(column.width) if column.align == "R" else text.ljust(column.width)
            )
        lines.append(" ".join(cells).rstrip())
    return lines


def parse_rows(columns: Sequence[Column], lines: Iterable[str]) -> list[list[str]]:
    """The values of each row line, as strings (quoted strings unquoted)."""
    rows = []
    for line in lines:
        if not line.strip():
            continue
        values = [
            m.group(2) if m.group(2) is not None else _UNESCAPE.sub(r"\1", m.group(1))
            for m in _VALUE.finditer(line)
        ]
        if len(values) != len(columns):
            raise PBNError(
                f"a table row has {len(values)} values for {len(columns)} columns: {line.strip()}",
                code="pbn_table_row_values",
                params={"line": line.strip()},
            )
        rows.append(values)
    return rows
