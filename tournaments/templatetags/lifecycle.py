"""``{{ value|status_word }}``: a stored event status in the reader's language."""

from django import template

from tournaments.lifecycle import status_label

register = template.Library()


@register.filter
def status_word(value) -> str:
    return status_label(str(value or ""))
