"""Admin views of the vendor records, for board staff to look things up; writes go through the portal's
services (checks, audit events), and nothing is ever deleted."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin
from vendors.models import Owner, PriceList, PriceListItem, Supplier, Vendor


@admin.register(Vendor)
class VendorAdmin(ReadOnlyAdmin):
    list_display = ["organization", "business_type", "organized_in_dc", "years_in_business"]
    search_fields = ["organization__name"]
    list_select_related = ["organization"]


@admin.register(Owner)
class OwnerAdmin(ReadOnlyAdmin):
    list_display = ["full_name", "role", "vendor", "share", "is_current"]
    search_fields = ["full_name", "vendor__organization__name"]
    list_select_related = ["vendor__organization"]


@admin.register(Supplier)
class SupplierAdmin(ReadOnlyAdmin):
    list_display = ["name", "vendor", "is_current"]
    search_fields = ["name"]


class PriceListItemInline(admin.TabularInline):
    model = PriceListItem
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(PriceList)
class PriceListAdmin(ReadOnlyAdmin):
    list_display = ["vendor", "version", "application", "created_at"]
    inlines = [PriceListItemInline]
