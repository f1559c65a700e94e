"""Printable card sheets: 1, 3 or 6 faces a page, each with its face number, the series and
the organization's name (30 DCMR 1404.1(c))."""

import io
import shutil
import subprocess

import pytest
from django.urls import reverse
from pypdf import PdfReader

from bingo.cards import sales
from bingo.cards.sheets import card_sheet_pdf
from licensing.models import Role
from tests.bingo.factories import CardSeriesFactory
from tests.conftest import need
from tests.licensing.factories import member

pytestmark = pytest.mark.django_db


@pytest.fixture
def series(organization):
    organization.name = "Anacostia Friends Bingo Club"
    organization.save()
    return CardSeriesFactory(organization=organization, code="RED-7", size=40)


@pytest.mark.parametrize(("per_page", "pages"), [(1, 12), (3, 4), (6, 2)])
def test_pages_per_layout_and_what_each_face_shows(series, per_page, pages):
    pdf = card_sheet_pdf(series=series, first_face=5, last_face=16, per_page=per_page)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == pages
    text = "\n".join(page.extract_text() for page in reader.pages)
    for number in range(5, 17):
        assert f"Face {number}" in text
    assert "Face 4" not in text and "Face 17" not in text
    assert text.count("RED-7") == 12 and text.count("Anacostia Friends Bingo Club") == 12
    assert text.count("FREE") == 12
    first = sales.series_faces(series)[4]
    first_page = reader.pages[0].extract_text()
    assert "B I N G O" in first_page
    assert " ".join(str(n) for n in first.squares[:5]) in first_page  # the top row of face 5


def test_the_first_page_renders_with_ink(series, tmp_path):
    need(shutil.which("pdftoppm") is not None, "pdftoppm is missing: apt-get install -y poppler-utils")
    png = pytest.importorskip("PIL.Image")
    path = tmp_path / "sheet.pdf"
    path.write_bytes(card_sheet_pdf(series=series, first_face=1, last_face=6, per_page=6))
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(path), str(tmp_path / "page")],
                   check=True)
    image = png.open(next(tmp_path.glob("page*.png"))).convert("L")
    dark = sum(image.histogram()[:128])  # pixels darker than mid-grey
    assert dark > 0.02 * image.width * image.height


def test_bad_layouts_and_ranges_are_refused(series):
    with pytest.raises(ValueError):
        card_sheet_pdf(series=series, first_face=1, last_face=6, per_page=4)
    with pytest.raises(ValueError):
        card_sheet_pdf(series=series, first_face=39, last_face=41, per_page=6)


def test_the_portal_serves_the_pdf_and_refuses_a_bad_range(client, series, organization):
    client.force_login(member(organization, Role.CHECKER))
    url = reverse("bingo:card_sheet_pdf", args=[series.pk])
    response = client.get(url, {"first": 1, "last": 3, "per_page": 3})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert len(PdfReader(io.BytesIO(response.content)).pages) == 1
    response = client.get(url, {"first": 30, "last": 41, "per_page": 6})
    assert response.status_code == 400 and "faces 1 to 40" in response.content.decode()
    response = client.get(url, {"first": 9, "last": 3, "per_page": 6})
    assert response.status_code == 400
