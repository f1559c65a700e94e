"""The license certificate: a PDF built by a Celery task, with a QR code of the public lookup page."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from licensing.licenses import certificates
from licensing.licenses.services import license_issue
from licensing.licenses.tasks import license_certificate_build
from licensing.models import AuditEvent, License
from tests.licensing.factories import (
    ApplicationFactory,
    BingoOccasionFactory,
    MembershipFactory,
    OrganizationFactory,
    approve,
    approved_paid,
    board_member,
    board_staff,
    fee_pay,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def license(django_capture_on_commit_callbacks):
    organization = OrganizationFactory(name="Saint Anselm Parish Association", email="parish@example.org")
    application = approved_paid(organization=organization)
    BingoOccasionFactory(application=application)
    with django_capture_on_commit_callbacks(execute=False):  # built explicitly in each test
        return license_issue(application=application)


def _pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_task_builds_the_pdf_and_emails_the_organization(license, mailoutbox,
                                                             django_capture_on_commit_callbacks):
    officer = MembershipFactory(organization=license.organization).user
    with django_capture_on_commit_callbacks(execute=True):
        license_certificate_build.delay(license.pk).get(timeout=30)
    license.refresh_from_db()
    assert license.certificate_built_at is not None
    data = license.certificate.open("rb").read()
    assert data.startswith(b"%PDF")
    text = _pdf_text(data)
    assert license.number in text and "Saint Anselm Parish Association" in text
    assert "30 DCMR 1202.4" in text
    assert len(PdfReader(io.BytesIO(data)).pages) == 1
    assert AuditEvent.objects.filter(event_type="licensing.license_certificate_built",
                                     object_id=str(license.pk)).count() == 1

    assert len(mailoutbox) == 1
    message = mailoutbox[0]
    assert set(message.to) == {"parish@example.org", officer.email}
    assert license.number in message.subject
    assert reverse("portal:license_certificate", args=[license.pk]) in message.body


def test_issuing_through_the_votes_builds_the_certificate(django_capture_on_commit_callbacks, mailoutbox):
    application = ApplicationFactory(submitted=True)
    MembershipFactory(organization=application.organization)
    fee_pay(application)  # its receipt's email is not this test's
    with django_capture_on_commit_callbacks(execute=True):
        approve(application)
    license = License.objects.get(application=application)
    assert license.certificate and license.certificate.open("rb").read(4) == b"%PDF"
    assert len(mailoutbox) == 1


def test_the_qr_code_encodes_the_public_lookup_url(license, settings):
    settings.PUBLIC_BASE_URL = "https://gaming.example.gov"
    context = certificates.certificate_context(license)
    url = f"https://gaming.example.gov/public/licenses/{license.number}/"
    assert context["lookup_url"] == url
    assert context["qr_svg"] == certificates.qr_svg(url)
    assert context["qr_svg"] != certificates.qr_svg(url + "x")
    assert context["qr_svg"].lstrip().startswith(("<?xml", "<svg"))
    assert context["qr_data_uri"] in certificates.certificate_html(license)


def _dark_modules(url: str) -> set[tuple[int, int]]:
    import qrcode

    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    code.add_data(url)
    code.make(fit=True)
    return {(x, y) for y, row in enumerate(code.get_matrix()) for x, dark in enumerate(row) if dark}


def test_the_qr_svg_draws_the_modules_of_the_lookup_url(license):
    url = certificates.license_lookup_url(license)
    svg = certificates.qr_svg(url)
    # SvgPathImage draws each dark module as one unit square "Mx,yH..V..H..z" in module coordinates.
    drawn = {(int(x), int(y)) for x, y in re.findall(r"M(\d+),(\d+)H", svg)}
    assert drawn == _dark_modules(url)
    assert drawn != _dark_modules(url.replace(license.number, "BG-1999-00001"))


@pytest.fixture
def built(license):
    license_certificate_build.delay(license.pk).get(timeout=30)
    license.refresh_from_db()
    return license


def test_download_is_scoped(client, built):
    url = reverse("portal:license_certificate", args=[built.pk])
    assert client.get(url).status_code == 302  # sign in first

    for user in (MembershipFactory(organization=built.organization).user, board_staff(), board_member()):
        client.force_login(user)
        response = client.get(url)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        assert b"".join(response.streaming_content).startswith(b"%PDF")

    client.force_login(MembershipFactory().user)  # another organization's officer
    assert client.get(url).status_code == 404


def test_api_certificate_download(client, built):
    client.force_login(MembershipFactory(organization=built.organization).user)
    response = client.get(reverse("license-certificate", args=[built.pk]), headers={"Accept": "application/pdf"})
    assert response.status_code == 200
    assert b"".join(response.streaming_content).startswith(b"%PDF")
    listed = client.get(reverse("license-detail", args=[built.pk])).json()
    assert listed["certificate_url"].endswith(reverse("license-certificate", args=[built.pk]))

    client.force_login(MembershipFactory().user)
    assert client.get(reverse("license-certificate", args=[built.pk])).status_code == 404


def test_no_certificate_yet_is_a_404(client, license):
    client.force_login(board_staff())
    assert client.get(reverse("portal:license_certificate", args=[license.pk])).status_code == 404
    assert client.get(reverse("license-certificate", args=[license.pk])).status_code == 404
