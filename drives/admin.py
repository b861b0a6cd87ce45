"""Site administrators see drives, their players, entries, corrections and cuts (read and
search; the pages and the API are where drives are run)."""

from django.contrib import admin

from drives.models import Drive, DriveCut, DriveEntry, DriveEntryCorrection, DrivePlayer


@admin.register(Drive)
class DriveAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "club", "status", "tables", "current_hand"]
    list_filter = ["status"]
    search_fields = ["name"]
    list_select_related = ["club"]


@admin.register(DrivePlayer)
class DrivePlayerAdmin(admin.ModelAdmin):
    list_display = ["drive", "number", "name", "role", "first_round", "last_round"]
    search_fields = ["name"]
    list_select_related = ["drive"]


@admin.register(DriveEntry)
class DriveEntryAdmin(admin.ModelAdmin):
    list_display = ["drive", "hand", "table", "tricks_a", "tricks_b", "via", "entered_at"]
    list_select_related = ["drive"]


@admin.register(DriveEntryCorrection)
class DriveEntryCorrectionAdmin(admin.ModelAdmin):
    list_display = ["entry", "corrected_by", "corrected_at", "reason"]


@admin.register(DriveCut)
class DriveCutAdmin(admin.ModelAdmin):
    list_display = ["drive", "prize", "winner", "cut_by", "cut_at"]
