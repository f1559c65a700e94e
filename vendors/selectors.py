"""The vendors app's scope: a vendor's representatives see their own vendor, the Board sees every vendor,
everybody else none (organizations see the public registry only, vendors/registry/).

Every read of a vendor's records (owners, suppliers, applications, licenses, police clearance reports) starts
from `vendor_get`, so a record of a vendor outside the caller's scope is a 404, never a 403: its existence is
not disclosed. Writing needs more: being one of the vendor's representatives (`vendor_get_for_filing` for a
request, `require_representative` for every service that writes); the Board reads but files for no vendor (a 403)."""

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from licensing.applications.selectors import application_list
from licensing.licenses.selectors import license_list
from licensing.models import Application, Document, License, Role, User
from licensing.models.choices import DocumentKind, LicenseType
from licensing.organizations.selectors import document_list
from licensing.selectors import organization_ids_with_roles
from vendors.models import Owner, OwnerRole, Supplier, Vendor
from vendors.rules import clearance_jurisdictions

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


def require_representative(actor: User, vendor: Vendor) -> None:
    """Every write of a vendor's records (its profile, suppliers, owners, price lists, applications) is filed by
    one of its representatives."""
    if not represents(user=actor, vendor=vendor):
        raise PermissionDenied(_("Only the vendor's representatives may file for it."))


def vendor_get_for_filing(*, user: User, pk: int) -> Vendor:
    """The vendor, for a write: 404 if the user may not see it, 403 if they may not file for it."""
    vendor = vendor_get(user=user, pk=pk)
    if not represents(user=user, vendor=vendor):
        raise PermissionDenied
    return vendor


def owner_list(*, vendor: Vendor, current: bool | None = True) -> QuerySet[Owner]:
    """The vendor's owners and officers (1207.2(d)) and employees (1401.13); `vendor` comes from vendor_get, which
    scoped it."""
    owners = Owner.objects.filter(vendor=vendor).select_related(
        "police_clearance", "residence_clearance", "business_clearance", "vendor__organization")
    if current is not None:
        owners = owners.filter(is_current=current)
    return owners.order_by("-is_current", "full_name", "pk")


def owner_clearances_needed(owner: Owner) -> list[str]:
    """The police clearance reports 1207.2(l) asks of the person ("dc", "residence", "business"): none of an
    employee without a share, since (d) and (l) name owners and officers."""
    if owner.role == OwnerRole.EMPLOYEE and owner.share <= 0:
        return []
    return clearance_jurisdictions(residence=owner.state.upper(),
                                   business=(owner.vendor.organization.state or "").upper())


def owner_get(*, vendor: Vendor, pk: int) -> Owner:
    return get_object_or_404(owner_list(vendor=vendor, current=None), pk=pk)


def supplier_list(*, vendor: Vendor, current: bool | None = True) -> QuerySet[Supplier]:
    suppliers = Supplier.objects.filter(vendor=vendor)
    if current is not None:
        suppliers = suppliers.filter(is_current=current)
    return suppliers.order_by("-is_current", "name", "pk")


def supplier_get(*, vendor: Vendor, pk: int) -> Supplier:
    return get_object_or_404(supplier_list(vendor=vendor, current=None), pk=pk)


def vendor_application_list(*, user: User, vendor: Vendor) -> QuerySet[Application]:
    """The vendor's license applications, newest first, in licensing's application scope."""
    return (application_list(user=user).filter(organization_id=vendor.organization_id,
                                               license_type=LicenseType.VENDOR)
            .order_by("-created_at", "-pk"))


def vendor_application_get(*, user: User, vendor: Vendor, pk: int) -> Application:
    return get_object_or_404(vendor_application_list(user=user, vendor=vendor), pk=pk)


def vendor_application_find(*, user: User, pk: int) -> tuple[Vendor, Application]:
    """A vendor application by its id alone (the guided form's address): its vendor, in the caller's scope."""
    application = get_object_or_404(application_list(user=user).filter(license_type=LicenseType.VENDOR), pk=pk)
    vendor = vendor_get(user=user, pk=get_object_or_404(Vendor, organization_id=application.organization_id).pk)
    return vendor, application


def vendor_license_list(*, user: User, vendor: Vendor) -> QuerySet[License]:
    return license_list(user=user).filter(organization_id=vendor.organization_id, license_type=LicenseType.VENDOR)


def police_clearance_list(*, user: User, vendor: Vendor) -> QuerySet[Document]:
    """The police clearance reports uploaded for the vendor (1207.2(l)), in licensing's document scope."""
    return document_list(user=user, organization=vendor.organization).filter(kind=DocumentKind.POLICE_CLEARANCE)
