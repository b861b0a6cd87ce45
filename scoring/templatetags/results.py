"""Template filters of the results pages."""

from __future__ import annotations

from django import template

from tournaments.seats import seat_letter

register = template.Library()


@register.filter
def seat(value) -> str:
    """A seat (``"W"``) as the active language writes it (``O`` in Spanish, ``Z`` in Czech)."""
    return seat_letter(value)
