"""The public vendor registry's pages: no sign-in, a searchable list of the vendors licensed today, and each
license's page with its status and the price list in force (30 DCMR 1206.1, 1207.2(j), 1403.1, 1210.1)."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format

from licensing.applications.services import application_submit
from licensing.licenses.certificates import license_lookup_url
from licensing.models import License
from licensing.models.choices import ApplicationKind
from tests.licensing.factories import LicenseFactory, approve
from tests.vendors.factories import ITEMS, filed_application, licensed_vendor, representative_of

pytestmark = pytest.mark.django_db

LIST = reverse("vendors:registry_list")


def shown(day: dt.date) -> str:
    return date_format(day, "DATE_FORMAT")


def detail(license) -> str:
    return reverse("vendors:registry_detail", kwargs={"number": license.number})


def listed(client, **params) -> set[str]:
    response = client.get(LIST, params)
    assert response.status_code == 200
    return {license.number for license in response.context["licenses"]}


def test_the_list_shows_the_vendors_licensed_today_with_their_public_facts(client, registry):
    response = client.get(LIST)
    page = response.content.decode()
    assert {license.number for license in response.context["licenses"]} == {
        registry["potomac"].number, registry["anacostia"].number}
    potomac = registry["potomac"]
    for text in ("Potomac Gaming Supply LLC", "Washington, DC", potomac.number, "Licensed",
                 shown(potomac.expires_on), detail(potomac)):
        assert text in page, text
    # Catalogue categories: Potomac sells bingo supplies only, Anacostia Monte Carlo Night supplies as well.
    rows = {license.number: license.catalogue_category_labels for license in response.context["licenses"]}
    assert [str(label) for label in rows[potomac.number]] == ["Bingo"]
    assert [str(label) for label in rows[registry["anacostia"].number]] == ["Bingo", "Monte Carlo Night"]
    assert "Rock Creek" not in page and "Foggy Bottom" not in page


def test_anyone_may_read_it_without_signing_in(client, registry):
    assert client.get(LIST).status_code == 200
    assert client.get(detail(registry["revoked"])).status_code == 200


@pytest.mark.parametrize(("query", "expected"), [
    ("potomac", ["potomac"]),
    ("CASINO", ["anacostia"]),
    ("washington", ["potomac", "anacostia"]),
    ("nothing like it", []),
])
def test_search_by_name_or_city(client, registry, query, expected):
    assert listed(client, q=query) == {registry[name].number for name in expected}


def test_search_by_license_number_any_case(client, registry):
    number = registry["anacostia"].number
    assert listed(client, q=number.lower()) == {number}
    assert listed(client, q="vd-") == {registry["potomac"].number, number}


def test_a_suspended_or_revoked_vendor_leaves_the_licensed_list_and_the_status_filter_shows_it(client, registry):
    suspended, revoked = registry["suspended"], registry["revoked"]
    assert listed(client, status="suspended") == {suspended.number}
    assert listed(client, status="revoked") == {revoked.number}
    assert listed(client, status="all") == {license.number for license in registry.values()}
    page = client.get(LIST, {"status": "suspended"}).content.decode()
    assert f'Suspended until <time datetime="{suspended.suspended_until.isoformat()}">' in page
    assert "Revoked" in client.get(LIST, {"status": "revoked"}).content.decode()
    # Searching within a status.
    assert listed(client, status="all", q="rock creek") == {suspended.number}


def test_the_category_filter(client, registry):
    assert listed(client, category="montecarlo") == {registry["anacostia"].number}
    assert listed(client, category="bingo") == {registry["potomac"].number, registry["anacostia"].number}


def test_the_detail_page_shows_the_vendor_its_license_and_the_price_list_in_force(client, registry):
    license = registry["anacostia"]
    page = client.get(detail(license)).content.decode()
    for text in ("Anacostia Casino Nights Inc", license.number, "Licensed", "1800 Half Street SW",
                 "Limited liability company", "Certified price list", "Version 1, in force today",
                 "BP-100", "Bingo paper, 6 on", "case of 500", "$42.50", "MC-300", "Roulette layout", "$310.00",
                 "Monte Carlo Night", "30 DCMR 1207.2(j)"):
        assert text in page, text


def test_the_detail_page_of_a_suspended_vendor_answers_with_its_status(client, registry):
    license = registry["suspended"]
    page = client.get(detail(license)).content.decode()
    until = shown(license.suspended_until)
    assert f"suspended until {until} (30 DCMR 1210.1)" in page
    assert "Suspended until" in page
    assert "No price list is in force" in page and "BP-100" not in page


def test_the_detail_page_of_a_revoked_vendor_answers_with_its_status(client, registry):
    page = client.get(detail(registry["revoked"])).content.decode()
    assert "Revoked" in page and "has been revoked (30 DCMR 1210.1)" in page
    assert "No price list is in force" in page


def test_an_expired_license_leaves_the_list_and_its_page_still_answers(client, registry):
    license = registry["potomac"]
    ended = timezone.localdate() - dt.timedelta(days=1)
    License.objects.filter(pk=license.pk).update(effective_on=ended - dt.timedelta(days=364), expires_on=ended)
    assert license.number not in listed(client)
    assert listed(client, status="expired") == {license.number}
    response = client.get(detail(license))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Expired on" in page and f"expired on {shown(ended)}" in page


def test_the_certificate_qr_code_leads_to_the_registry_page(client, registry, settings):
    settings.PUBLIC_BASE_URL = "https://gaming.example.gov"
    license = registry["potomac"]
    url = license_lookup_url(license)
    assert url == f"https://gaming.example.gov/vendors/registry/{license.number}/"
    assert client.get(url.removeprefix("https://gaming.example.gov")).status_code == 200
    assert client.get(detail(license).replace(license.number, license.number.lower())).status_code == 200


def test_only_vendor_licenses_are_in_the_registry(client, registry):
    bingo = LicenseFactory()
    assert client.get(reverse("vendors:registry_detail", kwargs={"number": bingo.number})).status_code == 404
    assert client.get(reverse("vendors:registry_detail", kwargs={"number": "VD-1999-99999"})).status_code == 404
    assert bingo.number not in listed(client, status="all", q=bingo.number)


def test_only_public_facts_no_owner_no_declaration_no_document(client, registry):
    for license in registry.values():
        page = client.get(detail(license)).content.decode()
        for private in ("Grace Whitfield", "Tomas Ruiz", "1968", "1975", "clearance", "Arrow Paper Mills",
                        "BL-2010-7781", "18250", "Sold supplies off its price list"):
            assert private not in page, private


def test_bad_filters_are_refused_naming_the_field(client, registry):
    response = client.get(LIST, {"status": "everything", "category": "darts"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Status: Select a valid choice." in page and "Supplies for: Select a valid choice." in page
    assert response.context["licenses"] == []
    assert client.get(LIST, {"q": "x" * 101}).status_code == 400


def test_htmx_swaps_only_the_results(client, registry):
    partial = client.get(LIST, {"q": "potomac"}, headers={"HX-Request": "true", "HX-Target": "vendor-results"})
    text = partial.content.decode()
    assert "<html" not in text and registry["potomac"].number in text
    assert "<html" in client.get(LIST, {"q": "potomac"}).content.decode()


def test_the_list_pages_by_25_and_keeps_the_filters(client, registry, monkeypatch):
    from vendors.registry import views

    monkeypatch.setattr(views, "PAGE_SIZE", 1)
    page = client.get(LIST, {"status": "all", "q": "LLC"})
    assert page.context["page"].paginator.num_pages == 2
    assert "status=all" in page.content.decode() and "page=2" in page.content.decode()


def test_the_query_count_does_not_grow_with_the_page(client, registry, django_capture_on_commit_callbacks):
    def count() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(LIST, {"status": "all"}).status_code == 200
        return len(captured)

    few = count()
    with django_capture_on_commit_callbacks(execute=False):
        licensed_vendor(name="Navy Yard Supplies LLC")
        licensed_vendor(name="Brookland Bingo Goods Inc")
    assert count() == few


def test_spanish_from_the_browser_preference(client, registry):
    page = client.get(LIST, headers={"Accept-Language": "es"}).content.decode()
    assert '<html lang="es">' in page
    assert "Número de licencia" in page and "Vence" in page and "Buscar" in page
    detail_page = client.get(detail(registry["suspended"]), headers={"Accept-Language": "es"}).content.decode()
    assert '<html lang="es">' in detail_page and "Número de licencia" in detail_page


def test_spanish_through_the_language_switch(client, registry):
    response = client.post(reverse("set_language"), {"language": "es", "next": LIST})
    assert response.status_code == 302
    page = client.get(LIST).content.decode()
    assert '<html lang="es">' in page and "Estado" in page


def test_after_an_approved_amendment_the_registry_shows_the_amended_price_list(client, registry,
                                                                               django_capture_on_commit_callbacks):
    license = registry["potomac"]
    representative = representative_of(license)
    items = [{**ITEMS[0], "unit_price": "44.00"}, ITEMS[1]]
    amendment = filed_application(license.organization.vendor, representative, kind=ApplicationKind.AMENDMENT,
                                  base_license=license, items=items)
    assert "$42.50" in client.get(detail(license)).content.decode()  # a draft amendment changes nothing
    with django_capture_on_commit_callbacks(execute=False):
        approve(application_submit(application=amendment, actor=representative))
    page = client.get(detail(license)).content.decode()
    assert "Version 2, in force today" in page and "$44.00" in page and "$42.50" not in page
