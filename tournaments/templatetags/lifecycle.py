"""``{{ value|status_word }}``: a stored event status in the reader's language."""

from django import template

from tournaments.lifecycle import status_label
from tournaments.open_results import KIND_LABELS

register = template.Library()


@register.filter
def status_word(value) -> str:
    return status_label(str(value or ""))


@register.filter
def open_kind(value) -> str:
    """A kind of open result (missing, unconfirmed …) in the reader's language."""
    label = KIND_LABELS.get(str(value))
    return str(label) if label is not None else str(value)
