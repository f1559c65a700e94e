"""The 1206.4 disqualifications run on the vendor's application from its owner records and declarations, at
their boundaries: released from parole or probation exactly 5 years before applying passes, a day less fails
(a); 10.00% held by a disqualified person's relative passes, 10.01% fails (c); a DC official waits for the
Board's decision on a conflict, given with its reason (d); a Board account's name is a possible match staff
confirm or dismiss (e)."""

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from licensing.applications.checks import application_findings
from licensing.models import MatchDecision
from tests.licensing.factories import board_member, board_staff
from tests.vendors.factories import complete_vendor, filed_application, registered_vendor, vendor_fee_rows
from vendors.owners.services import owner_conflict_decide, owner_update

pytestmark = pytest.mark.django_db
TODAY = dt.date(2026, 12, 1)


@pytest.fixture
def vendor_world():
    vendor_fee_rows()
    vendor, representative = registered_vendor()
    complete_vendor(vendor, representative)
    application = filed_application(vendor, representative)
    officer, shareholder = vendor.owners.order_by("full_name")
    return application, representative, officer, shareholder


def rules_of(application, section):
    return [(f.blocking, f.message) for f in application_findings(application, today=TODAY) if f.rule.startswith(
        f"30 DCMR 1206.4({section})")]


@pytest.mark.parametrize(("released", "barred"), [
    (dt.date(2021, 12, 1), False),  # exactly five years before applying
    (dt.date(2021, 12, 2), True),  # one day short
])
def test_a_felony_bars_until_five_years_after_release_to_the_day(vendor_world, released, barred):
    application, representative, officer, _ = vendor_world
    owner_update(actor=representative, owner=officer, felony_convicted=True, supervision_ended_on=released)
    assert bool(rules_of(application, "a")) is barred


def test_a_pardon_lifts_the_felony(vendor_world):
    application, representative, officer, _ = vendor_world
    owner_update(actor=representative, owner=officer, felony_convicted=True, felony_pardoned=True,
                 supervision_ended_on=dt.date(2026, 1, 1))
    assert rules_of(application, "a") == []


@pytest.mark.parametrize(("share", "barred"), [("10.00", False), ("10.01", True)])
def test_a_relative_of_a_disqualified_person_bars_the_firm_above_ten_percent(vendor_world, share, barred):
    application, representative, _, shareholder = vendor_world
    owner_update(actor=representative, owner=shareholder, share=share, relative_disqualified="Victor Ruiz (father)")
    assert bool(rules_of(application, "c")) is barred


def test_a_professional_gambler_bars_the_firm(vendor_world):
    application, representative, officer, _ = vendor_world
    owner_update(actor=representative, owner=officer, gambler=True)
    [(blocking, message)] = rules_of(application, "b")
    assert blocking and "1206.4(c)" in message  # a firm: (b) and (c) together


def test_a_dc_official_waits_for_the_boards_decision_with_its_reason(vendor_world):
    application, representative, officer, _ = vendor_world
    owner_update(actor=representative, owner=officer, dc_official=True, dc_position="Clerk, DC Lottery")
    [(blocking, _message)] = rules_of(application, "d")
    assert not blocking
    with pytest.raises(ValidationError) as error:
        owner_conflict_decide(actor=board_staff(), owner=officer, conflict=True, reason=" ")
    assert "reason" in error.value.message_dict
    with pytest.raises(PermissionDenied):
        owner_conflict_decide(actor=board_member(), owner=officer, conflict=True, reason="Oversees vendors.")
    owner_conflict_decide(actor=board_staff(), owner=officer, conflict=True, reason="Oversees vendor contracts.")
    [(blocking, message)] = rules_of(application, "d")
    assert blocking and "Oversees vendor contracts." in message
    owner_conflict_decide(actor=board_staff(), owner=officer, conflict=False, reason="No oversight of gaming.")
    assert rules_of(application, "d") == []


def test_a_board_accounts_name_is_a_possible_match_staff_confirm_or_dismiss(vendor_world):
    application, _, officer, _ = vendor_world
    staff = board_staff(full_name=officer.full_name.upper())  # the same name, written differently
    [(blocking, _message)] = rules_of(application, "e")
    assert not blocking
    decision = MatchDecision.objects.create(rule="30 DCMR 1206.4(e)", person=officer.ref, person_name=officer.full_name,
                                            other=f"licensing.user:{staff.pk}", other_name=staff.full_name, same=True,
                                            reason="Same person: staff ID checked.", decided_by=board_staff())
    [(blocking, _message)] = rules_of(application, "e")
    assert blocking
    MatchDecision.objects.filter(pk=decision.pk).update(same=False)
    assert rules_of(application, "e") == []
