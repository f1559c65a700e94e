"""Fee and bond quotes (30 DCMR 1204, 1205, 1414): the fees the register ships with, the rules around them, the API and
the page."""

import datetime
import importlib
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from core.findings import RuleViolation
from licensing.fees.quotes import fee_quote, prorate
from licensing.models import BoardNumber, NumberStatus
from licensing.register.catalog import fee_key
from tests.licensing.factories import board_number

pytestmark = pytest.mark.django_db

# The fees 30 DCMR itself gives, as the schedule first held them (the register took them over: migration 0024, and
# rulepacks/dc.toml for a new database).
seed_migration = importlib.import_module("licensing.migrations.0004_seed_fee_schedule")
ON = datetime.date(2025, 3, 1)
QUOTE_URL = "/api/v1/fees/quote"


def quote(**kwargs):
    kwargs.setdefault("on", ON)
    if kwargs["license_type"] == "multihall":
        kwargs.setdefault("highest_prize", Decimal("1000.00"))
    return fee_quote(**kwargs)


def fields_of(violation: ValidationError) -> set[str]:
    return set(violation.error_dict)


# The figures of RULES.md, written out independently of the migration that seeds them.
# (license_type, license_class, period, senior, fee, citation)
RULES_FIGURES = [
    ("bingo", "A", "regular", False, "500.00", "30 DCMR 1204.1"),
    ("bingo", "A", "limited", False, "500.00", "30 DCMR 1204.1"),
    ("bingo", "A", "regular", True, "500.00", "30 DCMR 1204.1"),
    ("bingo", "B", "regular", False, "250.00", "30 DCMR 1204.1"),
    ("bingo", "C", "regular", False, "50.00", "30 DCMR 1204.1"),
    ("bingo", "C", "regular", True, "10.00", "30 DCMR 1204.1"),
    ("bingo", "C", "limited", True, "10.00", "30 DCMR 1204.1"),
    ("bingo", "D", "regular", True, "0.00", "30 DCMR 1204.1"),
    ("multihall", "A", "regular", False, "500.00", "30 DCMR 1414"),
    ("multihall", "B", "regular", False, "250.00", "30 DCMR 1414"),
    ("multihall", "C", "regular", False, "50.00", "30 DCMR 1414"),
    ("multihall", "A", "limited", False, "200.00", "30 DCMR 1414"),
    ("multihall", "B", "limited", False, "100.00", "30 DCMR 1414"),
    ("multihall", "C", "limited", True, "25.00", "30 DCMR 1414"),
    ("montecarlo", "1", "regular", False, "100.00", "30 DCMR 1204.16"),
    ("montecarlo", "2", "regular", False, "500.00", "30 DCMR 1204.16"),
    ("montecarlo", "1", "regular", True, "10.00", "30 DCMR 1204.19"),
    ("montecarlo", "2", "regular", True, "10.00", "30 DCMR 1204.19"),
]


@pytest.mark.parametrize(("license_type", "license_class", "period", "senior", "fee", "citation"), RULES_FIGURES)
def test_original_and_renewal_fees_follow_the_rules(license_type, license_class, period, senior, fee, citation):
    original = quote(license_type=license_type, license_class=license_class, period=period, senior=senior)
    assert original.application_fee == Decimal(fee)
    assert original.citations[0] == citation
    # 1204.2-1204.5: the renewal fee equals the original fee of the class.
    renewal = quote(license_type=license_type, license_class=license_class, period=period, senior=senior,
                    kind="renewal")
    assert renewal.application_fee == Decimal(fee)
    assert renewal.citations[0] == f"{citation}, 1204.2-1204.5"
    # 1204.4-1204.5: amending a license costs nothing.
    amendment = quote(license_type=license_type, license_class=license_class, period=period, senior=senior,
                      kind="amendment")
    assert amendment.application_fee == Decimal("0.00")
    assert amendment.citations[0] == "30 DCMR 1204.4-1204.5"


@pytest.mark.parametrize("row", seed_migration.ROWS, ids=lambda row: "-".join(str(part) for part in row[:5]))
def test_every_seeded_row_is_what_its_quote_says(row):
    kind, license_type, license_class, period, senior, amount, rule, _notes = row
    result = quote(license_type=license_type, license_class=license_class, period=period or "regular",
                   senior=bool(senior), kind=kind)
    assert result.application_fee == Decimal(amount)
    assert result.citations[0] == rule


