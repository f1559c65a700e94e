"""A vendor's fees: the renewal fee by prior-year gross sales (30 DCMR 1208.4), exact to the cent through the
API, the original fee from the Board's register (board data), no bond, and the public calculator."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from licensing.fees.quotes import fee_quote, register_lookup, vendor_renewal_fee
from licensing.register.catalog import entry
from tests.licensing.factories import MembershipFactory, board_number

pytestmark = pytest.mark.django_db
QUOTE_URL = "/api/v1/fees/quote"
ON = datetime.date(2026, 12, 1)


def renewal(client, gross_sales: str, **extra):
    return client.get(QUOTE_URL, {"license_type": "vendor", "kind": "renewal", "gross_sales": gross_sales,
                                  "on": ON.isoformat(), **extra})


@pytest.mark.parametrize(("gross_sales", "fee"), [
    ("0", "100.00"), ("0.00", "100.00"), ("4999.99", "100.00"),
    ("5000", "200.00"), ("5000.00", "200.00"), ("19999.99", "200.00"),
    ("20000.00", "400.00"), ("49999.99", "400.00"),
    ("50000.00", "600.00"), ("1000000", "600.00"),
])
def test_every_renewal_band_through_the_api(client, gross_sales, fee):
    response = renewal(client, gross_sales)
    assert response.status_code == 200, response.json()
    assert response.json() == {"application_fee": fee, "bond": None, "citations": ["30 DCMR 1208.4"],
                               "notes": ["A vendor posts no bond."], "can_submit": True}
    assert vendor_renewal_fee(Decimal(gross_sales), lookup=register_lookup(ON), on=ON) == (Decimal(fee),
                                                                                          "30 DCMR 1208.4")


def test_the_renewal_bands_are_the_ones_in_force_on_the_quotes_day():
    later = ON + datetime.timedelta(days=30)
    board_number("vendor.renewal_band_1.sales_below", "6000.00", since=later)
    board_number("vendor.renewal_top.fee", "650.00", since=later, citation="30 DCMR 1208.4 (amended)")
    quote = {"license_type": "vendor", "license_class": "", "kind": "renewal"}
    assert fee_quote(**quote, gross_sales=Decimal("5500.00"), on=ON).application_fee == Decimal("200.00")
    assert fee_quote(**quote, gross_sales=Decimal("5500.00"), on=later).application_fee == Decimal("100.00")
    assert fee_quote(**quote, gross_sales=Decimal("90000"), on=ON).application_fee == Decimal("600.00")
    top = fee_quote(**quote, gross_sales=Decimal("90000"), on=later)
    assert (top.application_fee, top.citations) == (Decimal("650.00"), ["30 DCMR 1208.4 (amended)"])


@pytest.mark.parametrize(("gross_sales", "says"), [
    ("-1.00", "negative"), ("abc", "dollars and cents"), ("19999.999", "cents"), ("١٠٠", "digits 0 to 9"),
    ("", "gross sales"),
])
def test_a_bad_amount_is_a_400_naming_gross_sales(client, gross_sales, says):
    response = renewal(client, gross_sales)
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["field"] == "gross_sales"
    assert says in error["message"].lower(), error["message"]


def test_a_renewal_without_gross_sales_or_with_a_class_is_refused_with_the_rule(client):
    response = client.get(QUOTE_URL, {"license_type": "vendor", "kind": "renewal"})
    assert response.status_code == 400
    assert [(e["field"], e["rule"]) for e in response.json()["errors"]] == [("gross_sales", "30 DCMR 1208.4")]
    response = renewal(client, "100.00", license_class="A")
    assert [(e["field"], e["rule"]) for e in response.json()["errors"]] == [("license_class", "30 DCMR 1207.2(k)")]
    # gross sales price nothing but a vendor's renewal
    response = client.get(QUOTE_URL, {"license_type": "bingo", "license_class": "A", "gross_sales": "100.00"})
    assert [(e["field"], e["rule"]) for e in response.json()["errors"]] == [("gross_sales", "30 DCMR 1208.4")]


def test_the_original_vendor_fee_is_the_boards_number(client):
    answer = client.get(QUOTE_URL, {"license_type": "vendor", "on": ON.isoformat()}).json()
    assert answer["application_fee"] is None and answer["can_submit"] is False  # not set yet: board data
    board_number("fee.vendor.original", "250.00", since=datetime.date(2026, 1, 1), citation="30 DCMR 1207.2(k)")
    answer = client.get(QUOTE_URL, {"license_type": "vendor", "on": ON.isoformat()}).json()
    assert answer == {"application_fee": "250.00", "bond": None, "citations": ["30 DCMR 1207.2(k)"],
                      "notes": ["A vendor posts no bond."], "can_submit": True}


def test_a_fee_key_has_a_class_exactly_when_its_license_type_has_classes():
    # The register holds only the catalog's keys (licensing.register.catalog): any other is refused.
    assert entry("fee.vendor.original") is not None and entry("fee.vendor.A.original") is None
    assert entry("fee.bingo.A.original") is not None and entry("fee.bingo.original") is None


def test_an_organization_cannot_apply_for_a_vendor_license(client):
    membership = MembershipFactory(role="officer")
    client.force_login(membership.user)
    response = client.post("/api/v1/applications/", {"organization": membership.organization_id,
                                                      "license_type": "vendor", "license_class": ""},
                           content_type="application/json")
    assert response.status_code == 400
    assert "license_type" in [e["field"] for e in response.json()["errors"]]


def calculator(client, gross_sales: str) -> str:
    query = {"license_type": "vendor", "kind": "renewal", "period": "regular", "gross_sales": gross_sales}
    return client.get(reverse("public:fee_calculator"), query).content.decode()


def test_the_public_calculator_quotes_a_vendor_renewal(client):
    page = calculator(client, "19999.99")
    assert "Your quote" in page and "<dd>$200.00</dd>" in page
    assert "30 DCMR 1208.4" in page
    page = calculator(client, "12.345")
    assert "Enter at most two decimals (cents)." in page and "<dd>$" not in page  # no quote


def test_the_calculator_states_the_bands_and_the_margin_in_force_today(client):
    page = calculator(client, "100.00")
    assert ("under $5,000.00, $100.00; under $20,000.00, $200.00; under $50,000.00, $400.00; more, $600.00 "
            "(30 DCMR 1208.4)") in page
    assert "this prize plus 15% (30 DCMR 1414.9)" in page
    board_number("multihall.bond_margin", "20", since=datetime.date(2000, 1, 2))
    board_number("vendor.renewal_top.fee", "650.00", since=datetime.date(2000, 1, 2))
    page = calculator(client, "100.00")
    assert "more, $650.00" in page and "this prize plus 20% (30 DCMR 1414.9)" in page


def test_a_vendor_renewal_reads_the_register_once_per_process(django_assert_num_queries):
    fee_quote(license_type="vendor", license_class="", kind="renewal", gross_sales=Decimal("1.00"), on=ON)
    with django_assert_num_queries(0):  # the register's snapshot, read once (licensing.register.values)
        quote = fee_quote(license_type="vendor", license_class="", kind="renewal", gross_sales=Decimal("5000.00"),
                          on=ON)
    assert quote.application_fee == Decimal("200.00")


# --- 30 DCMR 1208.4: gross sales of supplies, equipment AND staffing ---

@pytest.mark.parametrize(("gross_sales", "staffing_income", "fee"), [
    ("4999.99", "0.00", "100.00"), ("4999.98", "0.01", "100.00"), ("4999.99", "0.01", "200.00"),
    ("0.00", "5000.00", "200.00"),
    ("19999.98", "0.01", "200.00"), ("19999.99", "0.01", "400.00"), ("10000.00", "10000.00", "400.00"),
    ("49999.98", "0.01", "400.00"), ("49999.99", "0.01", "600.00"), ("30000.00", "20000.00", "600.00"),
])
def test_1208_4_staffing_income_counts_with_the_gross_sales_at_every_band_boundary(client, gross_sales,
                                                                                  staffing_income, fee):
    response = renewal(client, gross_sales, staffing_income=staffing_income)
    assert response.status_code == 200, response.json()
    assert response.json()["application_fee"] == fee and response.json()["citations"] == ["30 DCMR 1208.4"]
    quote = fee_quote(license_type="vendor", license_class="", kind="renewal", gross_sales=Decimal(gross_sales),
                      staffing_income=Decimal(staffing_income), on=ON)
    assert quote.application_fee == Decimal(fee)


def test_1208_4_staffing_income_prices_a_vendor_renewal_only(client):
    response = client.get(QUOTE_URL, {"license_type": "bingo", "license_class": "A", "staffing_income": "100.00"})
    assert [(e["field"], e["rule"]) for e in response.json()["errors"]] == [("staffing_income", "30 DCMR 1208.4")]
    response = renewal(client, "100.00", staffing_income="-1.00")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "staffing_income"


def test_1208_4_the_public_calculator_counts_the_staffing_income(client):
    query = {"license_type": "vendor", "kind": "renewal", "period": "regular", "gross_sales": "19999.99",
             "staffing_income": "0.01"}
    page = client.get(reverse("public:fee_calculator"), query).content.decode()
    assert "400.00" in page and "staffing" in page
