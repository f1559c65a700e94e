"""A card series records where its paper comes from (30 DCMR 1403.1): a vendor whose license is in force on the
invoice date, or, used, another organization licensed within the window before the sale; the organization's own
printing only by the Board's decision written as a setting with its reason. Service, portal and API."""

import datetime as dt

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from bingo.cards import services as services_cards
from bingo.models import CardSeries, SeriesSource
from core.findings import RuleViolation
from licensing.models import Role
from licensing.models.choices import LicenseStatus
from tests.bingo.factories import bought, vendor_license
from tests.licensing.factories import LicenseFactory, OrganizationFactory, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def planner():
    organization = OrganizationFactory()
    return organization, member(organization, Role.OFFICER)


def create(planner, code="V1", **source):
    organization, actor = planner
    return services_cards.series_create(actor=actor, organization=organization, code=code, size=10, **source)


def refused(planner, **source) -> list[tuple[str, str]]:
    with pytest.raises(RuleViolation) as exc:
        create(planner, **source)
    return [(f.rule, f.field) for f in exc.value.findings]


def test_a_series_from_a_vendor_in_force_records_its_source(planner):
    license = vendor_license()
    series = create(planner, **bought(license))
    assert (series.source, series.seller_license_number, series.invoice_number) == (
        SeriesSource.VENDOR, license.number, "INV-1")


def test_the_vendor_license_boundary(planner):
    today = timezone.localdate()
    license = vendor_license(effective_on=today - dt.timedelta(days=300), expires_on=today - dt.timedelta(days=1),
                             status=LicenseStatus.EXPIRED)
    assert create(planner, code="LAST", **{**bought(license), "invoice_date": today - dt.timedelta(days=1)})
    assert refused(planner, **bought(license)) == [("30 DCMR 1403.1", "seller_license_number")]


def test_no_number_unknown_number_no_invoice_refused(planner):
    assert refused(planner) == [("30 DCMR 1403.1", "invoice_number"), ("30 DCMR 1403.1", "seller_license_number")]
    assert refused(planner, **{**bought(), "seller_license_number": "VD-1999-99999"}) == [
        ("30 DCMR 1403.1", "seller_license_number")]
    assert not CardSeries.objects.exists()


def test_used_equipment_from_an_organization_licensed_within_the_window(planner):
    """Licensed at some time in the 12 months before the sale (the register's bingo.supply_seller_licensed_months)."""
    today = timezone.localdate()
    ended = LicenseFactory(application__license_type="raffle", application__license_class="1", number="RF-2025-00012",
                           effective_on=today - dt.timedelta(days=800), expires_on=today - dt.timedelta(days=300),
                           status=LicenseStatus.EXPIRED)
    used = {"source": SeriesSource.ORGANIZATION, "seller_license_number": ended.number, "invoice_number": "U-1",
            "invoice_date": today}
    assert create(planner, code="U1", **used).source == SeriesSource.ORGANIZATION
    ended.expires_on = today - dt.timedelta(days=400)  # more than 12 months before the sale
    ended.save(update_fields=["expires_on"])
    assert refused(planner, **used) == [("30 DCMR 1403.1", "seller_license_number")]
    assert refused(planner, **{**used, "seller_license_number": vendor_license().number}) == [
        ("30 DCMR 1403.1", "source")]  # a vendor's license: a purchase from a vendor


def test_own_printing_is_refused_unless_the_board_decided(planner):
    assert refused(planner, source=SeriesSource.OWN) == [("30 DCMR 1403.1", "source")]
    with override_settings(BINGO_OWN_SERIES_ALLOWED=True, BINGO_OWN_SERIES_REASON=""):
        assert refused(planner, source=SeriesSource.OWN) == [("30 DCMR 1403.1", "source")]  # no reason, no decision
    with override_settings(BINGO_OWN_SERIES_ALLOWED=True, BINGO_OWN_SERIES_REASON="Board vote of 2026-11-02"):
        assert create(planner, source=SeriesSource.OWN).source == SeriesSource.OWN


def test_the_portal_and_the_api_take_the_source(client, planner):
    organization, actor = planner
    license = vendor_license()
    client.force_login(actor)
    form = {"organization": organization.pk, "code": "P1", "size": 10, "source": "vendor",
            "seller_license_number": "", "invoice_number": "INV-9", "invoice_date": timezone.localdate().isoformat()}
    missing = client.post(reverse("bingo:series_create"), form)
    assert missing.status_code == 400 and "30 DCMR 1403.1" in missing.context["form"].errors["seller_license_number"][0]
    assert client.post(reverse("bingo:series_create"), {**form, "seller_license_number": license.number}
                       ).status_code == 302
    url = reverse("bingo-series-list")
    body = {"organization": organization.pk, "code": "A1", "size": 10}
    refused_api = client.post(url, body, content_type="application/json")
    assert refused_api.status_code == 400
    assert {e["rule"] for e in refused_api.json()["errors"]} == {"30 DCMR 1403.1"}
    created = client.post(url, {**body, "seller_license_number": license.number, "invoice_number": "INV-2",
                                "invoice_date": timezone.localdate().isoformat()}, content_type="application/json")
    assert created.status_code == 201 and created.json()["seller_license_number"] == license.number
    assert created.json()["source"] == "vendor"
    assert "seed" not in created.json()  # whoever knows the seed knows every face: sold at random (30 DCMR 1405.5)
