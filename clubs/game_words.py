"""The words of the game as the reader says them: seats, sides and suits.

Stored values stay as the rules write them (seats ``N E S W``, sides ``NS EW``, suits
``S H D C``); only what is shown changes with the language. In Spanish the seats are
N E S O and the sides NS EO; in Czech S V J Z and SJ VZ; the suits are picas, corazones,
diamantes, tréboles and piky, srdce, káry, kříže. Use these functions in Python (forms,
messages) and the filters of ``{% load game_words %}`` in templates.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext, pgettext

_SEAT_LETTERS = {
    "N": lambda: pgettext("seat letter", "N"),
    "E": lambda: pgettext("seat letter", "E"),
    "S": lambda: pgettext("seat letter", "S"),
    "W": lambda: pgettext("seat letter", "W"),
}
_SEAT_NAMES = {
    "N": lambda: gettext("North"),
    "E": lambda: gettext("East"),
    "S": lambda: gettext("South"),
    "W": lambda: gettext("West"),
}
_SIDES = {"NS": lambda: gettext("NS"), "EW": lambda: gettext("EW")}
_SIDE_NAMES = {"NS": lambda: gettext("North–South"), "EW": lambda: gettext("East–West")}
_SUIT_NAMES = {
    "S": lambda: pgettext("suit", "spades"),
    "H": lambda: pgettext("suit", "hearts"),
    "D": lambda: pgettext("suit", "diamonds"),
    "C": lambda: pgettext("suit", "clubs"),
}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_BY_NAME = {"SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C"}


def _key(value) -> str:
    """``"n"``, ``"N"``, ``Seat.NORTH``-like enums and ``"north"`` all give ``"N"``."""
    text = str(getattr(value, "value", value)).strip().upper() if value is not None else ""
    return {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}.get(text, text)


def _say(words: dict, key: str, value) -> str:
    """The word for ``key`` in the active language, or ``value`` as given."""
    word = words.get(key)
    if word:
        return word()
    return "" if value is None else str(value)


def seat_letter(seat) -> str:
    """``"W"`` → "W" (en), "O" (es), "Z" (cs); anything else is returned as given."""
    return _say(_SEAT_LETTERS, _key(seat), seat)


def seat_name(seat) -> str:
    """``"W"`` → "West", "Oeste", "Západ"."""
    return _say(_SEAT_NAMES, _key(seat), seat)


def side_letters(side) -> str:
    """``"EW"`` → "EW", "EO", "VZ"; ``"NS"`` → "NS", "NS", "SJ"."""
    return _say(_SIDES, _key(side), side)


def side_name(side) -> str:
    """``"EW"`` → "East–West", "Este–Oeste", "Východ–Západ"."""
    return _say(_SIDE_NAMES, _key(side), side)


def suit_key(suit) -> str:
    """The suit's letter (S H D C) from a letter, a name or an enum; "" for none."""
    key = str(getattr(suit, "value", suit) or "").strip().upper()
    return _SUIT_BY_NAME.get(key, key if key in SUIT_SYMBOLS else "")


def suit_name(suit) -> str:
    """``"C"`` → "clubs", "tréboles", "kříže"; anything else (no trumps) as given."""
    return _say(_SUIT_NAMES, suit_key(suit), suit)


def suit_symbol(suit) -> str:
    """``"C"`` → "♣"; anything else as given."""
    return SUIT_SYMBOLS.get(suit_key(suit), str(suit or ""))


def no_trumps() -> str:
    """ "no trumps", "sin triunfo", "bez trumfů"."""
    return gettext("no trumps")


def no_trumps_short() -> str:
    """ "NT", "ST", "BT"."""
    return pgettext("no trumps, short", "NT")


def amount(value, unit: str = "points") -> str:
    """A score with its unit and the right plural: "1 point", "60 žetonů", "-3 body".
    ``unit`` is ``"points"`` or ``"counters"`` (a Boston table's unit)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return str(value)
    count = abs(number)
    if unit == "counters":
        return ngettext("%(n)s counter", "%(n)s counters", count) % {"n": number}
    return ngettext("%(n)s point", "%(n)s points", count) % {"n": number}
