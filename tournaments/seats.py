"""Seats and cards: the seats N, E, S, W as each language writes them (Spanish N E S O,
Czech S V J Z), and which pair holds which cards at a table.

**Cards, not seats.** A result belongs to the cards: the pair holding the North–South cards
of a board and the pair holding its East–West cards. At a table the movement
arrow-switches (:attr:`tournaments.models.Seating.arrow_switch`) the boards are turned
round: the pair seated North–South by the table card plays the East–West cards, and the pair
seated East–West the North–South cards. :func:`pairs_by_cards` is the one place that says
so; results are stored by the cards held, the pair holding the North–South cards enters
the tricks it took and the pair holding the East–West cards confirms them.
"""

from __future__ import annotations

from typing import TypeVar

from django.utils.translation import pgettext_lazy

SEAT_LETTERS = {
    "N": pgettext_lazy("compass seat", "N"),
    "E": pgettext_lazy("compass seat", "E"),
    "S": pgettext_lazy("compass seat", "S"),
    "W": pgettext_lazy("compass seat", "W"),
}

T = TypeVar("T")


def seat_letter(seat: object) -> str:
    """The letter of a seat (``"W"`` or ``Seat.W``) in the active language."""
    key = str(getattr(seat, "name", seat))
    return str(SEAT_LETTERS.get(key, key))


def pairs_by_cards(ns: T, ew: T, *, arrow_switch: bool) -> tuple[T, T]:
    """``(holding the North–South cards, holding the East–West cards)`` at a table where
    ``ns`` sits North–South and ``ew`` East–West (entries, ids, pair numbers or member
    sets alike): after an arrow switch the pair sitting North–South holds the East–West
    cards."""
    return (ew, ns) if arrow_switch else (ns, ew)


def cards_side(seat_side: str, *, arrow_switch: bool) -> str:
    """The cards (``"NS"``/``"EW"``) a pair seated on ``seat_side`` holds ("" stays "")."""
    if not arrow_switch or seat_side not in ("NS", "EW"):
        return seat_side
    return "EW" if seat_side == "NS" else "NS"
