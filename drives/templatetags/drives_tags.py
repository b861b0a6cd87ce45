"""Template tags of the drive pages: prize names in the reader's language, card codes."""

from django import template

from drives.codes import card_code as _card_code
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


@register.filter
def card_code(player) -> str:
    """``{{ player|card_code }}`` — the code on the player's score card (the MC's pages only:
    it lets a table's phone enter a hand where that player sits)."""
    return _card_code(drive_id=player.drive_id, number=player.number)