def test_the_register_ships_every_rule_figure_and_nothing_the_board_must_set():
    rows = BoardNumber.objects.filter(key__startswith="fee.", status=NumberStatus.APPROVED)
    shipped = {(kind, license_type, license_class, period or None, bool(senior)): amount
               for kind, license_type, license_class, period, senior, amount, *_ in seed_migration.ROWS}
    assert {row.key: row.value for row in rows} == {
        fee_key(license_type, license_class, kind, period, senior): amount
        for (kind, license_type, license_class, period, senior), amount in shipped.items()}
    assert rows.count() == len(seed_migration.ROWS) == 39
    assert not rows.filter(key__startswith="fee.raffle.").exists()  # raffle fees are board data
    assert not BoardNumber.objects.filter(key__startswith="bond.").exists()  # so are bond amounts
    assert set(rows.values_list("effective_from", flat=True)) == {datetime.date(2000, 1, 1)}
    assert not rows.filter(effective_to__isnull=False).exists()


def test_class_d_bingo_is_for_senior_groups_only():
    with pytest.raises(RuleViolation) as caught:
        quote(license_type="bingo", license_class="D", senior=False)
    assert fields_of(caught.value) == {"license_class"}
    assert caught.value.findings[0].rule == "30 DCMR 1204.1, 1201.3"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"license_type": "multihall", "license_class": "D"}, "license_class"),
        ({"license_type": "bingo", "license_class": "1"}, "license_class"),
        ({"license_type": "raffle", "license_class": "A"}, "license_class"),
        ({"license_type": "montecarlo", "license_class": "3"}, "license_class"),
        ({"license_type": "raffle", "license_class": "1", "period": "limited"}, "period"),
        ({"license_type": "montecarlo", "license_class": "2", "period": "limited"}, "period"),
        ({"license_type": "multihall", "license_class": "A", "highest_prize": None}, "highest_prize"),
        ({"license_type": "multihall", "license_class": "A", "highest_prize": Decimal("0")}, "highest_prize"),
        ({"license_type": "multihall", "license_class": "A", "base_expires_on": ON}, "base_expires_on"),
        ({"license_type": "poker", "license_class": "A"}, "license_type"),
        ({"license_type": "bingo", "license_class": "A", "kind": "transfer"}, "kind"),
    ],
)
def test_combinations_that_do_not_exist_are_refused_naming_the_field(kwargs, field):
    with pytest.raises(ValidationError) as caught:
        quote(**kwargs)
    assert fields_of(caught.value) == {field}


def test_raffle_fees_wait_for_the_board_then_become_quotable():
    before = quote(license_type="raffle", license_class="3")
    assert before.application_fee is None
    assert before.can_submit is False
    assert any("has not set the Raffle Class 3 original fee" in note for note in before.notes)

    board_number("fee.raffle.3.original", "75.00", since=datetime.date(2025, 1, 1), citation="Board decision 2025-01")
    board_number("bond.raffle.3", "2000.00", since=datetime.date(2025, 1, 1))
    after = quote(license_type="raffle", license_class="3")
    assert after.application_fee == Decimal("75.00")
    assert after.bond == Decimal("2000.00")
    assert after.citations == ["Board decision 2025-01", "30 DCMR 1205.2"]
    assert after.notes == [] and after.can_submit is True
    # Another class is still waiting.
    assert quote(license_type="raffle", license_class="4").application_fee is None


def test_without_a_bond_the_bond_is_null_with_a_note_then_the_boards_amount_counts():
    before = quote(license_type="bingo", license_class="A")
    assert before.bond is None
    assert before.can_submit is False
    assert any("has not set a bond amount" in note for note in before.notes)
    assert before.citations == ["30 DCMR 1204.1"]

    board_number("bond.bingo.A", "5000.00", since=datetime.date(2020, 1, 1))
    after = quote(license_type="bingo", license_class="A")
    assert after.bond == Decimal("5000.00")
    assert after.can_submit is True and after.notes == []


def test_the_bond_is_the_row_of_the_license_type_and_class_asked_for():
    # A newer number of another class or type must not be picked: the key names the type and class.
    board_number("bond.bingo.B", "2500.00", since=datetime.date(2020, 1, 1))
    board_number("bond.bingo.A", "5000.00", since=datetime.date(2024, 1, 1))
    board_number("bond.raffle.1", "900.00", since=datetime.date(2024, 6, 1))
    assert quote(license_type="bingo", license_class="B").bond == Decimal("2500.00")
    assert quote(license_type="bingo", license_class="A").bond == Decimal("5000.00")


