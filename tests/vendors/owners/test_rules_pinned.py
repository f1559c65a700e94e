"""Every 1206.4 finding word for word, with its field and whether it blocks: what the applicant and Board staff
read is part of the rule."""

import datetime as dt
from decimal import Decimal

import pytest

from vendors.owners.rules import Person, disqualification_findings

pytestmark = pytest.mark.django_db  # the figures (5 years, 10%) are the Board's register's
APPLIED = dt.date(2026, 6, 15)
PEOPLE = [
    Person(name="Rex Stone", role="officer", felony_convicted=True),
    Person(name="Rita Stone", role="director", felony_convicted=True, supervision_ended_on=dt.date(2022, 3, 4)),
    Person(name="Vic Dice", role="partner", gambler=True),
    Person(name="May Stone", role="shareholder", share=Decimal("12.5"), relative_disqualified="Rex Stone"),
    Person(name="Olga Civil", role="owner", dc_official=True),
    Person(name="Otto Civil", role="owner", dc_official=True),
    Person(name="Lucía Fernández", role="owner"),
    Person(name="Marcus Bell", role="employee"),
]


def findings(*, firm=True):
    return [(finding.rule, finding.message, finding.field, finding.blocking) for finding in disqualification_findings(
        PEOPLE, applied_on=APPLIED, firm=firm, conflicts={"olga civil": (True, "she signs the Board's contracts")},
        board_names=["Lucia Fernandez", "Marcus Bell"], board_confirmed=["MARCUS BELL"])]


FIRM = " A firm where such a person is employed or active gets no vendor license (30 DCMR 1206.4(c))."


def test_a_firms_findings_word_for_word():
    assert findings() == [
        ("30 DCMR 1206.4(a), (c)", "officer Rex Stone was convicted of a felony, has no pardon and has not been "
         "released from parole or probation (30 DCMR 1206.4(a))." + FIRM, "people", True),
        ("30 DCMR 1206.4(a), (c)", "director Rita Stone was convicted of a felony, has no pardon and was released on "
         "2022-03-04, less than 5 years before applying on 2026-06-15; an application from 2027-03-04 on is not "
         "barred by it (30 DCMR 1206.4(a))." + FIRM, "people", True),
        ("30 DCMR 1206.4(b), (c)", "partner Vic Dice is or has been a professional gambler or gambling promoter "
         "(30 DCMR 1206.4(b))." + FIRM, "people", True),
        ("30 DCMR 1206.4(c)", "shareholder May Stone holds 12.50% of the firm and is the spouse or a first-degree "
         "relative of Rex Stone, who is disqualified under 1206.4(a) or (b); more than 10% bars the firm "
         "(30 DCMR 1206.4(c)).", "people", True),
        ("30 DCMR 1206.4(d)", "owner Olga Civil is a DC official or employee and the Board found a conflict of "
         "interest: she signs the Board's contracts (30 DCMR 1206.4(d)).", "people", True),
        ("30 DCMR 1206.4(d)", "owner Otto Civil is a DC official or employee: Board staff must decide whether there "
         "is a conflict of interest (30 DCMR 1206.4(d)).", "people", False),
        ("30 DCMR 1206.4(e)", "owner Lucía Fernández has the name of a Board member or Board employee: possible "
         "match, Board staff confirm or dismiss it (30 DCMR 1206.4(e)).", "people", False),
        ("30 DCMR 1206.4(e)", "employee Marcus Bell is a Board member or Board employee (30 DCMR 1206.4(e)).",
         "people", True),
    ]


def test_a_person_applying_alone_is_cited_under_a_and_b_only():
    rules = [(rule, message.endswith(FIRM)) for rule, message, _field, _blocking in findings(firm=False)[:3]]
    assert rules == [("30 DCMR 1206.4(a)", False), ("30 DCMR 1206.4(a)", False), ("30 DCMR 1206.4(b)", False)]
