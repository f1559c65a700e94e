"""Issue 15's reply thread, in a browser: staff send a deficiency notice, the organization's officer opens the
application and answers in the thread with a file; staff read the answer on the review page, which holds the
whole filing (answers, people, premises and lease, documents previewed in place, findings, history). The review
page is screenshotted at 1440x900 (SHOTS_DIR, or the test's tmp_path)."""

import datetime as dt
import io
from decimal import Decimal

import pytest
from django.core.files.base import ContentFile
from PIL import Image, ImageDraw

from licensing.models import ApplicationMessage
from licensing.models.choices import ApplicationStatus, DocumentKind, VoteChoice
from licensing.review.services import vote_cast
from tests.browser.conftest import sign_in
from tests.browser.screens import axe_problems, shots_dir
from tests.licensing.factories import (
    ApplicationFactory,
    BingoOccasionFactory,
    MembershipFactory,
    add_document,
    board_member,
    board_staff,
    make_eligible,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def png_of(text: str) -> bytes:
    """A real picture (a scanned page, as an organization would send one)."""
    image = Image.new("RGB", (640, 420), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 10, 630, 410), outline="black", width=3)
    for line, y in zip(text.splitlines(), range(40, 400, 36), strict=False):
        draw.text((40, y), line, fill="black")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def pdf_of(text: str) -> bytes:
    """A one-page PDF with a line of text, its cross-reference table computed."""
    stream = f"BT /F1 18 Tf 72 720 Td ({text}) Tj ET".encode()
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
               b"/Resources << /Font << /F1 5 0 R >> >> >>",
               b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def sign_out(page):
    page.get_by_role("button", name="Sign out").click()


