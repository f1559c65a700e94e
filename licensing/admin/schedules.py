"""Admin of the fee and bond schedules (30 DCMR 1204, 1205, 1414): board data, effective-dated, never deleted."""

from django.contrib import admin
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from licensing.fees.forms import BondScheduleRowForm, FeeScheduleRowForm
from licensing.fees.services import FIGURE_FIELDS, schedule_row_save
from licensing.models import BondScheduleRow, FeeScheduleRow

SCHEDULE_HELP = _(
    "A row applies from 'effective from' up to the day before 'effective until' (blank: open-ended). A row naming "
    "the period or the senior group wins over a blank one; among equal rows the newest wins. To change a figure, "
    "set 'effective until' on the current row and add a new row from that date: rows that have taken effect keep "
    "their figures and are never deleted. Cite the regulation or Board decision in 'regulation'."
)


class ScheduleRowAdmin(admin.ModelAdmin):
    list_filter = ["license_type", "license_class", "period", "senior"]
    search_fields = ["rule", "notes"]

    def get_readonly_fields(self, request, obj=None):
        today = timezone.localdate()
        readonly = []
        if obj is not None and obj.effective_from <= today:
            readonly = [name for name in FIGURE_FIELDS if hasattr(obj, name)]
        if obj is not None and obj.effective_to is not None and obj.effective_to <= today:
            readonly.append("effective_to")
        return readonly

    def save_model(self, request, obj, form, change):
        schedule_row_save(row=obj, actor=request.user)

    def has_delete_permission(self, request, obj=None):
        return False  # end a row with 'effective until' instead


@admin.register(FeeScheduleRow)
class FeeScheduleRowAdmin(ScheduleRowAdmin):
    form = FeeScheduleRowForm
    list_display = ["license_type", "license_class", "kind", "period", "senior", "amount", "effective_from",
                    "effective_to", "rule"]
    list_filter = ["license_type", "kind", *ScheduleRowAdmin.list_filter]
    fieldsets = ((None, {"description": SCHEDULE_HELP, "fields": (
        "license_type", "license_class", "kind", "period", "senior", "amount", "effective_from", "effective_to",
        "rule", "notes")}),)


@admin.register(BondScheduleRow)
class BondScheduleRowAdmin(ScheduleRowAdmin):
    form = BondScheduleRowForm
    list_display = ["license_type", "license_class", "period", "senior", "amount", "effective_from", "effective_to",
                    "rule"]
    fieldsets = ((None, {"description": SCHEDULE_HELP, "fields": (
        "license_type", "license_class", "period", "senior", "amount", "effective_from", "effective_to", "rule",
        "notes")}),)
