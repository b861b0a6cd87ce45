from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from clubs.models import (
    ApiToken,
    Club,
    ClubNight,
    HandCorrection,
    Invitation,
    Member,
    Membership,
    RoleChange,
    Season,
    User,
)

admin.site.register(User, UserAdmin)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "rule_profile", "language"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ["name", "email", "user", "erased"]
    search_fields = ["name", "email"]
    inlines = [MembershipInline]


admin.site.register(Season)


@admin.register(ClubNight)
class ClubNightAdmin(admin.ModelAdmin):
    list_display = ["club", "date", "rule_profile"]
    list_filter = ["club"]


@admin.register(HandCorrection)
class HandCorrectionAdmin(admin.ModelAdmin):
    """Read-only: corrections are made through the service, which re-scores the rubber."""

    list_display = ["hand", "corrected_by", "corrected_at", "reason"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class _ReadOnly(admin.ModelAdmin):
    """Kept records: made and changed through the club's pages and services only."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ApiToken)
class ApiTokenAdmin(_ReadOnly):
    list_display = ["user", "name", "prefix", "created", "expires", "last_used", "revoked"]
    search_fields = ["user__username", "name", "prefix"]


@admin.register(Invitation)
class InvitationAdmin(_ReadOnly):
    list_display = ["club", "member", "channel", "created", "expires", "accepted", "withdrawn"]
    list_filter = ["club", "channel"]


@admin.register(RoleChange)
class RoleChangeAdmin(_ReadOnly):
    list_display = ["club", "member", "action", "changed_by", "changed_at"]
    list_filter = ["club", "action"]

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
