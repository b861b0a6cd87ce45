from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from clubs.models import Club, Member, Membership, Season, User

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
