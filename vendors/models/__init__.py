from vendors.models.owners import Owner, OwnerRole
from vendors.models.price_lists import PriceList, PriceListItem, SupplyCategory
from vendors.models.vendors import BusinessType, Supplier, Vendor

__all__ = ["BusinessType", "Owner", "OwnerRole", "PriceList", "PriceListItem", "Supplier", "SupplyCategory",
           "Vendor"]
