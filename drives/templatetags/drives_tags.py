"""Template tags of the drive pages: prize names in the reader's language."""

from django import template

from drives.presenters import prize_name as _prize_name

register = template.Library()


@register.simple_tag
def prize_name(award) -> str:
    """``{% prize_name award %}`` — "Ladies, place 1"."""
    return _prize_name(award.spec, award.place)


@register.simple_tag(takes_context=True)
def prize_number_name(context, number: int) -> str:
    """``{% prize_number_name 3 %}`` — the name of prize 3 of the drive in ``state``."""
    state = context.get("state")
    awards = state.awards if state is not None else []
    award = next((a for a in awards if a.number == number), None)
    return _prize_name(award.spec, award.place) if award else str(number)
