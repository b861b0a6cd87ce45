"""PBN files as bytes: what the standard asks of a file that declares ``% EXPORT``, and how
files written by other programs are read.

Contract:

* PBN 2.1 §2.2: the character set is ISO 8859-1 (Latin-1); §2.3 (the export format): every
  line ends with CR LF. :func:`pbn_export_bytes` turns a PBN text (``\\n`` line ends) into
  those bytes. A character Latin-1 has is written as it is (``Dvořák``'s ``á`` stays); one
  it has not is written as its base letter when it has one (``ř`` → ``r``, ``Š`` → ``S``,
  ``ł`` → ``l``), typographic quotes and dashes as their ASCII forms, anything else as
  ``?`` — so the file stays valid PBN and every reader of the standard opens it. The full
  names are in the UTF-8 files (USEBIO, CSV).
* :func:`pbn_decode` reads a file from another program: UTF-8 (with or without a
  byte-order mark), which many programs write today, else Latin-1 (the standard's).
"""

from __future__ import annotations

import unicodedata

__all__ = ["latin1_text", "pbn_decode", "pbn_export_bytes"]

#: Letters with no decomposition and the typographic marks, written in Latin-1.
_NEAREST = {
    "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ħ": "h", "Ħ": "H", "ı": "i", "ŀ": "l",
    "Ŀ": "L", "œ": "oe", "Œ": "OE", "ſ": "s", "‘": "'", "’": "'", "‚": ",", "“": '"',
    "”": '"', "„": '"', "–": "-", "—": "-", "…": "...", "€": "EUR",
}  # fmt: skip


def _latin1_char(char: str) -> str:
    if ord(char) < 256:
        return char
    if char in _NEAREST:
        return _NEAREST[char]
    base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    return base if base and all(ord(c) < 256 for c in base) else "?"


def latin1_text(text: str) -> str:
    """``text`` in the characters ISO 8859-1 has (see the module contract)."""
    return "".join(_latin1_char(c) for c in text)


def pbn_export_bytes(text: str) -> bytes:
    """A PBN text as the export format's bytes: Latin-1, every line ended by CR LF."""
    lines = text.replace("\r\n", "\n").split("\n")
    return "\r\n".join(latin1_text(line) for line in lines).encode("latin-1")


def pbn_decode(raw: bytes) -> str:
    """A PBN file's text: UTF-8 (a byte-order mark dropped), else Latin-1."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")