def test_the_organization_answers_a_deficiency_in_the_thread(asgi_url, browser_page, organization, tmp_path):
    base, page = asgi_url, browser_page
    page.set_viewport_size({"width": 1440, "height": 900})
    officer = MembershipFactory(organization=organization).user
    make_eligible(organization, uploaded_by=officer)
    staff = board_staff()
    application = ApplicationFactory(
        submitted=True, organization=organization, premises__name="St. Anne Parish Hall",
        premises__certificate_of_occupancy="CO-2019-04417", premises_leased=True, rent_amount=Decimal("450.00"),
        lease_purpose="Weekly bingo on Tuesdays", lease_starts_on=dt.date(2026, 1, 1),
        lease_ends_on=dt.date(2026, 12, 31), lease_signed_on=dt.date(2025, 11, 20),
        lessor_name="Anacostia Holdings LLC", lessor_address="1 Good Hope Road SE, Washington, DC 20020",
        findings=[{"rule": "30 DCMR 1400.4(e)", "message": "the signed lease is not on file", "field": "documents",
                   "blocking": False}],
    )
    BingoOccasionFactory(application=application)
    certificate = add_document(organization, DocumentKind.CERTIFICATE_OF_OCCUPANCY, uploaded_by=officer,
                               application=application)
    certificate_pdf = pdf_of("Certificate of occupancy CO-2019-04417")
    certificate.size = len(certificate_pdf)
    certificate.file.save("co.pdf", ContentFile(certificate_pdf))
    lease = add_document(organization, DocumentKind.LEASE, uploaded_by=officer, application=application)
    lease_png = png_of("LEASE AGREEMENT\nSt. Anne Parish Hall\nRent $450.00 a month")
    lease.content_type, lease.original_name, lease.size = "image/png", "lease-first-page.png", len(lease_png)
    lease.file.save("lease.png", ContentFile(lease_png))
    for _ in range(3):
        vote_cast(application=application, actor=board_member(), choice=VoteChoice.AYE)

    # Staff send a deficiency notice from the review page.
    sign_in(page, base, staff)
    page.goto(f"{base}/portal/review/{application.pk}/")
    page.locator("form[action$='/deficiency/'] textarea").fill("Send the signed lease, all pages.")
    page.get_by_role("button", name="Send the notice").click()
    page.get_by_text("Deficiency notice sent to the organization.").wait_for()
    sign_out(page)

    # The officer opens the application and answers in the thread, with the signed lease as a file.
    scan = tmp_path / "signed-lease.png"
    scan.write_bytes(png_of("SIGNED LEASE\nSt. Anne Parish Hall\nSigned 20 Nov 2025"))
    sign_in(page, base, officer)
    page.goto(f"{base}/portal/applications/{application.pk}/")
    page.get_by_role("link", name="Messages with board staff: read and answer").click()
    page.get_by_text("This application has an open deficiency notice").wait_for()
    page.get_by_role("textbox", name="Message").fill("The signed lease is attached: all three pages.")
    page.get_by_label("Files").set_input_files(str(scan))
    page.get_by_role("button", name="Send the message").click()
    page.get_by_text("Your message is sent.").wait_for()
    page.reload()  # the flash message's list is the base layout's (a role="status" <ul>): checked without it
    assert axe_problems(page) == []
    page.locator(".thread-message", has_text="The signed lease is attached").wait_for()
    message = ApplicationMessage.objects.get()
    assert message.deficiency_notice is not None and message.attachments.get().content_type == "image/png"
    sign_out(page)

    # Staff read the answer on the review page, beside everything else the decision needs.
    sign_in(page, base, staff)
    page.goto(f"{base}/portal/review/{application.pk}/")
    reply = page.locator("#thread .thread-message", has_text="The signed lease is attached: all three pages.")
    reply.wait_for()
    assert reply.get_by_role("link", name="signed-lease.png").is_visible()
    assert "In answer to the deficiency notice" in reply.inner_text()
    for heading in ("Answers, as filed", "Members and responsible people", "Premises and lease", "Documents",
                    "Findings", "Messages with the organization", "History", "Where it stands"):
        assert page.get_by_role("heading", name=heading).is_visible(), heading
    assert page.get_by_text("3 of 4 needed").is_visible()
    # The lease's first page previews in place, served from this site only.
    page.get_by_text("Preview lease-first-page.png").click()
    image = page.get_by_role("img", name="Lease: lease-first-page.png")
    image.wait_for()
    page.wait_for_function("img => img.complete && img.naturalWidth === 640", arg=image.element_handle())
    page.get_by_text("Preview certificate_of_occupancy.pdf").click()
    page.locator("iframe[title='Certificate of occupancy: certificate_of_occupancy.pdf']").wait_for()
    page.get_by_role("heading", name="History").click()
    page.get_by_text("Message written in the application's thread").wait_for()
    application.refresh_from_db()
    assert application.status == ApplicationStatus.DEFICIENT  # an answer does not cure: resubmitting does
    assert axe_problems(page) == []
    shots = shots_dir(tmp_path)
    page.screenshot(path=str(shots / "review-page.png"), full_page=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "review-page-top.png"))
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.screenshot(path=str(shots / "review-page-1920.png"))
    page.set_viewport_size({"width": 1440, "height": 900})
    page.locator("#documents").scroll_into_view_if_needed()
    page.get_by_text("Preview certificate_of_occupancy.pdf").scroll_into_view_if_needed()
    page.wait_for_timeout(1000)  # the PDF viewer paints after the frame loads
    page.screenshot(path=str(shots / "review-page-preview.png"))
    page.locator("#thread").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "review-page-thread.png"))
    # The queue: the tally and days waiting on the row, the queue by age as a chart with its table.
    page.goto(f"{base}/portal/review/")
    row = page.locator("table.queue tr", has_text=organization.name)
    assert "3 of 4 needed" in row.inner_text()
    assert page.get_by_role("img", name="Applications in the queue by days waiting").is_visible()
    page.screenshot(path=str(shots / "review-queue.png"), full_page=True)
    assert not [m for m in page.console_messages if "Content Security Policy" in m or "Refused" in m], \
        page.console_messages
