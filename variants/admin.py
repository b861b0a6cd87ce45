"""Admin: tables with their seats; hands and corrections read-only (they are entered and
corrected through variants.services, which judges them with the engine)."""

from django.contrib import admin

from variants.models import VariantHand, VariantHandCorrection, VariantSeat, VariantTable


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class VariantSeatInline(admin.TabularInline):
    model = VariantSeat
    extra = 0


@admin.register(VariantTable)
class VariantTableAdmin(admin.ModelAdmin):
    list_display = ["club_night", "number", "game", "preset"]
    list_filter = ["game", "club_night__club"]
    inlines = [VariantSeatInline]


@admin.register(VariantHand)
class VariantHandAdmin(ReadOnlyAdmin):
    list_display = ["table", "number", "dealer", "contract", "made"]


@admin.register(VariantHandCorrection)
class VariantHandCorrectionAdmin(ReadOnlyAdmin):
    list_display = ["hand", "corrected_by", "corrected_at", "reason"]
