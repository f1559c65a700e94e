"""An application read back before submitting: every answer of every step on the review page, and the same as a
printable PDF, scoped like the application (its organization's people and the Board)."""

import datetime as dt
import os
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation
from PIL import Image

from licensing.applications.summary import application_summary
from licensing.models import Role
from tests.conftest import need
from tests.licensing.factories import (
    ApplicationFactory,
    BingoOccasionFactory,
    OrganizationFactory,
    board_member,
    board_staff,
    member,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def application(organization):
    application = ApplicationFactory(
        organization=organization, premises_leased=True, rent_amount=Decimal("450.00"), lessor_name="St. Anne Parish",
        lease_starts_on=dt.date(2027, 1, 1), lawful_purpose="Scholarships\nfor the parish school")
    BingoOccasionFactory(application=application, date=dt.date(2027, 1, 15))
    return application


def answers(application) -> dict:
    return {section.step: dict(section.rows) for section in application_summary(application)}


def test_every_step_is_read_back(application):
    read = answers(application)
    assert list(read) == ["details", "schedule", "lease", "purpose"]
    assert read["details"]["License"] == "Bingo B" and read["details"]["Premises"].startswith(application.premises.name)
    assert read["schedule"]["Jan. 15, 2027"] == "6 p.m. to 10 p.m."
    assert read["lease"]["Rent"] == "$450.00" and read["lease"]["Lessor's name"] == "St. Anne Parish"
    assert read["lease"]["Premises will be leased"] == "Yes" and read["lease"]["Lease ends"] == "—"
    assert read["purpose"]["Lawful purpose of the proceeds"].startswith("Scholarships")


def test_a_raffle_reads_back_its_own_questions(organization):
    raffle = ApplicationFactory(organization=organization, license_type="raffle", license_class="1", premises=None,
                                ticket_price=Decimal("5.00"), tickets_printed=1000)
    read = answers(raffle)
    assert list(read) == ["details", "purpose"]
    assert read["details"]["Ticket price"] == "$5.00" and read["details"]["Tickets printed"] == "1000"


def test_the_review_step_shows_the_answers_before_submitting(client, application):
    client.force_login(member(application.organization, Role.OFFICER))
    page = client.get(reverse("portal:application_step", args=[application.pk, "review"])).content.decode()
    assert page.index("Your answers") < page.index("Submit to the Board")
    assert "St. Anne Parish" in page and "$450.00" in page and "Scholarships<br>for the parish school" in page
    assert reverse("portal:application_summary_pdf", args=[application.pk]) in page
    spanish = client.get(reverse("portal:application_step", args=[application.pk, "review"]),
                         headers={"Accept-Language": "es"}).content.decode()
    translation.activate("en")  # the request left Spanish active in this thread
    # The date in the reader's language, by its formats ("15 de enero de 2027", or "15 ene. 2027").
    assert "Sus respuestas" in spanish and "15 de enero de 2027" in spanish or "15 ene. 2027" in spanish


@pytest.mark.parametrize(("who", "status"), [("anonymous", 302), ("officer", 200), ("caller", 404),
                                             ("other_officer", 404), ("board_staff", 200), ("board_member", 200)])
def test_who_opens_the_pdf(client, application, who, status):
    users = {"officer": lambda: member(application.organization, Role.OFFICER),
             "caller": lambda: member(application.organization, Role.CALLER),
             "other_officer": lambda: member(OrganizationFactory(), Role.OFFICER),
             "board_staff": board_staff, "board_member": board_member}
    if who != "anonymous":
        client.force_login(users[who]())
    response = client.get(reverse("portal:application_summary_pdf", args=[application.pk]))
    assert response.status_code == status
    if status == 200:
        assert response["Content-Type"] == "application/pdf" and response.content.startswith(b"%PDF")


def test_the_pdf_has_every_answer_and_prints(client, application, tmp_path):
    client.force_login(board_staff())
    pdf = client.get(reverse("portal:application_summary_pdf", args=[application.pk])).content
    need(shutil.which("pdftotext") is not None and shutil.which("pdftoppm") is not None,
         "poppler-utils is missing: apt-get install -y poppler-utils")
    path = tmp_path / "summary.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True,
                          text=True, timeout=60).stdout
    for expected in ("Application summary", application.organization.name, "Schedule", "St. Anne Parish",
                     "$450.00", "Scholarships", "Premises lease"):
        assert expected in text, expected
    out = Path(os.environ.get("SHOTS_DIR") or tmp_path)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(path), str(out / "home-summary")],
                   check=True, timeout=60)
    [png] = out.glob("home-summary*.png")
    image = Image.open(png).convert("L")
    assert image.size[0] < image.size[1]  # a letter page, upright
    assert sum(image.histogram()[:128]) > 2000, "the page is blank"
