"""Template filters for the words of the game (see :mod:`clubs.game_words`).

``{% load game_words %}``, then ``{{ hand.dealer|seat }}`` (N E S O / S V J Z),
``{{ seat|seat_name }}`` (Oeste / Západ), ``{{ "EW"|side }}`` (EO / VZ),
``{{ side|side_name }}``, ``{{ trump|suit_name }}`` (tréboles / kříže), ``{{ trump|suit_symbol }}``
``{{ trump|suit }}`` (the symbol, coloured, named for screen readers) and ``{{ trump|trump }}``
(the symbol and the name; "no trumps" in the reader's language); ``{{ total|amount:"counters" }}``
("60 žetonů", with the language's plural forms).
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html

from clubs import game_words

register = template.Library()
register.filter("seat", game_words.seat_letter)
register.filter("seat_name", game_words.seat_name)
register.filter("side", game_words.side_letters)
register.filter("side_name", game_words.side_name)
register.filter("suit_name", game_words.suit_name)
register.filter("suit_symbol", game_words.suit_symbol)
register.filter("amount", game_words.amount)


@register.filter
def suit(value) -> str:
    """``<span class="suit suit-H" title="corazones">♥</span>`` (the name for screen readers);
    no trumps (``""``, ``"NT"``) is "NT", "ST", "BT"."""
    key = game_words.suit_key(value)
    if not key:
        return format_html("{}", game_words.no_trumps_short() if _no_trumps(value) else value)
    name = game_words.suit_name(key)
    return format_html(
        '<span class="suit suit-{}" title="{}" role="img" aria-label="{}">{}</span>',
        key,
        name,
        name,
        game_words.SUIT_SYMBOLS[key],
    )


@register.filter
def trump(value) -> str:
    """The trump of a deal in full: "♥ corazones", or "sin triunfo" for no trumps."""
    if not game_words.suit_key(value):
        return game_words.no_trumps() if _no_trumps(value) else format_html("{}", value)
    return format_html("{} {}", suit(value), game_words.suit_name(value))


def _no_trumps(value) -> bool:
    return str(getattr(value, "value", value) or "").strip().upper() in ("", "NT", "NONE")


@register.filter
def seat_or_side(value) -> str:
    """A pair's side ("NS" → "NS", "EO", "SJ") or a player's seat ("W" → "W", "O", "Z"):
    the place an entry holds at a table, in the reader's letters."""
    key = str(getattr(value, "value", value) or "").strip().upper()
    return game_words.side_letters(key) if len(key) == 2 else game_words.seat_letter(key)


@register.filter
def seat_or_side_name(value) -> str:
    """ "NS" → "North–South", "W" → "West", in the reader's language."""
    key = str(getattr(value, "value", value) or "").strip().upper()
    return game_words.side_name(key) if len(key) == 2 else game_words.seat_name(key)
