"""A vendor application holds every item of 30 DCMR 1207.2 (a)-(l); each gap names its paragraph and field."""

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest

from vendors.applications.rules import (
    CatalogueItem,
    NamedPerson,
    Supplier,
    VendorApplicationFacts,
    application_findings,
)
from vendors.rules import clearance_jurisdictions

COMPLETE = VendorApplicationFacts(
    name="Capitol Bingo Supply Co.", address="1200 First St NE, Washington, DC 20002", business_type="corporation",
    established_on=dt.date(2009, 4, 1), established_at="Washington, DC",
    people=(NamedPerson(name="Frank DiMarco", role="officer", address="12 Elm St, Bethesda, MD",
                        born=dt.date(1970, 5, 1), share=Decimal("60"), police_clearance=True, residence="MD",
                        residence_clearance=True),
            NamedPerson(name="Ana Ruiz", role="shareholder", address="3 Oak Ave, Arlington, VA",
                        born=dt.date(1981, 2, 3), share=Decimal("40"), police_clearance=True, residence="VA",
                        residence_clearance=True)),
    prior_year_gross_receipts=Decimal("18250.00"), suppliers=(Supplier(name="Arrow Paper", address="Cincinnati, OH"),),
    catalogue=(CatalogueItem(name="Bingo paper, 6-on", unit="pack of 500", unit_price=Decimal("42.00")),),
    years_in_business=17, organized_in_dc=True, dc_business_license="BL-4410022", price_list_certified=True,
    fee_paid=True,
)


def gaps(**changes) -> list[tuple[str, str]]:
    return [(finding.rule, finding.field) for finding in application_findings(dataclasses.replace(COMPLETE, **changes))]


def test_a_complete_application_has_no_gap():
    assert application_findings(COMPLETE) == []


@pytest.mark.parametrize(("changes", "gap"), [
    ({"name": " "}, ("30 DCMR 1207.2(a)", "name")),
    ({"address": ""}, ("30 DCMR 1207.2(a)", "address")),
    ({"business_type": ""}, ("30 DCMR 1207.2(b)", "business_type")),
    ({"established_on": None}, ("30 DCMR 1207.2(c)", "established_on")),
    ({"established_at": ""}, ("30 DCMR 1207.2(c)", "established_at")),
    ({"people": ()}, ("30 DCMR 1207.2(d)", "people")),
    ({"prior_year_gross_receipts": None}, ("30 DCMR 1207.2(e)", "prior_year_gross_receipts")),
    ({"suppliers": ()}, ("30 DCMR 1207.2(f)", "suppliers")),
    ({"catalogue": ()}, ("30 DCMR 1207.2(g)", "catalogue")),
    ({"years_in_business": None}, ("30 DCMR 1207.2(h)", "years_in_business")),
    ({"organized_in_dc": None}, ("30 DCMR 1207.2(i)", "organized_in_dc")),
    ({"dc_business_license": ""}, ("30 DCMR 1207.2(i)", "dc_business_license")),
    ({"price_list_certified": False}, ("30 DCMR 1207.2(j)", "price_list_certified")),
    ({"fee_paid": False}, ("30 DCMR 1207.2(k)", "fee_paid")),
])
def test_each_missing_item_names_its_paragraph_and_field(changes, gap):
    assert gaps(**changes) == [gap]


def test_zero_gross_receipts_and_no_years_yet_are_answers_not_gaps():
    assert gaps(prior_year_gross_receipts=Decimal("0.00"), years_in_business=0) == []


def test_a_maker_of_its_own_supplies_names_no_supplier_and_a_named_one_needs_an_address():
    assert gaps(suppliers=(), makes_own_supplies=True) == []
    [finding] = application_findings(dataclasses.replace(COMPLETE, suppliers=(Supplier(name="Arrow Paper"),)))
    assert (finding.field, finding.message) == ("suppliers", "Give the address of supplier Arrow Paper "
                                                             "(30 DCMR 1207.2(f)).")


