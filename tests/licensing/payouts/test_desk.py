"""Paying a prize at the desk (licensing.payouts.services): the form, the withholding, and bad input refused with
nothing written."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from core.sealing import unseal
from licensing.models import Payout, PayoutStatus, Role
from licensing.models.choices import LicenseType
from licensing.payouts.services import payout_open, payout_pay, payout_tin_reveal, payout_void
from tests.licensing.factories import license_for, member

pytestmark = pytest.mark.django_db
D = Decimal
JUNE_2026, JUNE_2025 = dt.date(2026, 6, 6), dt.date(2025, 6, 6)
PERSON = {"name": "Ana Ruiz", "street": "1 Main St NW", "city": "Washington", "state": "DC", "postal_code": "20001",
          "tin": "123-45-6789", "id_first": "DC driver's license ending 4411, photo", "id_second": "Voter card"}


@pytest.fixture
def bingo_license():
    return license_for(license_type=LicenseType.BINGO, license_class="A")


def _payout(license, prize="2000.00", source="bingo.game:1/sale:1", game="bingo", won_on=JUNE_2026, **fields):
    return payout_open(license=license, game=game, source=source, session=source.split("/")[0], label="Game 1",
                       won_on=won_on, prize=D(prize) if prize else None, **fields)


def test_a_2000_bingo_prize_in_2026_gets_a_numbered_form_and_a_sealed_identity(bingo_license):
    desk = member(bingo_license.organization, Role.OFFICER)
    paid = payout_pay(actor=desk, payout=_payout(bingo_license), method="cash", amount="2000.00", winner=PERSON,
                      paid_on=JUNE_2026, today=JUNE_2026)
    assert paid.status == PayoutStatus.PAID and paid.w2g and paid.form_number == "W2G-2026-00001"
    assert paid.withheld == D("0.00") and paid.tin_masked == "***-**-6789"
    assert "123456789" not in paid.identity and unseal(paid.identity)["tin"] == "123456789"
    assert payout_tin_reveal(actor=desk, payout=paid) == "123-45-6789"


def test_a_1999_99_bingo_prize_asks_only_the_name(bingo_license):
    desk = member(bingo_license.organization, Role.OFFICER)
    paid = payout_pay(actor=desk, payout=_payout(bingo_license, prize="1999.99"), method="cash", amount="1999.99",
                      winner={"name": "Bo"}, paid_on=JUNE_2026, today=JUNE_2026)
    assert not paid.w2g and paid.form_number == ""


def test_a_form_due_without_identity_is_refused_naming_each_field_and_nothing_is_written(bingo_license):
    desk = member(bingo_license.organization, Role.OFFICER)
    payout = _payout(bingo_license)
    with pytest.raises(ValidationError) as refused:
        payout_pay(actor=desk, payout=payout, method="cash", amount="2000.00", winner={"name": "Bo"},
                   paid_on=JUNE_2026, today=JUNE_2026)
    assert {"street", "tin", "id_first", "id_second"} <= set(refused.value.message_dict)
    assert Payout.objects.get(pk=payout.pk).status == PayoutStatus.DUE


@pytest.mark.parametrize("tin", ["000-12-3456", "666-12-3456", "912-34-5678", "12-345-678", "１２３-45-6789"])
def test_invalid_ssns_are_refused(bingo_license, tin):
    desk = member(bingo_license.organization, Role.OFFICER)
    with pytest.raises(ValidationError) as refused:
        payout_pay(actor=desk, payout=_payout(bingo_license), method="cash", amount="2000.00",
                   winner={**PERSON, "tin": tin}, paid_on=JUNE_2026, today=JUNE_2026)
    assert set(refused.value.message_dict) == {"tin"}
    assert tin not in str(refused.value)


def test_paying_twice_above_the_prize_or_a_void_payout_is_refused(bingo_license):
    desk = member(bingo_license.organization, Role.OFFICER)
    payout = _payout(bingo_license, prize="100.00")
    with pytest.raises(ValidationError) as refused:
        payout_pay(actor=desk, payout=payout, method="cash", amount="100.01", winner={"name": "Bo"}, today=JUNE_2026)
    assert "amount" in refused.value.message_dict
    payout_pay(actor=desk, payout=payout, method="cash", amount="100.00", winner={"name": "Bo"}, today=JUNE_2026)
    with pytest.raises(ValidationError, match="already paid"):
        payout_pay(actor=desk, payout=payout, method="cash", amount="100.00", winner={"name": "Bo"}, today=JUNE_2026)
    voided = _payout(bingo_license, prize=None, source="bingo.game:1/sale:2", pending=True)
    payout_void(source=voided.source, reason="Claim voided: face misread")
    with pytest.raises(ValidationError, match="face misread"):
        payout_pay(actor=desk, payout=voided, method="cash", amount="1.00", winner={"name": "Bo"}, today=JUNE_2026)


def test_a_check_number_paid_to_another_winner_is_refused(bingo_license):
    desk = member(bingo_license.organization, Role.OFFICER)
    payout_pay(actor=desk, payout=_payout(bingo_license, prize="50.00"), method="check", check_number="1001",
               amount="50.00", winner={"name": "Bo"}, today=JUNE_2026)
    with pytest.raises(ValidationError) as refused:
        payout_pay(actor=desk, payout=_payout(bingo_license, prize="50.00", source="bingo.game:1/sale:2"),
                   method="check", check_number="1001", amount="50.00", winner={"name": "Cy"}, today=JUNE_2026)
    assert "Check 1001 already paid another winner" in refused.value.message_dict["check_number"][0]


def test_a_raffle_winner_refusing_a_tin_gets_backup_withholding(bingo_license):
    desk = member(bingo_license.organization, Role.OFFICER)
    payout = _payout(bingo_license, prize=None, source="raffle.drawing:1/prize:1", game="raffle", won_on=JUNE_2025)
    person = {**PERSON, "tin": "", "tin_refused": True}
    paid = payout_pay(actor=desk, payout=payout, method="check", check_number="77", amount="1000.00",
                      prize="1000.00", wager="1.00", winner=person, paid_on=JUNE_2025, today=JUNE_2026)
    assert paid.w2g and paid.backup_withholding and paid.withheld == D("239.76")  # 24% of $999.00


def test_only_desk_roles_pay_and_only_filing_people_see_the_number(bingo_license):
    payout = _payout(bingo_license)
    with pytest.raises(PermissionDenied):
        payout_pay(actor=member(bingo_license.organization, Role.CALLER), payout=payout, method="cash",
                   amount="2000.00", winner=PERSON, today=JUNE_2026)
    paid = payout_pay(actor=member(bingo_license.organization, Role.TOURNAMENT_DIRECTOR), payout=payout,
                      method="cash", amount="2000.00", winner=PERSON, paid_on=JUNE_2026, today=JUNE_2026)
    with pytest.raises(PermissionDenied):
        payout_tin_reveal(actor=member(bingo_license.organization, Role.TOURNAMENT_DIRECTOR), payout=paid)
