from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.admin import ReadOnlyAdmin
from licensing.fees.forms import BondScheduleRowForm, FeeScheduleRowForm
from licensing.fees.services import FIGURE_FIELDS, schedule_row_save
from licensing.models import AuditEvent, BondScheduleRow, FeeScheduleRow, Membership, Organization, User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    """Superusers only, like the memberships inline below (licensing.admin_site.SUPERUSER_ONLY): Board
    administrators manage Board accounts through the audited portal services (licensing.accounts)."""

    ordering = ["email"]
    list_display = ["email", "full_name", "is_active", "is_staff"]
    search_fields = ["email", "full_name"]
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        (_("Person"), {"fields": ("full_name", "phone")}),
        (_("Permissions"), {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")}),
        (_("Dates"), {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = ((None, {"classes": ("wide",), "fields": ("email", "full_name", "password1", "password2")}),)

    def has_delete_permission(self, request, obj=None):
        return False  # deactivate instead: users are the actors of audit events


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Organization)
class OrganizationAdmin(admin.ModelAdmin):
    list_display = ["name", "organization_type", "is_senior_group", "city"]
    list_filter = ["organization_type", "is_senior_group"]
    search_fields = ["name"]
    inlines = [MembershipInline]

    def has_delete_permission(self, request, obj=None):
        return False  # regulated record: never hard-deleted


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAdmin):
    """Read-only: the admin can look at the trail and never change it."""

    list_display = ["created_at", "event_type", "actor", "organization", "object_type", "object_id", "request_id"]
    list_filter = ["event_type"]
    search_fields = ["event_type", "object_id", "request_id", "actor__email"]
    date_hierarchy = "created_at"
    list_select_related = ["actor", "organization"]


# --- Fee and bond schedules (30 DCMR 1204, 1205, 1414): board data, effective-dated, never deleted ---
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