def test_a_senior_groups_class_d_bingo_needs_no_bond():
    result = quote(license_type="bingo", license_class="D", senior=True)
    assert result.application_fee == Decimal("0.00")
    assert result.bond is None
    assert result.can_submit is True
    assert "30 DCMR 1201.3" in result.citations
    assert any("1201.3" in note and "no bond" in note for note in result.notes)


@pytest.mark.parametrize(
    ("highest_prize", "bond"),
    [("10000", "11500.00"), ("1234.57", "1419.76"), ("0.01", "0.01"), ("2000", "2300.00")],
)
def test_the_multihall_bond_is_the_highest_prize_plus_15_percent(highest_prize, bond):
    result = quote(license_type="multihall", license_class="B", highest_prize=Decimal(highest_prize))
    assert result.bond == Decimal(bond)
    assert "30 DCMR 1414.9" in result.citations


@pytest.mark.parametrize(
    ("license_class", "days_left", "fee"),
    [
        ("A", 73, "100.00"),  # 500 * 73 / 365
        ("A", 365, "500.00"),
        ("A", 400, "500.00"),  # never more than the full fee
        ("A", 1, "1.37"),  # 1.369... rounds up
        ("B", 100, "68.49"),  # 68.493...
        ("C", 200, "27.40"),  # 27.397...
    ],
)
def test_the_regular_multihall_fee_is_prorated_to_the_base_license(license_class, days_left, fee):
    result = quote(license_type="multihall", license_class=license_class,
                   base_expires_on=ON + datetime.timedelta(days=days_left))
    assert result.application_fee == Decimal(fee)
    assert "30 DCMR 1414" in result.citations


def test_limited_period_multihall_fees_are_not_prorated():
    result = quote(license_type="multihall", license_class="A", period="limited",
                   base_expires_on=ON + datetime.timedelta(days=73))
    assert result.application_fee == Decimal("200.00")


def test_without_the_base_expiry_the_full_multihall_fee_is_quoted_with_a_note():
    result = quote(license_type="multihall", license_class="A")
    assert result.application_fee == Decimal("500.00")
    assert any("prorated" in note for note in result.notes)
    assert result.can_submit is True  # the multi-hall bond is computed, never missing


def test_prorating_rounds_half_up_to_the_cent():
    # 1.825 / 365 = 0.005 exactly: half up gives 0.01 (banker's rounding would give 0.00).
    assert prorate(Decimal("1.825"), on=ON, expires_on=ON + datetime.timedelta(days=1)) == Decimal("0.01")


def test_a_newer_value_takes_over_from_its_date():
    board_number("fee.bingo.A.original", "600.00", since=datetime.date(2026, 7, 1),
                 citation="30 DCMR 1204.1 (amended)")
    assert quote(license_type="bingo", license_class="A", on=datetime.date(2026, 6, 30)).application_fee == 500
    new = quote(license_type="bingo", license_class="A", on=datetime.date(2026, 7, 1))
    assert new.application_fee == Decimal("600.00")
    assert new.citations == ["30 DCMR 1204.1 (amended)"]


def test_a_newer_value_wins_over_an_older_one_and_a_specific_key_over_a_plain_one():
    board_number("fee.bingo.C.original", "60.00", since=datetime.date(2025, 1, 1), citation="new")
    assert quote(license_type="bingo", license_class="C").application_fee == Decimal("60.00")
    assert quote(license_type="bingo", license_class="C", on=datetime.date(2024, 12, 31)).application_fee == 50
    # The senior groups' own fee still applies to them.
    assert quote(license_type="bingo", license_class="C", senior=True).application_fee == Decimal("10.00")


# --- API ---


def test_api_quotes_without_signing_in(client):
    response = client.get(QUOTE_URL, {"license_type": "bingo", "license_class": "A"})
    assert response.status_code == 200
    body = response.json()
    assert body["application_fee"] == "500.00"
    assert body["bond"] is None
    assert body["citations"] == ["30 DCMR 1204.1"]
    assert body["can_submit"] is False and len(body["notes"]) == 1


def test_api_ignores_a_stale_token(client):
    response = client.get(QUOTE_URL, {"license_type": "bingo", "license_class": "B"},
                          headers={"Authorization": "Token not-a-real-token"})
    assert response.status_code == 200 and response.json()["application_fee"] == "250.00"


