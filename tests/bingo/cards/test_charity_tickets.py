"""Charity game tickets at a bingo operation (30 DCMR 1409.1-1409.4): not at Class D; bought from the Board, or from
a vendor licensed on the invoice date when the Board has none; a vendor's tickets sold only after the Board approved
a sample; every unsold ticket returned to the Board, and nothing sold after the return. Service and API."""

from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import timezone

from bingo.cards import charity
from bingo.models import CharityTicketSale, TicketSource
from core.findings import RuleViolation
from tests.bingo.factories import operation_with_games, staff, vendor_license
from tests.licensing.factories import LicenseFactory, board_staff

pytestmark = pytest.mark.django_db


def rules_of(exc):
    return [(f.rule, f.field) for f in exc.value.findings]


@pytest.fixture
def world():
    operation = operation_with_games(regular=1)
    return operation, staff(operation.license.organization)


def receive(operation, people, **fields):
    values = {"deal": "PT-100", "tickets": 100, "price_each": Decimal("1.00")}
    return charity.stock_receive(actor=people["planner"], operation=operation, **{**values, **fields})


def test_not_at_class_d():
    operation = operation_with_games(regular=1, license=LicenseFactory(application__license_class="D"))
    with pytest.raises(RuleViolation) as exc:
        receive(operation, staff(operation.license.organization))
    assert rules_of(exc) == [("30 DCMR 1409.1", "operation")]


def test_from_the_board_sold_then_every_unsold_ticket_returned(world):
    operation, people = world
    stock = receive(operation, people)
    with pytest.raises(RuleViolation) as exc:
        charity.tickets_sell(actor=people["checker"], stock=stock, count=5)
    assert rules_of(exc) == [("30 DCMR 1702.1", "age_declared")]
    charity.tickets_sell(actor=people["checker"], stock=stock, count=40, age_declared=True)
    with pytest.raises(RuleViolation) as exc:
        charity.tickets_sell(actor=people["checker"], stock=stock, count=61, age_declared=True)
    assert rules_of(exc) == [("30 DCMR 1404.1(h)", "count")]
    with pytest.raises(RuleViolation) as exc:  # all of them, not some
        charity.tickets_return(actor=people["checker"], stock=stock, count=59)
    assert rules_of(exc) == [("30 DCMR 1409.4", "count")]
    stock = charity.tickets_return(actor=people["checker"], stock=stock, count=60)
    assert stock.returned == 60 and charity.unsold_count(stock) == 0
    with pytest.raises(RuleViolation) as exc:
        charity.tickets_sell(actor=people["checker"], stock=stock, count=1, age_declared=True)
    assert rules_of(exc) == [("30 DCMR 1409.4", "stock")]
    assert CharityTicketSale.objects.get().count == 40


def test_a_vendors_tickets_need_its_license_in_force_and_the_boards_sample_approval(world):
    operation, people = world
    vendor = {"source": TicketSource.VENDOR, "invoice_number": "INV-7", "invoice_date": timezone.localdate()}
    with pytest.raises(RuleViolation) as exc:
        receive(operation, people, **vendor, vendor_license_number="VD-1999-99999")
    assert rules_of(exc) == [("30 DCMR 1409.2", "vendor_license_number")]
    stock = receive(operation, people, **vendor, vendor_license_number=vendor_license().number)
    with pytest.raises(RuleViolation) as exc:
        charity.tickets_sell(actor=people["checker"], stock=stock, count=1, age_declared=True)
    assert rules_of(exc) == [("30 DCMR 1409.3", "stock")]
    with pytest.raises(PermissionDenied):
        charity.sample_approve(actor=people["planner"], stock=stock)
    charity.sample_approve(actor=board_staff(), stock=stock)
    assert charity.tickets_sell(actor=people["checker"], stock=stock, count=1, age_declared=True).count == 1


def test_the_api(client, world):
    operation, people = world
    client.force_login(people["planner"])
    url = reverse("bingo-operation-charity-tickets", args=[operation.pk])
    refused = client.post(url, {"deal": "PT-1", "tickets": 10, "price_each": "1.00", "source": "vendor",
                                "invoice_number": "I-1"}, content_type="application/json")
    assert refused.status_code == 400
    assert {e["rule"] for e in refused.json()["errors"]} == {"30 DCMR 1409.2"}
    created = client.post(url, {"deal": "PT-1", "tickets": 10, "price_each": "1.00"}, content_type="application/json")
    assert created.status_code == 201 and created.json()["unsold"] == 10
    pk = created.json()["id"]
    client.force_login(people["checker"])
    sell = reverse("bingo-charity-sell", args=[pk])
    no_age = client.post(sell, {"count": 2}, content_type="application/json")
    assert no_age.status_code == 400 and no_age.json()["errors"][0]["rule"] == "30 DCMR 1702.1"
    assert client.post(sell, {"count": 2, "age_declared": True}, content_type="application/json").status_code == 201
    returned = client.post(reverse("bingo-charity-return", args=[pk]), {"count": 8}, content_type="application/json")
    assert returned.status_code == 200 and returned.json()["returned"] == 8


def test_the_portal_page_receives_sells_and_returns(client, world):
    operation, people = world
    client.force_login(people["planner"])
    url = reverse("bingo:charity_tickets", args=[operation.pk])
    assert "30 DCMR 1409.1" in client.get(url).content.decode()
    refused = client.post(url, {"stock-deal": "PT-9", "stock-tickets": 10, "stock-price_each": "1.00",
                                "stock-source": "vendor", "stock-invoice_number": "I-1"})
    assert refused.status_code == 400 and "30 DCMR 1409.2" in str(refused.context["form"].errors)
    assert client.post(url, {"stock-deal": "PT-9", "stock-tickets": 10, "stock-price_each": "1.00",
                             "stock-source": "board"}).status_code == 302
    stock = operation.charity_stock.get()
    client.force_login(people["checker"])
    no_age = client.post(reverse("bingo:charity_action", args=[stock.pk, "sell"]), {"count": 3}, follow=True)
    assert "30 DCMR 1702.1" in no_age.content.decode() and not CharityTicketSale.objects.exists()
    client.post(reverse("bingo:charity_action", args=[stock.pk, "sell"]), {"count": 3, "age_declared": "on"})
    client.post(reverse("bingo:charity_action", args=[stock.pk, "return"]), {"count": 7})
    stock.refresh_from_db()
    assert CharityTicketSale.objects.get().count == 3 and stock.returned == 7
