"""The seats N, E, S, W as each language writes them (Spanish N E S O, Czech S V J Z)."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

SEAT_LETTERS = {
    "N": pgettext_lazy("compass seat", "N"),
    "E": pgettext_lazy("compass seat", "E"),
    "S": pgettext_lazy("compass seat", "S"),
    "W": pgettext_lazy("compass seat", "W"),
}


def seat_letter(seat: object) -> str:
    """The letter of a seat (``"W"`` or ``Seat.W``) in the active language."""
    key = str(getattr(seat, "name", seat))
    return str(SEAT_LETTERS.get(key, key))
