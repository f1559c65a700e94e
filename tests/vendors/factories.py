import datetime as dt
from decimal import Decimal

import factory

from licensing.models import LicenseeKind, Role
from tests.licensing.factories import MembershipFactory, OrganizationFactory, UserFactory
from vendors.models import BusinessType, Owner, OwnerRole, Supplier, Vendor


class VendorFactory(factory.django.DjangoModelFactory):
    """A vendor licensee: a licensing Organization of kind vendor with its vendor record."""

    class Meta:
        model = Vendor

    organization = factory.SubFactory(
        OrganizationFactory, kind=LicenseeKind.VENDOR, organization_type="",
        name=factory.Sequence(lambda n: f"Bingo Supply {n} LLC"), street_address="10 Industrial Way",
        city="Baltimore", state="MD", postal_code="21201")
    business_type = BusinessType.LLC
    established_on = dt.date(2004, 5, 1)
    established_place = "Baltimore, Maryland"
    years_in_business = 20
    organized_in_dc = False
    resident_agent_name = "DC Registered Agents Inc."
    resident_agent_address = "1 Thomas Circle NW, Washington, DC 20005"


class VendorRepresentativeFactory(MembershipFactory):
    """A representative's membership in a vendor (`.organization.vendor` is the vendor record)."""

    user = factory.SubFactory(UserFactory)
    organization = factory.LazyFunction(lambda: VendorFactory().organization)
    role = Role.VENDOR_REPRESENTATIVE


class OwnerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Owner

    vendor = factory.SubFactory(VendorFactory)
    role = OwnerRole.OFFICER
    full_name = factory.Sequence(lambda n: f"Owner Person {n}")
    street_address = "12 Pratt Street"
    city = "Baltimore"
    state = "MD"
    postal_code = "21202"
    date_of_birth = dt.date(1970, 3, 4)
    share = Decimal("50.00")


class SupplierFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Supplier

    vendor = factory.SubFactory(VendorFactory)
    name = factory.Sequence(lambda n: f"Paper Mill {n}")
    address = "400 Mill Road, Richmond, VA 23219"
