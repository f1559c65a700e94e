"""The program sheet (30 DCMR 1405.1) and the worker posting (30 DCMR 1401.1) as PDFs."""

import datetime as dt
import io
import shutil
import subprocess

import pytest
from django.urls import reverse
from PIL import Image
from pypdf import PdfReader

from bingo.models import WorkerDuty
from bingo.planning import program_sheet, services
from tests.bingo.factories import add_game, bingo_license, plan, planner
from tests.conftest import need

pytestmark = pytest.mark.django_db


@pytest.fixture
def operation():
    operation = plan(bingo_license(license_class="A"), member_in_charge="Ana Gómez Rivera",
                     house_rules="Bingo is called at once; a missed bingo is lost.", door_prizes_value="325.00")
    actor = planner(operation.license.organization)
    add_game(operation, actor, game_type="early_bird", card_price="1.00", prize="75.00", slug="four-corners")
    add_game(operation, actor, card_price="2.00", prize="1250.00", slug="blackout")
    services.worker_add(actor=actor, operation=operation, name="Luis Ortega", duty=WorkerDuty.Duty.CHECKER,
                        date_of_birth=dt.date(1980, 1, 1))
    return operation


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_program_sheet_lists_what_1405_1_requires(client, operation):
    client.force_login(planner(operation.license.organization))
    response = client.get(reverse("bingo:program_sheet_pdf", args=[operation.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content).lower()  # headings are set in capitals
    for expected in ("2 games", "Early bird", "Regular", "$75.00", "$1,250.00", "$2.00", "$1.00", "$325.00",
                     "Ana Gómez Rivera", "missed bingo is lost", "Blackout", "Four corners"):
        assert expected.lower() in text, expected
    flat = " ".join(text.split())
    # The door prizes' equal chance (30 DCMR 1408.11) and the declarations made before play: cash prizes
    # (1408.4), the caller in view (1405.15), no player under 18 (1702.1).
    for section in ("30 dcmr 1408.11", "30 dcmr 1408.4", "30 dcmr 1405.15", "30 dcmr 1702.1"):
        assert section in flat, section


def test_program_sheet_page_is_not_blank(tmp_path, operation):
    need(shutil.which("pdftoppm") is not None, "pdftoppm is missing: apt-get install -y poppler-utils")
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(program_sheet.program_sheet_pdf(operation))
    subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")],
                   check=True, timeout=60)
    [png] = tmp_path.glob("page*.png")
    image = Image.open(png).convert("L")
    dark = sum(image.histogram()[:128])  # pixels darker than mid-grey
    assert dark > 500, "page 1 of the program sheet is blank"


def test_program_sheet_in_spanish(client, operation):
    client.force_login(planner(operation.license.organization))
    response = client.get(reverse("bingo:program_sheet_pdf", args=[operation.pk]), headers={"Accept-Language": "es"})
    text = pdf_text(response.content)
    assert "Cuatro esquinas" in text and "Cartón lleno" in text


def test_worker_posting_pdf(client, operation):
    client.force_login(planner(operation.license.organization))
    response = client.get(reverse("bingo:worker_posting_pdf", args=[operation.pk]))
    assert response.status_code == 200
    text = pdf_text(response.content)
    assert "Luis Ortega" in text and "Checker" in text and "1401.1" in text
    assert "name tags (30 DCMR 1401.6)" in " ".join(text.split())  # workers on duty wear name tags