def test_api_senior_renewal_and_multihall_quotes(client):
    senior_c = client.get(QUOTE_URL, {"license_type": "bingo", "license_class": "C", "senior": "true",
                                      "kind": "renewal"}).json()
    assert senior_c["application_fee"] == "10.00"
    senior_mcn = client.get(QUOTE_URL, {"license_type": "montecarlo", "license_class": "2", "senior": "true"}).json()
    assert senior_mcn["application_fee"] == "10.00" and senior_mcn["citations"] == ["30 DCMR 1204.19"]
    multihall = client.get(QUOTE_URL, {
        "license_type": "multihall", "license_class": "A", "highest_prize": "10000",
        "on": "2025-03-01", "base_expires_on": "2025-05-13",
    }).json()
    assert multihall == {"application_fee": "100.00", "bond": "11500.00",
                         "citations": ["30 DCMR 1414", "30 DCMR 1414.9"], "notes": [], "can_submit": True}


def test_api_raffle_says_the_board_has_not_set_the_fee(client):
    body = client.get(QUOTE_URL, {"license_type": "raffle", "license_class": "2"}).json()
    assert body["application_fee"] is None and body["bond"] is None and body["can_submit"] is False
    assert any("has not set" in note for note in body["notes"])


@pytest.mark.parametrize(
    ("params", "field", "code", "rule"),
    [
        ({"license_type": "bingo", "license_class": "D"}, "license_class", "rule", "30 DCMR 1204.1, 1201.3"),
        ({"license_type": "multihall", "license_class": "D", "highest_prize": "5"}, "license_class", "rule",
         "30 DCMR 1414"),
        ({"license_type": "raffle", "license_class": "2", "period": "limited"}, "period", "rule", "30 DCMR 1204.1"),
        ({"license_type": "multihall", "license_class": "A"}, "highest_prize", "rule", "30 DCMR 1414.9"),
        ({"license_type": "multihall", "license_class": "A", "highest_prize": "-1"}, "highest_prize", "negative",
         None),
        ({"license_class": "A"}, "license_type", "required", None),
        ({"license_type": "bingo", "license_class": "Z"}, "license_class", "invalid_choice", None),
        ({"license_type": "bingo", "license_class": "A", "senior": "maybe"}, "senior", "invalid", None),
    ],
)
def test_api_400_names_the_field_and_the_rule(client, params, field, code, rule):
    response = client.get(QUOTE_URL, params)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [(error["field"], error["code"], error["rule"]) for error in errors] == [(field, code, rule)]
    assert errors[0]["message"]


def test_api_schema_documents_the_quote(client):
    schema = client.get(reverse("schema"), {"format": "json"}).json()
    operation = schema["paths"]["/api/v1/fees/quote"]["get"]
    names = {parameter["name"] for parameter in operation["parameters"]}
    assert {"license_type", "license_class", "period", "senior", "kind", "highest_prize",
            "base_expires_on"} <= names
    assert "/ 365" in operation["description"]


# --- The public calculator page ---


def test_calculator_page_renders_a_quote(client):
    response = client.get(reverse("public:fee_calculator"), {
        "license_type": "bingo", "license_class": "C", "period": "regular", "senior": "on", "kind": "original",
    })
    page = response.content.decode()
    assert response.status_code == 200
    assert "<html" in page and 'hx-get="/public/fees/"' in page
    assert "$10.00" in page and "30 DCMR 1204.1" in page
    assert 'for="id_license_type"' in page  # every input has its label


def test_calculator_htmx_request_gets_the_partial(client):
    response = client.get(reverse("public:fee_calculator"), {
        "license_type": "multihall", "license_class": "A", "period": "regular", "kind": "original",
        "highest_prize": "10000",
    }, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert "<html" not in page
    assert "$500.00" in page and "$11,500.00" in page
    assert "HX-Request" in response["Vary"]


def test_calculator_shows_why_a_combination_does_not_exist(client):
    response = client.get(reverse("public:fee_calculator"), {
        "license_type": "bingo", "license_class": "D", "period": "regular", "kind": "original",
    }, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "senior groups only" in page and 'href="#id_license_class"' in page
    assert "$" not in page


def test_calculator_without_a_choice_invites_one_and_the_nav_links_to_it(client):
    page = client.get(reverse("public:fee_calculator")).content.decode()
    assert "Choose a license" in page
    assert page.count('href="/public/fees/"') >= 1
    assert 'href="/public/fees/"' in client.get(reverse("home")).content.decode()


def test_calculator_says_when_an_application_cannot_be_submitted(client):
    page = client.get(reverse("public:fee_calculator"), {
        "license_type": "raffle", "license_class": "1", "period": "regular", "kind": "original",
    }).content.decode()
    assert "Not set by the Board yet" in page and "cannot be submitted" in page
