"""The vendors' side of the supply-trade ties (30 DCMR 1401.13, 1401.14): every current person of every vendor
(owners, officers, employees), handed to licensing's registry (licensing.organizations.supply_ties) by
VendorsConfig.ready. People with no share count too: 1401.13 bars a supplier's agents, servants and employees
whatever their share; Board staff also review them against the Board's accounts (1206.4(e))."""

from licensing.organizations.rules import SupplyOwner
from licensing.organizations.supply_ties import OwnerRecord
from vendors.models import Owner


def supply_owner_records() -> list[OwnerRecord]:
    owners = (Owner.objects.filter(is_current=True).select_related("vendor__organization")
              .order_by("vendor__organization__name", "full_name", "pk"))
    return [OwnerRecord(owner=SupplyOwner(name=owner.full_name, born=owner.date_of_birth,
                                          vendor=owner.vendor.organization.name, share=owner.share,
                                          through=owner.through, ref=owner.ref,
                                          role=owner.get_role_display().lower()),
                        organization_id=owner.vendor.organization_id, role=owner.get_role_display())
            for owner in owners]
