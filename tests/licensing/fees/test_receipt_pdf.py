"""The numbered receipt as the organization gets it: a PDF that shows who paid what, how, when, what is left and
who recorded it; a voided payment's receipt says so. Rendered to PNG with pdftoppm to look at it."""

import io
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.utils import timezone
from pypdf import PdfReader

from licensing.fees.payments import fee_payment_record, fee_payment_void
from licensing.fees.receipts import receipt_pdf
from tests.licensing.factories import ApplicationFactory, OrganizationFactory, board_staff

pytestmark = pytest.mark.django_db


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.fixture
def payment():
    application = ApplicationFactory(submitted=True, organization=OrganizationFactory(
        name="Brightwood Volunteer Fire Auxiliary"))
    staff = board_staff(full_name="Dana Whitfield")
    return fee_payment_record(actor=staff, application=application, method="money_order", reference="MO-20461187",
                              amount="100.00", received_on=timezone.localdate())


def test_the_receipt_shows_every_fact(payment, tmp_path):
    pdf = receipt_pdf(payment)
    assert pdf.startswith(b"%PDF") and len(PdfReader(io.BytesIO(pdf)).pages) == 1
    text = _text(pdf)
    for fact in (payment.receipt_number, "Brightwood Volunteer Fire Auxiliary", f"#{payment.application_id}",
                 "$100.00", "Money order", "MO-20461187", "$250.00", "$150.00", "Dana Whitfield"):
        assert fact in text, fact
    if shutil.which("pdftoppm"):
        shots = Path(os.environ.get("SHOTS_DIR") or tmp_path)
        shots.mkdir(parents=True, exist_ok=True)
        (tmp_path / "receipt.pdf").write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", "70", "-singlefile", str(tmp_path / "receipt.pdf"),
                        str(shots / "fees-receipt")], check=True)
        assert (shots / "fees-receipt.png").stat().st_size > 5000


def test_a_voided_payment_s_receipt_says_void(payment):
    fee_payment_void(actor=board_staff(), payment=payment, reason="Money order reported stolen")
    assert "VOID" in _text(receipt_pdf(payment)) and "Money order reported stolen" in _text(receipt_pdf(payment))
