"""The Board's review page of a vendor application shows what the vendor filed, read from the application's
submitted snapshot (licensing imports nothing of the vendors app), and links to the vendors' staff pages; the
queue's license type filter finds vendor applications."""

import datetime as dt

import pytest
from django.urls import reverse

from licensing.models.choices import LicenseType
from licensing.review import selectors as selectors_review
from tests.licensing.factories import ApplicationFactory, board_member, board_staff
from tests.vendors.factories import MONTECARLO_ITEMS, submitted_vendor_application
from vendors.models import Supplier

pytestmark = pytest.mark.django_db


@pytest.fixture
def application():
    return submitted_vendor_application(name="Potomac Gaming Supply LLC", items=MONTECARLO_ITEMS)


def review(client, application) -> str:
    response = client.get(reverse("portal:review_detail", args=[application.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_staff_read_the_vendor_as_it_filed(client, application):
    client.force_login(board_staff())
    page = review(client, application)
    for text in (
        "The vendor as it filed (30 DCMR 1207.2)",
        "Potomac Gaming Supply LLC, 1800 Half Street SW, Washington, DC 20024",
        "Limited liability company", "2010-06-01, Washington, DC", "BL-2010-7781", "$18,250.00",
        "Grace Whitfield", "Officer", "60.00%", "Tomas Ruiz", "Shareholder", "40.00%", "22 M Street SE",
        "On file", "Arrow Paper Mills, 5 Mill Rd, Dayton, OH",
        "Version 1, filed with this application.", "BP-100", "Bingo paper, 6 on", "case of 500", "$42.50",
        "MC-300", "Roulette layout", "Monte Carlo Night", "$310.00",
    ):
        assert text in page, text
    # A vendor runs no games and has no class: no schedule, no "Class".
    assert 'id="occasions-heading"' not in page
    assert "Class </dd>" not in page and "· Class" not in page


def test_it_links_to_the_price_list_history_and_for_staff_the_conflict_page(client, application):
    vendor = application.organization.vendor
    history = reverse("vendors:price_list_history", args=[vendor.pk])
    conflicts = reverse("vendors:owner_conflicts", args=[vendor.pk])
    client.force_login(board_staff())
    page = review(client, application)
    assert f'href="{history}"' in page and f'href="{conflicts}"' in page
    assert client.get(history).status_code == 200 and client.get(conflicts).status_code == 200
    client.force_login(board_member())
    page = review(client, application)
    assert f'href="{history}"' in page and f'href="{conflicts}"' not in page  # deciding is staff work


def test_the_page_reads_the_snapshot_not_the_live_records(client, application):
    Supplier.objects.filter(vendor=application.organization.vendor).update(name="Renamed Later Inc")
    client.force_login(board_staff())
    page = review(client, application)
    assert "Arrow Paper Mills" in page and "Renamed Later Inc" not in page


def test_other_license_types_show_no_vendor_section(client):
    bingo = ApplicationFactory(submitted=True)
    client.force_login(board_staff())
    page = review(client, bingo)
    assert "The vendor as it filed" not in page and 'id="occasions-heading"' in page


def test_the_queue_offers_and_filters_vendor_applications(client, application):
    bingo = ApplicationFactory(submitted=True)
    staff = board_staff()
    found = selectors_review.review_application_list(user=staff, filters={"license_type": LicenseType.VENDOR})
    assert [a.pk for a in found] == [application.pk]
    found = selectors_review.review_application_list(user=staff, filters={"license_type": LicenseType.BINGO})
    assert application.pk not in {a.pk for a in found} and bingo.pk in {a.pk for a in found}

    client.force_login(staff)
    page = client.get(reverse("portal:review_queue")).content.decode()
    assert '<option value="vendor">Vendor of bingo and Monte Carlo Night supplies</option>' in page
    page = client.get(reverse("portal:review_queue"), {"license_type": "vendor"}).content.decode()
    assert f'href="/portal/review/{application.pk}/"' in page
    assert f'href="/portal/review/{bingo.pk}/"' not in page
    assert "Original · Vendor of bingo and Monte Carlo Night supplies</td>" in page


def test_the_board_reads_the_dates_of_birth_it_was_given(client, application):
    # The snapshot keeps them for the Board (1206.4(a), and telling two people of one name apart); the public
    # registry never shows them (tests/vendors/registry/).
    client.force_login(board_staff())
    assert dt.date(1968, 2, 14).isoformat() in review(client, application)