def test_a_firm_organized_elsewhere_names_a_resident_agent_with_an_address():
    outside = {"organized_in_dc": False, "dc_business_license": ""}
    assert gaps(**outside) == [("30 DCMR 1207.2(i)", "resident_agent_name")]
    assert gaps(**outside, resident_agent_name="CT Corp", resident_agent_address="") == [
        ("30 DCMR 1207.2(i)", "resident_agent_name")]
    assert gaps(**outside, resident_agent_name="CT Corp", resident_agent_address="1015 15th St NW") == []


def test_every_owner_gives_an_address_a_birth_date_and_a_police_clearance():
    person = NamedPerson(name="Vic Dice", role="partner", share=Decimal("0"))
    findings = application_findings(dataclasses.replace(COMPLETE, people=(*COMPLETE.people, person)))
    assert [(finding.rule, finding.field, finding.message) for finding in findings] == [
        ("30 DCMR 1207.2(d)", "people", "Give the address of partner Vic Dice (30 DCMR 1207.2(d))."),
        ("30 DCMR 1207.2(d)", "people", "Give the date of birth of partner Vic Dice (30 DCMR 1207.2(d))."),
        ("30 DCMR 1207.2(l)", "people",
         "Upload the District's police clearance report of partner Vic Dice (30 DCMR 1207.2(l))."),
    ]


def test_1207_2_d_l_an_employee_gives_no_birth_date_and_no_police_clearance():
    employee = NamedPerson(name="Carl Pay", role="employee", employee=True, residence="MD")
    assert application_findings(dataclasses.replace(COMPLETE, people=(*COMPLETE.people, employee))) == []
    # An employee who owns a share is an owner: both are asked of them.
    owning = dataclasses.replace(employee, share=Decimal("0.01"), address="4 Pine St, Silver Spring, MD")
    people = (COMPLETE.people[0], dataclasses.replace(COMPLETE.people[1], share=Decimal("39.99")), owning)
    findings = application_findings(dataclasses.replace(COMPLETE, people=people))
    assert [(f.rule, f.message) for f in findings] == [
        ("30 DCMR 1207.2(d)", "Give the date of birth of employee Carl Pay (30 DCMR 1207.2(d))."),
        ("30 DCMR 1207.2(l)",
         "Upload the District's police clearance report of employee Carl Pay (30 DCMR 1207.2(l))."),
        ("30 DCMR 1207.2(l)", "Upload the police clearance report of employee Carl Pay from the jurisdiction where "
                              "they live (MD) (30 DCMR 1207.2(l))."),
    ]


def test_an_application_of_employees_only_still_names_its_owners_and_officers():
    employee = NamedPerson(name="Carl Pay", role="employee", employee=True)
    assert gaps(people=(employee,)) == [("30 DCMR 1207.2(d)", "people")]


@pytest.mark.parametrize(("residence", "business", "needed"), [
    ("DC", "DC", ["dc"]),
    ("MD", "DC", ["dc", "residence"]),
    ("DC", "VA", ["dc", "business"]),
    ("MD", "MD", ["dc", "residence"]),  # one report answers for the residence and the business
    ("MD", "VA", ["dc", "residence", "business"]),
])
def test_1207_2_l_owners_give_the_districts_clearance_and_those_of_residence_and_business(residence, business,
                                                                                          needed):
    assert clearance_jurisdictions(residence=residence, business=business) == needed
    officer = NamedPerson(name="Vic Dice", role="officer", address="1 Main St", born=dt.date(1970, 1, 1),
                          residence=residence)
    found = application_findings(dataclasses.replace(COMPLETE, people=(officer,), business_state=business))
    assert [f.rule for f in found] == ["30 DCMR 1207.2(l)"] * len(needed)
    complete = dataclasses.replace(officer, police_clearance=True, residence_clearance=True, business_clearance=True)
    assert application_findings(dataclasses.replace(COMPLETE, people=(complete,), business_state=business)) == []
    without_residence = dataclasses.replace(complete, residence_clearance=False)
    assert bool(application_findings(dataclasses.replace(
        COMPLETE, people=(without_residence,), business_state=business))) is ("residence" in needed)


