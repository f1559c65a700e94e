"""The portal pages end to end: create a series, look up a face, record sales (errors shown on
the form with the citation), void one and see it kept in the register."""

import pytest
from django.urls import reverse
from django.utils import timezone

from bingo.cards import sales
from bingo.models import CardSale, CardSeries
from tests.bingo.factories import CardSeriesFactory, bought, operation_with_games, staff, vendor_license

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(client):
    sales.clear_caches()
    operation = operation_with_games(regular=2)
    people = staff(operation.license.organization)
    return operation, people


def test_planner_creates_a_series_and_looks_up_a_face(client, setup):
    operation, people = setup
    client.force_login(people["planner"])
    source = {**bought(vendor_license()), "invoice_date": timezone.localdate().isoformat(), "source": "vendor"}
    response = client.post(reverse("bingo:series_create"), {
        "organization": operation.license.organization.pk, "code": "GRN", "size": 50, **source})
    series = CardSeries.objects.get(code="GRN")
    assert response.status_code == 302 and response["Location"] == reverse("bingo:series_detail", args=[series.pk])
    page = client.get(reverse("bingo:series_detail", args=[series.pk]), {"face": 17}).content.decode()
    card = sales.series_faces(series)[16]
    assert "Face 17, series GRN" in page
    assert all(f"<td>{n}</td>" in page for n in card.numbers)
    again = client.post(reverse("bingo:series_create"), {
        "organization": operation.license.organization.pk, "code": "GRN", "size": 50, **source})
    assert again.status_code == 400 and "already has a series GRN" in again.content.decode()
    listing = client.get(reverse("bingo:series_list")).content.decode()
    assert "GRN" in listing


def test_checker_records_voids_and_sees_the_register(client, setup):
    operation, people = setup
    series = CardSeriesFactory(organization=operation.license.organization, code="RED", size=40)
    client.force_login(people["checker"])
    url = reverse("bingo:sales_register", args=[operation.pk])
    games = [g.pk for g in operation.games.all()]
    response = client.post(url, {"age_declared": True,
                                 "series": series.pk, "first_face": 1, "last_face": 12, "colour": "regular",
                                 "games": games, "price_each": "1.00"})
    assert response.status_code == 302
    refused = client.post(url, {"age_declared": True,
                                "series": series.pk, "first_face": 12, "colour": "regular", "price_each": "1.00"})
    body = refused.content.decode()
    assert refused.status_code == 400 and "30 DCMR 1404.1(h)" in body and "already sold" in body
    sale = CardSale.objects.get()
    assert client.post(reverse("bingo:sale_void", args=[sale.pk]), {"reason": "Sold in error"}).status_code == 302
    page = client.get(url).content.decode()
    assert "Sold in error" in page and "1–12" in page
    assert client.get(url).context["counts"] == {"regular": 0, "extra_regular": 0, "special": 0}
    assert CardSale.objects.filter(pk=sale.pk, voided_at__isnull=False).exists()
