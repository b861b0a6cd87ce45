"""Admin: results and their versions are read-only here (changes go through the services,
which keep the version history)."""

from django.contrib import admin

from scoring.models import (
    Result,
    ResultVersion,
    SectionScoring,
    StandingsSnapshot,
    TableDevice,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Result)
class ResultAdmin(ReadOnlyAdmin):
    list_display = ("section", "board_number", "round", "table", "kind", "ns_tricks", "status")
    list_filter = ("status", "kind")


@admin.register(ResultVersion)
class ResultVersionAdmin(ReadOnlyAdmin):
    list_display = ("result", "number", "action", "by", "at")


@admin.register(StandingsSnapshot)
class StandingsSnapshotAdmin(ReadOnlyAdmin):
    list_display = ("section", "version", "created")


@admin.register(SectionScoring)
class SectionScoringAdmin(ReadOnlyAdmin):
    list_display = ("section", "published_version", "stale")


@admin.register(TableDevice)
class TableDeviceAdmin(ReadOnlyAdmin):
    """Made and revoked on the director's page (the key is shown only there, once)."""

    list_display = ("section", "table", "created", "created_by", "last_used", "revoked")
    exclude = ("key_hash", "code_hash")
