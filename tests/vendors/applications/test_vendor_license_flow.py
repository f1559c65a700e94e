"""A vendor license goes through licensing's own machinery: the vendor's 1207.2 checks before submission, the
Board's review and four affirmative votes, a VD license and its certificate (30 DCMR 1202.4, 1206-1208)."""

import pytest

from licensing.applications.checks import application_findings
from licensing.applications.services import application_submit
from licensing.models import License
from licensing.models.choices import ApplicationStatus, LicenseType
from tests.licensing.factories import approve, event_types
from tests.vendors.factories import (
    complete_vendor,
    filed_application,
    registered_vendor,
    submitted_vendor_application,
    vendor_fee_rows,
)

pytestmark = pytest.mark.django_db


def test_a_complete_vendor_application_is_submitted_approved_by_four_votes_and_licensed():
    vendor_fee_rows()
    vendor, representative = registered_vendor()
    complete_vendor(vendor, representative)
    application = filed_application(vendor, representative)
    assert [f for f in application_findings(application) if f.blocking] == []
    application = application_submit(application=application, actor=representative)
    assert application.status == ApplicationStatus.SUBMITTED
    assert str(application.application_fee) == "250.00" and application.bond_amount is None
    assert application.submitted_snapshot["price_list"]["items"][0]["catalogue_number"] == "BP-100"
    approve(application)
    license = License.objects.get(application=application)
    assert license.license_type == LicenseType.VENDOR and license.number.startswith("VD-")
    assert license.license_class == ""
    assert "vendors.vendor_registered" in event_types(application)


def test_an_empty_vendor_application_names_every_missing_item_of_1207_2():
    vendor_fee_rows()
    vendor, representative = registered_vendor()
    application = filed_application(vendor, representative, items=None)
    rules = {finding.rule for finding in application_findings(application) if finding.blocking}
    assert {"30 DCMR 1207.2(d)", "30 DCMR 1207.2(f)", "30 DCMR 1207.2(g)"} <= rules


@pytest.fixture
def submitted():
    return submitted_vendor_application()


def test_a_vendor_is_denied_for_not_meeting_1206_never_for_an_organizations_1200(submitted):
    from core.findings import RuleViolation
    from licensing.review.services import application_deny
    from tests.licensing.factories import board_staff

    staff = board_staff()
    with pytest.raises(RuleViolation) as error:
        application_deny(actor=staff, application=submitted, reasons=["a"], explanation="Not eligible.")
    assert error.value.findings[0].rule == "30 DCMR 1210.1" and "(b)" in error.value.findings[0].message
    decision = application_deny(actor=staff, application=submitted, reasons=["b"],
                                explanation="An owner is a professional gambler (30 DCMR 1206.4(b)).")
    assert decision.reasons == ["b"]


def test_a_vendor_license_is_suspended_or_revoked_citing_1210_1_b(submitted):
    from core.findings import RuleViolation
    from licensing.enforcement.services import license_revoke, license_suspend
    from licensing.models.choices import LicenseStatus
    from tests.licensing.factories import board_staff

    approve(submitted)
    license, staff = License.objects.get(application=submitted), board_staff()
    with pytest.raises(RuleViolation):
        license_suspend(actor=staff, license=license, days=30, reasons=["a"], rules=[], explanation="x")
    license_suspend(actor=staff, license=license, days=30, reasons=["b"], rules=["30 DCMR 1206.4(a)"],
                    explanation="An officer's felony came to light.")
    license.refresh_from_db()
    assert license.status == LicenseStatus.SUSPENDED
    license_revoke(actor=staff, license=license, reasons=["b", "c"], rules=["30 DCMR 1206.4(a)"],
                   explanation="The felony was not declared.")
    license.refresh_from_db()
    assert license.status == LicenseStatus.REVOKED


def test_a_board_account_may_not_register_a_vendor_and_a_vendors_address_cites_1207_2_a():
    from django.core.exceptions import PermissionDenied, ValidationError

    from tests.licensing.factories import board_member, board_staff

    for person in (board_staff(), board_member()):
        with pytest.raises(PermissionDenied, match=r"1206\.4\(e\)"):
            registered_vendor(representative=person)
    with pytest.raises(ValidationError) as error:
        from tests.licensing.factories import UserFactory
        from vendors.applications.services import vendor_register
        vendor_register(actor=UserFactory(), name="Bad Zip Supply", street_address="1 Main St", postal_code="ABCDE")
    assert "30 DCMR 1207.2(a)" in str(error.value.message_dict["postal_code"])