@pytest.mark.parametrize(("second_share", "over"), [(Decimal("40"), False), (Decimal("40.01"), True)])
def test_the_shares_cannot_add_up_to_more_than_the_whole(second_share, over):
    people = (COMPLETE.people[0], dataclasses.replace(COMPLETE.people[1], share=second_share))
    found = application_findings(dataclasses.replace(COMPLETE, people=people))
    assert bool(found) is over
    if over:
        assert found[0].message == "The shares of ownership add up to 100.01%, more than 100% (30 DCMR 1207.2(d))."


def test_every_catalogue_item_has_its_unit_and_price_on_the_certified_list():
    catalogue = (*COMPLETE.catalogue, CatalogueItem(name="Daubers"), CatalogueItem(name="Ball set", unit="set"))
    [finding] = application_findings(dataclasses.replace(COMPLETE, catalogue=catalogue))
    assert finding.rule == "30 DCMR 1207.2(j)" and finding.field == "catalogue"
    assert finding.message == ("Give the unit and the unit price of every catalogue item; missing for: Daubers, "
                               "Ball set (30 DCMR 1207.2(j)).")


def test_an_empty_application_lists_every_gap_word_for_word_in_the_order_of_1207_2():
    assert [(finding.rule, finding.field, finding.message) for finding in application_findings(
        VendorApplicationFacts())] == [
        ("30 DCMR 1207.2(a)", "name", "Give the applicant's name (30 DCMR 1207.2(a))."),
        ("30 DCMR 1207.2(a)", "address", "Give the applicant's address (30 DCMR 1207.2(a))."),
        ("30 DCMR 1207.2(b)", "business_type",
         "Say what type of business or organization the applicant is (30 DCMR 1207.2(b))."),
        ("30 DCMR 1207.2(c)", "established_on", "Give the date the business was established (30 DCMR 1207.2(c))."),
        ("30 DCMR 1207.2(c)", "established_at",
         "Give the place where the business was established (30 DCMR 1207.2(c))."),
        ("30 DCMR 1207.2(d)", "people", "Name every officer, director, partner, shareholder or other owner of the "
         "business (30 DCMR 1207.2(d))."),
        ("30 DCMR 1207.2(e)", "prior_year_gross_receipts", "Give the prior year's gross receipts from supplies "
         "sold, leased or distributed to licensed organizations (0.00 if none) (30 DCMR 1207.2(e))."),
        ("30 DCMR 1207.2(f)", "suppliers", "Name each supplier or manufacturer of your supplies, or say that you "
         "make them yourself (30 DCMR 1207.2(f))."),
        ("30 DCMR 1207.2(g)", "catalogue", "List the equipment and supplies you will sell, lease or distribute "
         "during the license (30 DCMR 1207.2(g))."),
        ("30 DCMR 1207.2(h)", "years_in_business",
         "Give the number of years in the supply business (30 DCMR 1207.2(h))."),
        ("30 DCMR 1207.2(i)", "organized_in_dc",
         "Say whether the business is organized in the District (30 DCMR 1207.2(i))."),
        ("30 DCMR 1207.2(k)", "fee_paid", "Pay the license fee (30 DCMR 1207.2(k))."),
    ]


def test_the_standing_and_price_list_messages_word_for_word():
    def messages(**changes):
        return [finding.message for finding in application_findings(dataclasses.replace(COMPLETE, **changes))]

    assert messages(dc_business_license="") == [
        "A business organized in the District gives its DC business license (30 DCMR 1207.2(i))."]
    assert messages(organized_in_dc=False, dc_business_license="") == [
        "A business organized outside the District names a resident agent, with an address, to receive legal "
        "papers and the Board's notices (30 DCMR 1207.2(i))."]
    assert messages(price_list_certified=False) == [
        "Certify the price list: it holds for the whole license term (30 DCMR 1207.2(j))."]
    shares = (COMPLETE.people[0], dataclasses.replace(COMPLETE.people[1], share=Decimal("45")))
    [finding] = application_findings(dataclasses.replace(COMPLETE, people=shares))
    assert finding.field == "people"
