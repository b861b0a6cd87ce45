"""Admin: Boston tables with their seats; hands and corrections read-only (they are entered
and corrected through boston.services, which settles them with the engine)."""

from django.contrib import admin

from boston.models import BostonHand, BostonHandCorrection, BostonSeat, BostonTable


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class BostonSeatInline(admin.TabularInline):
    model = BostonSeat
    extra = 0
    max_num = 4


@admin.register(BostonTable)
class BostonTableAdmin(admin.ModelAdmin):
    list_display = ["club_night", "number", "variant", "payment_table", "unit"]
    list_filter = ["variant", "club_night__club"]
    inlines = [BostonSeatInline]


@admin.register(BostonHand)
class BostonHandAdmin(ReadOnlyAdmin):
    list_display = ["table", "number", "dealer", "level", "declarer", "tricks", "made"]
    list_filter = ["table__club_night__club"]


@admin.register(BostonHandCorrection)
class BostonHandCorrectionAdmin(ReadOnlyAdmin):
    list_display = ["hand", "corrected_by", "corrected_at", "reason"]
