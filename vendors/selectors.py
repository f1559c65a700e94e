"""The vendors app's scope: a vendor's representatives see their own vendor, the Board sees every vendor,
everybody else none (organizations see the public registry only, vendors/registry/)."""

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from licensing.models import Role, User
from licensing.selectors import organization_ids_with_roles
from vendors.models import Vendor

REPRESENTATIVE_ROLES = frozenset({Role.VENDOR_REPRESENTATIVE})


def vendor_list(*, user: User) -> QuerySet[Vendor]:
    if not getattr(user, "is_authenticated", False):
        return Vendor.objects.none()
    vendors = Vendor.objects.select_related("organization")
    if user.is_board:
        return vendors.all()
    return vendors.filter(organization_id__in=organization_ids_with_roles(user=user, roles=REPRESENTATIVE_ROLES))


def vendor_get(*, user: User, pk: int) -> Vendor:
    return get_object_or_404(vendor_list(user=user), pk=pk)


def represents(*, user: User, vendor: Vendor) -> bool:
    """Whether the user files for this vendor (the Board reads every vendor but files for none)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return organization_ids_with_roles(user=user, roles=REPRESENTATIVE_ROLES).filter(
        organization_id=vendor.organization_id).exists()
