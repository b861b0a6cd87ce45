"""Who may call the clubs API, and which club a request is about.

Every route below ``/api/clubs/{club_slug}/`` is scoped to that club by :class:`ClubScoped`:
its querysets hold only the club's rows (another club's id answers 404), and writes are
decided by the :class:`clubs.permissions.ClubPermission` subclasses with the club from the
URL — the same predicates as the pages, never a role check of our own.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter
from rest_framework.permissions import SAFE_METHODS

from clubs.models import Club, RubberTable
from clubs.permissions import (
    Action,
    ClubPermission,
    IsClubSecretary,
    can,
    can_enter_at_table,
)

CLUB_SLUG = OpenApiParameter(
    "club_slug",
    str,
    OpenApiParameter.PATH,
    description="The club's short name, as in its address (e.g. `casino`).",
)


class ClubScoped:
    """Mixin for viewsets under ``clubs/{club_slug}/``: ``club_path`` is the queryset's
    lookup to the club (e.g. ``"club_night__club"``)."""

    club_path = "club"

    def get_club(self) -> Club:
        if not hasattr(self, "_club"):
            self._club = get_object_or_404(Club, slug=self.kwargs.get("club_slug"))
        return self._club

    def get_queryset(self):
        queryset = super().get_queryset()
        if getattr(self, "swagger_fake_view", False):  # schema generation: no club
            return queryset.none()
        return queryset.filter(**{self.club_path: self.get_club()})

    def get_permission_club(self, request) -> Club:
        return self.get_club()

    def get_object_club(self, obj) -> int:
        return self.get_club().pk

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if not getattr(self, "swagger_fake_view", False) and "club_slug" in self.kwargs:
            context["club"] = self.get_club()
        return context


class ClubSettingsPermission(IsClubSecretary):
    """Clubs: anyone reads; a club's secretaries change its settings; only site staff
    create a club (a club has no secretary before it exists)."""

    def has_permission(self, request, view) -> bool:
        if getattr(view, "action", None) == "create":
            return bool(request.user and request.user.is_staff)
        return super().has_permission(request, view)

    def has_object_permission(self, request, view, obj) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return can(request.user, self.write_action, obj.pk)


class SeatedAtTable(ClubPermission):
    """Writes at a table (entering a hand, starting the next rubber): a player seated at it,
    or an organiser or secretary of the club (:func:`clubs.permissions.can_enter_at_table`).
    The object is a table or a rubber."""

    write_action = Action.ENTER_SCORES

    def has_object_permission(self, request, view, obj) -> bool:
        if request.method in SAFE_METHODS:
            return True
        table = obj if isinstance(obj, RubberTable) else obj.table
        return can_enter_at_table(request.user, table)
