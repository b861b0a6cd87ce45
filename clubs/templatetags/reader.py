"""Marks for the reader's own rows: ``{% load reader %}`` then
``{% if member.pk|is_reader:user %}`` — whether a member is the logged-in user's own (the
member id is read once per request, see :func:`clubs.permissions.member_id_of`)."""

from __future__ import annotations

from django import template

from clubs.permissions import member_id_of

register = template.Library()


@register.filter
def is_reader(member_id, user) -> bool:
    """Whether ``member_id`` is the member of the logged-in ``user``."""
    if member_id is None or user is None or not getattr(user, "is_authenticated", False):
        return False
    return member_id == member_id_of(user)
