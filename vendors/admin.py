from django.contrib import admin

from vendors.models import Vendor, VendorMembership


class VendorMembershipInline(admin.TabularInline):
    model = VendorMembership
    extra = 0
    autocomplete_fields = ["user"]

    def has_delete_permission(self, request, obj=None):
        return False  # ended links are kept (is_active), never deleted


@admin.register(Vendor)
class VendorAdmin(admin.ModelAdmin):
    list_display = ["name", "business_type", "city", "state"]
    search_fields = ["name"]
    inlines = [VendorMembershipInline]

    def has_delete_permission(self, request, obj=None):
        return False  # regulated record: never hard-deleted
