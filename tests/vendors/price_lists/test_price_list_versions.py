"""The certified price list holds for the license term (30 DCMR 1207.2(j)): the version filed with an application
is frozen from submission; during the term the prices change only through an amendment the Board approves;
a renewal prices the next term freely; every version stays."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from core.findings import RuleViolation
from licensing.applications.checks import application_findings
from licensing.applications.services import application_submit
from licensing.models import License
from licensing.models.choices import ApplicationKind
from tests.licensing.factories import approve
from tests.vendors.factories import ITEMS, filed_application, licensed_vendor, representative_of
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


def test_1208_4_a_renewals_staffing_income_moves_its_fee_to_the_next_band(licensed, client):
    vendor, representative, license = licensed
    License.objects.filter(pk=license.pk).update(expires_on=dt.date.today() + dt.timedelta(days=30))
    license.refresh_from_db()
    renewal = filed_application(vendor, representative, kind=ApplicationKind.RENEWAL, base_license=license,
                                items=RAISED, gross_sales="19999.99")
    # The portal's gross receipts step asks for the staffing income (30 DCMR 1208.4).
    client.force_login(representative)
    step = reverse("vendors:application_step", args=[renewal.pk, "gross_receipts"])
    assert "staffing" in client.get(step).content.decode()
    response = client.post(step, {"gross_sales": "19999.99", "staffing_income": "-0.01"})
    assert response.status_code == 400 and "staffing_income" in response.context["forms"][0].errors
    assert client.post(step, {"gross_sales": "19999.99", "staffing_income": "0.01"}).status_code == 302
    renewal.refresh_from_db()
    assert str(renewal.staffing_income) == "0.01"
    renewal = application_submit(application=renewal, actor=representative)
    assert str(renewal.application_fee) == "400.00" and renewal.fee_rules == ["30 DCMR 1208.4"]
    assert renewal.submitted_snapshot["staffing_income"] == "0.01"


def test_1208_4_the_api_takes_the_staffing_income_and_an_organization_may_not_give_it(licensed):
    from rest_framework.test import APIClient

    from tests.licensing.factories import MembershipFactory

    vendor, representative, license = licensed
    License.objects.filter(pk=license.pk).update(expires_on=dt.date.today() + dt.timedelta(days=30))
    license.refresh_from_db()
    renewal = filed_application(vendor, representative, kind=ApplicationKind.RENEWAL, base_license=license,
                                items=RAISED, gross_sales="4999.99")
    api = APIClient()
    api.force_authenticate(representative)
    url = reverse("application-detail", args=[renewal.pk])
    assert api.get(reverse("application-check", args=[renewal.pk])).json()["quote"]["application_fee"] == "100.00"
    response = api.patch(url, {"staffing_income": "0.01"}, format="json")
    assert response.status_code == 200 and response.json()["staffing_income"] == "0.01"
    assert api.get(reverse("application-check", args=[renewal.pk])).json()["quote"]["application_fee"] == "200.00"
    response = api.patch(url, {"staffing_income": "-5.00"}, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "staffing_income"
    membership = MembershipFactory()
    api.force_authenticate(membership.user)
    created = api.post("/api/v1/applications/", {"organization": membership.organization_id,
                                                 "license_type": "bingo", "license_class": "A"}, format="json")
    assert created.status_code == 201, created.json()
    response = api.patch(reverse("application-detail", args=[created.json()["id"]]), {"staffing_income": "1.00"},
                         format="json")
    assert [(e["field"], e["rule"]) for e in response.json()["errors"]] == [("staffing_income", "30 DCMR 1208.4")]
