import pytest
from django.core.management import call_command

from demo.world import BOARD_ADMIN, BOARD_MEMBERS, DEMO_PASSWORD, DEMO_TOTP_SECRET
from licensing.models import Application, AuditEvent, License, LicenseeKind, Membership, Organization, Role, User

pytestmark = pytest.mark.django_db


def test_seed_demo_builds_the_world_once(capsys, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # the certificate is built after commit
        call_command("seed_demo", "--only", "world")
    first = capsys.readouterr().out
    assert DEMO_PASSWORD in first

    assert Organization.objects.filter(kind=LicenseeKind.ORGANIZATION).count() == 3
    assert Organization.objects.filter(kind=LicenseeKind.VENDOR).count() == 1  # the demo vendor is a licensee too
    assert Organization.objects.filter(is_senior_group=True).count() == 1
    assert User.objects.filter(groups__name="board_member").count() == len(BOARD_MEMBERS) == 5
    assert User.objects.filter(groups__name="board_staff").count() == 1
    # The Board administrator works in the portal (Board accounts), with no admin rights.
    board_admin = User.objects.get(email=BOARD_ADMIN[0])
    assert board_admin.is_board_admin and not board_admin.is_staff and not board_admin.is_superuser
    assert BOARD_ADMIN[0] in first
    assert Membership.objects.filter(role=Role.CALLER).exists()
    assert Membership.objects.filter(role=Role.TOURNAMENT_DIRECTOR).exists()
    assert Membership.objects.filter(role=Role.VENDOR_REPRESENTATIVE, organization__vendor__isnull=False).count() == 1
    officer = User.objects.get(email="officer@staugustine.demo.dcgaming.org")
    assert officer.check_password(DEMO_PASSWORD)

    # The licensing demo went through the real services: one queued, one licensed, one draft; and a licensed vendor.
    statuses = sorted(Application.objects.exclude(license_type="vendor").values_list("status", flat=True))
    assert statuses == ["approved", "draft", "submitted"]
    assert License.objects.get(license_type="montecarlo").certificate
    vendor_license = License.objects.get(license_type="vendor")
    assert vendor_license.certificate and vendor_license.organization.name == "Capitol Bingo Supply Co."

    counts = (User.objects.count(), Membership.objects.count(), AuditEvent.objects.count())
    call_command("seed_demo", "--only", "world")
    second = capsys.readouterr().out
    assert DEMO_PASSWORD not in second  # printed once
    assert (User.objects.count(), Membership.objects.count(), AuditEvent.objects.count()) == counts


def test_demo_welcome_prints_the_address_and_the_accounts(capsys, settings, tmp_path):
    """What `make run` prints last: the address it serves on, who to sign in as, and the one password; the
    report of what was made goes to the log."""
    settings.PUBLIC_BASE_URL = "http://127.0.0.1:8123"
    log = tmp_path / "demo-seed.log"
    call_command("seed_demo", "--only", "world", "--log", str(log))
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8123/" in out and ":8000" not in out
    assert DEMO_PASSWORD in out and BOARD_ADMIN[0] in out and "officer@staugustine.demo.dcgaming.org" in out
    assert str(log) in out and len(out.splitlines()) < 20
    assert "Demo accounts created" in log.read_text()
    assert DEMO_TOTP_SECRET in out and "demo_totp" in out  # how the Board's demo accounts pass two-factor


def test_seed_demo_builds_every_part_in_order_once(capsys, django_capture_on_commit_callbacks):
    """What `make run` does: the world, tonight's bingo, tournaments and training night; run again, nothing."""
    with django_capture_on_commit_callbacks(execute=True):
        call_command("seed_demo")
    first = capsys.readouterr().out
    marks = ["Demo accounts created", "Tonight's bingo:", "Tonight's Hold'em (demo)", "Casino training night (demo)"]
    assert [first.index(mark) for mark in marks] == sorted(first.index(mark) for mark in marks)
    counts = (User.objects.count(), Membership.objects.count(), AuditEvent.objects.count(), License.objects.count())
    call_command("seed_demo")
    second = capsys.readouterr().out
    assert second.count("nothing changed") == 4 and DEMO_PASSWORD not in second
    assert (User.objects.count(), Membership.objects.count(), AuditEvent.objects.count(),
            License.objects.count()) == counts
