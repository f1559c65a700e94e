"""Who may invite to an organization, and in which roles: pure decisions, no writes."""

from django.utils.translation import gettext_lazy as _

from licensing.models import LicenseeKind, Organization, Role

# An organization's officers invite; a vendor's representatives invite more representatives (30 DCMR 1207.2).
INVITER_ROLE = {LicenseeKind.ORGANIZATION: Role.OFFICER, LicenseeKind.VENDOR: Role.VENDOR_REPRESENTATIVE}


def inviter_role(organization: Organization) -> Role:
    return INVITER_ROLE[LicenseeKind(organization.kind)]


def invitable_roles(organization: Organization) -> list[Role]:
    """A vendor has representatives only, and only a vendor has them (as membership_grant decides)."""
    if organization.kind == LicenseeKind.VENDOR:
        return [Role.VENDOR_REPRESENTATIVE]
    return [role for role in Role if role != Role.VENDOR_REPRESENTATIVE]


def inviter_refusal(organization: Organization) -> str:
    if organization.kind == LicenseeKind.VENDOR:
        return _("Only the vendor's representatives invite people to it.")
    return _("Only the organization's officers invite people to it.")
