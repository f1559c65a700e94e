"""Journey 1 (issue 26): in the demo every license type and class can be applied for: a fee and a bond
resolve for each (raffle classes 1-5 included, whose fees and bonds are Board data, 30 DCMR 1202.2(r), 1205.2),
from the register once the demo pack (rulepacks/demo-board-data.toml) is loaded, and `make run` on a demo database
seeded before these numbers existed adds them."""

from decimal import Decimal

import pytest
from django.core.management import call_command

from core.findings import RuleViolation
from demo import licensing as demo_seed
from licensing.fees.quotes import fee_quote
from licensing.models import BoardNumber
from licensing.models.choices import LICENSE_CLASSES, ApplicationKind, LicenseType, Period
from licensing.register.packs import SAME, read_pack
from licensing.register.services import pack_apply

pytestmark = pytest.mark.django_db

# Where the rules themselves say no bond is posted: a vendor; a senior group's Class D recreational bingo (1201.3).
NO_BOND = {(LicenseType.VENDOR, "", False), (LicenseType.BINGO, "D", True)}
EVERY_CLASS = [(license_type, license_class) for license_type, classes in LICENSE_CLASSES.items()
               for license_class in classes]


def requests_of(license_type, license_class, kind):
    periods = [Period.REGULAR, Period.LIMITED] if license_type in (LicenseType.BINGO, LicenseType.MULTIHALL) \
        else [Period.REGULAR]
    for period in periods:
        for senior in (False, True):
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


@pytest.mark.parametrize("kind", ApplicationKind.values)
@pytest.mark.parametrize(("license_type", "license_class"), EVERY_CLASS, ids=lambda value: value or "none")
def test_every_license_type_and_class_has_a_fee_and_a_bond_in_the_demo(license_type, license_class, kind):
    demo_seed.schedules()
    quoted = 0
    for request in requests_of(license_type, license_class, kind):
        found = quote(request)
        if found is None:
            continue
        quoted += 1
        assert found.application_fee is not None, (request, found.notes)
        if (license_type, license_class, request["senior"]) in NO_BOND or license_type == LicenseType.VENDOR:
            assert found.bond is None
        else:
            assert found.bond is not None, (request, found.notes)
        assert found.can_submit, (request, found.notes)
    assert quoted > 0  # every class of every type can be applied for by someone


def test_the_demo_raffle_figures_and_their_citations():
    demo_seed.schedules()
    raffle = fee_quote(license_type=LicenseType.RAFFLE, license_class="3")
    assert raffle.application_fee == Decimal("100.00") and raffle.bond == Decimal("2500.00")
    assert "30 DCMR 1202.2(r)" in raffle.citations and "30 DCMR 1205.2" in raffle.citations


def test_seeding_again_adds_nothing_and_the_pack_then_says_same_for_every_row():
    added = demo_seed.schedules()
    pack = read_pack(demo_seed.DEMO_PACK)
    assert added == len(pack.rows)
    count = BoardNumber.objects.count()
    assert demo_seed.schedules() == 0 and BoardNumber.objects.count() == count
    assert {change.status for change in pack_apply(pack=pack, source="test")} == {SAME}


def test_a_figure_the_board_already_set_is_kept():
    from tests.licensing.factories import board_number

    board_number("bond.raffle.1", "750.00")
    demo_seed.schedules()
    assert fee_quote(license_type=LicenseType.RAFFLE, license_class="1").bond == Decimal("750.00")


def test_without_the_demo_numbers_a_raffle_cannot_be_filed_and_the_demo_heals_an_old_demo_database(capsys):
    found = fee_quote(license_type=LicenseType.RAFFLE, license_class="1")
    assert found.application_fee is None and not found.can_submit  # the Board's own data: nothing is made up
    call_command("seed_demo", "--only", "world")
    # A demo seeded before the numbers existed (a test may delete what the services never do).
    BoardNumber.objects.filter(key__startswith="fee.raffle.").delete()
    BoardNumber.objects.filter(key__startswith="bond.raffle.").delete()
    call_command("seed_demo")  # what `make run` does again
    found = fee_quote(license_type=LicenseType.RAFFLE, license_class="1")
    assert found.application_fee == Decimal("25.00") and found.bond == Decimal("500.00") and found.can_submit
