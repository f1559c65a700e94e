"""One row of every model the admin shows (ours and third-party), so every change, delete and history
page has an object to open; and the organization admin's form with one new membership row. The users
of each role the admin tests walk through: tests.licensing.factories.role_user."""

from decimal import Decimal

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.utils import timezone
from django_celery_beat.models import ClockedSchedule, CrontabSchedule, IntervalSchedule, PeriodicTask, SolarSchedule
from rest_framework.authtoken.models import Token

from bingo.live import services as bingo_services
from licensing.enforcement.services import license_fine
from licensing.models import Document, Role
from licensing.models.choices import DocumentKind, VoteChoice
from licensing.review.services import deficiency_notice_issue, vote_cast
from tests.bingo.factories import live_game
from tests.licensing.factories import (
    ApplicationFactory,
    OrganizationMemberFactory,
    ResponsiblePersonFactory,
    board_member,
    board_staff,
)
from tests.vendors.factories import OwnerFactory, SupplierFactory, VendorRepresentativeFactory
from vendors.models import PriceList


def build_admin_world() -> dict:
    """Rows for every registered model; returns the ones the tests name."""
    staff = board_staff()
    game, caller = live_game()
    bingo_services.ball_record(actor=caller, game=game, number=7)
    license = game.operation.license
    organization = license.organization

    vote_cast(application=ApplicationFactory(submitted=True), actor=board_member(), choice=VoteChoice.AYE)
    decided = ApplicationFactory(submitted=True)
    for _ in range(4):
        vote_cast(application=decided, actor=board_member(), choice=VoteChoice.AYE)
    deficiency_notice_issue(actor=staff, application=ApplicationFactory(submitted=True), message="Bylaws missing.")
    license_fine(actor=staff, license=license, violations=1, amount_per_violation=Decimal("100.00"),
                 reasons=["d"], rules=["30 DCMR 1408.1"], explanation="Prize above the cap.")
    Document.objects.create(organization=organization, kind=DocumentKind.BYLAWS, file="documents/bylaws.pdf",
                            original_name="bylaws.pdf", content_type="application/pdf", size=2048, sha256="0" * 64,
                            uploaded_by=staff)
    OrganizationMemberFactory(organization=organization)
    ResponsiblePersonFactory(organization=organization)
    vendor = VendorRepresentativeFactory().organization.vendor
    OwnerFactory(vendor=vendor)
    SupplierFactory(vendor=vendor)
    PriceList.objects.create(vendor=vendor, version=1, created_by=staff, application=ApplicationFactory(
        organization=vendor.organization, license_type="vendor", license_class=""))
    Token.objects.create(user=caller)

    attempt = {"user_agent": "pytest", "ip_address": "127.0.0.1", "username": caller.email, "http_accept": "*/*",
               "path_info": "/accounts/login/"}
    AccessAttempt.objects.create(**attempt, get_data="", post_data="", failures_since_start=1)
    AccessLog.objects.create(**attempt)
    AccessFailureLog.objects.create(**attempt)
    interval = IntervalSchedule.objects.create(every=10, period=IntervalSchedule.SECONDS)
    CrontabSchedule.objects.create(minute="0", hour="7")
    SolarSchedule.objects.create(event="sunrise", latitude=Decimal("38.9"), longitude=Decimal("-77.0"))
    ClockedSchedule.objects.create(clocked_time=timezone.now())
    PeriodicTask.objects.create(name="test task", task="licensing.tasks.reminders_send", interval=interval)
    return {"organization": organization, "caller": caller}


def inline_membership_form(organization, user) -> dict:
    """The organization change form, unchanged, with one new membership row in its inline."""
    return {
        "name": organization.name, "organization_type": organization.organization_type,
        "street_address": organization.street_address, "city": organization.city, "state": organization.state,
        "postal_code": organization.postal_code, "determination_letter": organization.determination_letter,
        "memberships-TOTAL_FORMS": "1", "memberships-INITIAL_FORMS": "0",
        "memberships-MIN_NUM_FORMS": "0", "memberships-MAX_NUM_FORMS": "1000",
        "memberships-0-user": str(user.pk), "memberships-0-role": Role.OFFICER, "memberships-0-is_active": "on",
    }
