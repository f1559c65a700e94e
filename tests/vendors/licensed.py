"""Licensed vendors made the way the system makes them (register, complete, file, submit, four ayes, issue), and
their enforcement: shared by the registry, price list, conflict and review tests."""

from licensing.applications.services import application_submit
from licensing.enforcement.services import license_revoke, license_suspend
from licensing.models import Application, License
from tests.licensing.factories import approve, board_staff
from tests.vendors.world import ITEMS, complete_vendor, filed_application, registered_vendor, vendor_fee_rows

GROUNDS = {"reasons": ["d"], "rules": ["30 DCMR 1403.1"], "explanation": "Sold supplies off its price list."}
MONTECARLO_ITEMS = [*ITEMS, {"catalogue_number": "MC-300", "name": "Roulette layout", "category": "montecarlo",
                             "unit": "each", "unit_price": "310.00"}]


def submitted_vendor_application(*, name: str = "Potomac Gaming Supply LLC", items=ITEMS, owners=None,
                                 representative=None) -> Application:
    vendor_fee_rows()
    vendor, representative = registered_vendor(name=name, representative=representative)
    complete_vendor(vendor, representative, owners=owners)
    application = filed_application(vendor, representative, items=items)
    return application_submit(application=application, actor=representative)


def licensed_vendor(*, name: str = "Potomac Gaming Supply LLC", items=ITEMS, owners=None) -> License:
    """A vendor with a license in force and its certified price list (version 1)."""
    application = submitted_vendor_application(name=name, items=items, owners=owners)
    approve(application)
    return License.objects.get(application=application)


def suspended(license: License, *, days: int = 30) -> License:
    license_suspend(actor=board_staff(), license=license, days=days, **GROUNDS)
    license.refresh_from_db()
    return license


def revoked(license: License) -> License:
    license_revoke(actor=board_staff(), license=license, **GROUNDS)
    license.refresh_from_db()
    return license


def representative_of(license: License):
    """The representative who registered the vendor (its first membership)."""
    return license.organization.memberships.order_by("pk").first().user
