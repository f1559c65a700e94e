"""The certified price list holds for the license term (30 DCMR 1207.2(j)): the version filed with an application
is frozen from submission; during the term the prices change only through an amendment the Board approves;
a renewal prices the next term freely; every version stays."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from core.findings import RuleViolation
from licensing.applications.checks import application_findings
from licensing.applications.services import application_submit
from licensing.models import License
from licensing.models.choices import ApplicationKind
from tests.licensing.factories import approve
from tests.vendors.licensed import licensed_vendor, representative_of
from tests.vendors.world import ITEMS, filed_application
from vendors.price_lists.selectors import price_list_history, price_list_in_force
from vendors.price_lists.services import price_list_items_set

pytestmark = pytest.mark.django_db
RAISED = [{**ITEMS[0], "unit_price": "45.00"}, ITEMS[1]]


@pytest.fixture
def licensed():
    license = licensed_vendor()
    return license.organization.vendor, representative_of(license), license


def prices(price_list) -> dict:
    return {item.catalogue_number: str(item.unit_price) for item in price_list.items.all()}


def test_the_filed_version_is_frozen(licensed):
    vendor, representative, license = licensed
    with pytest.raises(ValidationError) as error:
        price_list_items_set(actor=representative, application=license.application, items=RAISED)
    assert "30 DCMR 1207.2(j)" in str(error.value.message_dict["items"])
    assert prices(price_list_in_force(vendor)) == {"BP-100": "42.50", "DB-200": "9.99"}


def test_a_new_original_application_cannot_change_prices_during_the_term(licensed):
    vendor, representative, license = licensed
    application = filed_application(vendor, representative, items=RAISED)
    [finding] = [f for f in application_findings(application) if f.rule == "30 DCMR 1207.2(j)"]
    assert finding.blocking and "BP-100 from $42.50 to $45.00" in finding.message
    assert license.expires_on.isoformat() in finding.message
    with pytest.raises(RuleViolation):
        application_submit(application=application, actor=representative)


def test_an_amendment_starts_from_the_list_in_force_and_changes_it_once_approved(licensed):
    vendor, representative, license = licensed
    amendment = filed_application(vendor, representative, kind=ApplicationKind.AMENDMENT, base_license=license,
                                  items=None)
    assert prices(amendment.price_list) == {"BP-100": "42.50", "DB-200": "9.99"}  # copied from the license
    price_list_items_set(actor=representative, application=amendment, items=RAISED)
    from vendors.price_lists.services import price_list_certify
    price_list_certify(actor=representative, application=amendment)
    assert [f for f in application_findings(amendment) if f.rule == "30 DCMR 1207.2(j)"] == []
    amendment = application_submit(application=amendment, actor=representative)
    assert prices(price_list_in_force(vendor)) == {"BP-100": "42.50", "DB-200": "9.99"}  # until the Board approves
    approve(amendment)
    assert prices(price_list_in_force(vendor)) == {"BP-100": "45.00", "DB-200": "9.99"}
    assert [(p.version, p.application.kind) for p in price_list_history(vendor)] == [
        (2, ApplicationKind.AMENDMENT), (1, ApplicationKind.ORIGINAL)]  # every version kept


def test_a_renewal_prices_the_next_term_freely_and_is_priced_by_gross_sales(licensed, settings):
    vendor, representative, license = licensed
    License.objects.filter(pk=license.pk).update(expires_on=dt.date.today() + dt.timedelta(days=30))
    license.refresh_from_db()
    renewal = filed_application(vendor, representative, kind=ApplicationKind.RENEWAL, base_license=license,
                                items=RAISED, gross_sales="19999.99")
    assert [f for f in application_findings(renewal) if f.rule == "30 DCMR 1207.2(j)"] == []
    renewal = application_submit(application=renewal, actor=representative)
    assert str(renewal.application_fee) == "200.00" and renewal.fee_rules == ["30 DCMR 1208.4"]
