from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from clubs.models import Club, ClubNight, HandCorrection, Member, Membership, Season, User

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
    list_display = ["name", "email", "user"]
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
