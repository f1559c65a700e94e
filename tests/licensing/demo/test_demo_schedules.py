"""Journey 1 (issue 26): in the demo every license type and class can be applied for: a fee and a bond
resolve for each (raffle classes 1-5 included, whose fees and bonds are Board data, 30 DCMR 1202.2(r), 1205.2),
and `make run` on a demo database seeded before these rows existed adds them."""

from decimal import Decimal

import pytest
from django.core.management import call_command

from core.findings import RuleViolation
from licensing.demo import seed as demo_seed
from licensing.fees.quotes import fee_quote
from licensing.models import BondScheduleRow, FeeScheduleRow
from licensing.models.choices import LICENSE_CLASSES, ApplicationKind, LicenseType, Period

pytestmark = pytest.mark.django_db

# Where the rules themselves say no bond is posted: a vendor; a senior group's Class D recreational bingo (1201.3).
NO_BOND = {(LicenseType.VENDOR, "", False), (LicenseType.BINGO, "D", True)}


def every_request():
    for license_type, classes in LICENSE_CLASSES.items():
        periods = [Period.REGULAR, Period.LIMITED] if license_type in (LicenseType.BINGO, LicenseType.MULTIHALL) \
            else [Period.REGULAR]
        for license_class in classes:
            for period in periods:
                for senior in (False, True):
                    for kind in ApplicationKind.values:
                        yield {"license_type": license_type, "license_class": license_class, "period": period,
                               "senior": senior, "kind": kind}


def quote(request):
    extra = {}
    if request["license_type"] == LicenseType.MULTIHALL:
        extra["highest_prize"] = Decimal("10000.00")
    if request["license_type"] == LicenseType.VENDOR and request["kind"] == ApplicationKind.RENEWAL:
        extra["gross_sales"] = Decimal("12000.00")
    try:
        return fee_quote(**request, **extra)
    except RuleViolation:
        return None  # a combination the rules do not allow (Class D for a non-senior group, a senior vendor)


def test_every_license_type_and_class_has_a_fee_and_a_bond_in_the_demo():
    demo_seed.schedules()
    quoted = 0
    for request in every_request():
        found = quote(request)
        if found is None:
            continue
        quoted += 1
        assert found.application_fee is not None, (request, found.notes)
        key = (request["license_type"], request["license_class"], request["senior"])
        if key in NO_BOND or request["license_type"] == LicenseType.VENDOR:
            assert found.bond is None
        else:
            assert found.bond is not None, (request, found.notes)
        assert found.can_submit, (request, found.notes)
    assert quoted > 60
    raffle = fee_quote(license_type=LicenseType.RAFFLE, license_class="3")
    assert raffle.application_fee == Decimal("100.00") and raffle.bond == Decimal("2500.00")
    assert "30 DCMR 1202.2(r)" in raffle.citations and "30 DCMR 1205.2" in raffle.citations


def test_without_the_demo_rows_a_raffle_cannot_be_filed_and_the_demo_heals_an_old_demo_database(capsys):
    found = fee_quote(license_type=LicenseType.RAFFLE, license_class="1")
    assert found.application_fee is None and not found.can_submit  # the Board's own data: nothing is made up
    call_command("seed_demo")
    FeeScheduleRow.objects.filter(license_type=LicenseType.RAFFLE).delete()  # a demo seeded before the rows
    BondScheduleRow.objects.filter(license_type=LicenseType.RAFFLE).delete()
    call_command("seed_demo")  # what `make run` does again
    found = fee_quote(license_type=LicenseType.RAFFLE, license_class="1")
    assert found.application_fee == Decimal("25.00") and found.bond == Decimal("500.00") and found.can_submit
