import factory

from tests.licensing.factories import UserFactory
from vendors.models import Vendor, VendorMembership


class VendorFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Vendor

    name = factory.Sequence(lambda n: f"Bingo Supply {n} LLC")
    business_type = "Bingo paper distributor"
    street_address = "10 Industrial Way"
    city = "Baltimore"
    state = "MD"
    postal_code = "21201"


class VendorMembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = VendorMembership

    user = factory.SubFactory(UserFactory)
    vendor = factory.SubFactory(VendorFactory)
