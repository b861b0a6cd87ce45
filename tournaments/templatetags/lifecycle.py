"""``{{ value|status_word }}``: a stored event status in the reader's language."""

from django import template

from tournaments.lifecycle import status_label
from tournaments.open_results import KIND_LABELS
from tournaments.visibility import is_director

register = template.Library()


@register.filter
def status_word(value) -> str:
    return status_label(str(value or ""))


@register.filter
def open_kind(value) -> str:
    """A kind of open result (missing, unconfirmed …) in the reader's language."""
    label = KIND_LABELS.get(str(value))
    return str(label) if label is not None else str(value)


@register.simple_tag(takes_context=True)
def directs(context, tournament) -> bool:
    """``{% directs tournament as can_direct %}``: whether the page's reader directs the
    event (:func:`tournaments.visibility.is_director`, kept for the request): only they
    are shown a link to its control room."""
    request = context.get("request")
    user = getattr(request, "user", None) or context.get("user")
    return is_director(user, tournament) if tournament is not None else False
