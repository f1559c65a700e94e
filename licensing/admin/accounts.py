"""Admin of who can act for whom: users and organizations with their memberships, for superusers."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from licensing.models import Membership, Organization, User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    """Superusers only, like the memberships inline below (licensing.admin.site.SUPERUSER_ONLY): Board
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
