"""A vendor license's certificate (30 DCMR 1206.1, 1207.2(j), 1403.1): no class, the authority to sell supplies,
and instead of a schedule the certified price list's version and where the registry publishes it."""

import io

import pytest
from pypdf import PdfReader

from licensing.applications.services import application_submit
from licensing.licenses import certificates
from licensing.models.choices import ApplicationKind
from tests.licensing.factories import approve
from tests.vendors.factories import ITEMS, filed_application, licensed_vendor, representative_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def license(django_capture_on_commit_callbacks, settings):
    settings.PUBLIC_BASE_URL = "https://gaming.example.gov"
    with django_capture_on_commit_callbacks(execute=False):  # built explicitly below
        return licensed_vendor(name="Potomac Gaming Supply LLC")


def _text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_vendor_certificate_names_the_vendor_and_the_registry_and_has_no_class(license):
    data = certificates.certificate_pdf(license)
    assert len(PdfReader(io.BytesIO(data)).pages) == 1
    text = _text(data)
    flat = " ".join(text.split())
    url = f"https://gaming.example.gov/vendors/registry/{license.number}/"
    assert "Potomac Gaming Supply LLC" in text and license.number in text
    assert url in text.replace("\n", "")
    assert f"The certified price list is published in the public registry at {url}" in flat
    assert "Price list version 1" in flat
    assert "sell, lease or distribute bingo and Monte Carlo Night supplies to licensed organizations" in flat
    assert "(30 DCMR 1206.1, 1403.1)" in flat and "30 DCMR 1207.2(j)" in flat
    assert "Class" not in text and "Schedule" not in text and "Regular" not in text
    assert "to conduct" not in flat and "30 DCMR 1200.1" not in flat


def test_the_version_in_force_comes_from_what_licensing_recorded(license):
    # The version is read from the applications' snapshots: licensing needs nothing of the vendors app.
    assert certificates.certificate_context(license)["price_list_version"] == 1
    application = license.application
    application.submitted_snapshot = {**application.submitted_snapshot, "price_list": None}
    application.save(update_fields=["submitted_snapshot"])
    license.refresh_from_db()
    assert certificates.certificate_context(license)["price_list_version"] is None
    html = certificates.certificate_html(license)
    assert "The price list certified with the application" in html and "registry" in html


def test_an_approved_amendment_of_the_price_list_shows_its_version(license, django_capture_on_commit_callbacks):
    representative = representative_of(license)
    items = [{**ITEMS[0], "unit_price": "44.00"}, ITEMS[1]]
    amendment = filed_application(license.organization.vendor, representative, kind=ApplicationKind.AMENDMENT,
                                  base_license=license, items=items)
    with django_capture_on_commit_callbacks(execute=False):
        approve(application_submit(application=amendment, actor=representative))
    license.refresh_from_db()
    assert certificates.certificate_context(license)["price_list_version"] == 2
    assert "Price list version 2" in " ".join(_text(certificates.certificate_pdf(license)).split())
