"""Journey 9 (issue 26): a visitor opens a drawn raffle's public page, sees when the commitment was published and
when the drawing was held, clicks "Verify in your browser" and reads that the draw recomputes, with the winners
the command finds; a tampered seed is caught. No Content-Security-Policy error (the verifier is a static file)."""

import pytest
from django.urls import reverse

from licensing.models import DrawingFormat, Role
from licensing.models.choices import LicenseType
from licensing.reports.drawings import engine
from licensing.reports.drawings.selectors import drawing_published
from licensing.reports.drawings.services import drawing_draw, drawing_sales_close, drawing_schedule, drawing_witness
from tests.browser.screens import axe_problems, csp_errors, shot_path
from tests.licensing.factories import in_charge, license_for, member, raffle_ready

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_visitor_verifies_the_drawing_in_the_browser(live_server, browser_page, tmp_path):
    raffle = raffle_ready(license_for(license_type=LicenseType.RAFFLE, license_class="2", number="RF-2027-00909",
                                      application__first_ticket_number=1, application__last_ticket_number=500,
                                      application__tickets_printed=500))
    officer = member(raffle.organization, Role.OFFICER)
    drawing = drawing_schedule(actor=officer, license=raffle, prizes=3)
    drawing = drawing_sales_close(actor=officer, drawing=drawing, sold=list(range(1, 401)), returned=[7, 99],
                                  buyers_age_declared=True)
    drawing = drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(raffle))
    published = drawing_published(drawing)
    assert engine.verify(published) is None  # what the command says

    page = browser_page
    page.goto(live_server.url + reverse("public:raffle_drawing", args=[drawing.pk]))
    assert page.get_by_text("Commitment published").is_visible()
    assert page.get_by_text("Drawing held").is_visible()
    result = page.locator("#raffle-verify-result")
    page.get_by_role("button", name="Verify in your browser").click()
    result.get_by_text("Verified").wait_for()
    assert ", ".join(str(ticket) for ticket in published["winners"]) in result.inner_text()
    page.screenshot(path=shot_path(tmp_path, "raffle-verify"), full_page=True)
    assert not csp_errors(page), page.console_messages
    assert not axe_problems(page)

    # A seed that is not the one committed to is caught, naming the field the command names.
    page.evaluate("""() => { const data = document.getElementById("raffle-published");
        const drawing = JSON.parse(data.textContent); drawing.seed = "f".repeat(64);
        data.textContent = JSON.stringify(drawing); }""")
    page.get_by_role("button", name="Verify in your browser").click()
    result.get_by_text("Does not match").wait_for()
    assert "commitment" in result.inner_text()
    page.screenshot(path=shot_path(tmp_path, "raffle-verify-mismatch"), full_page=True)


def test_a_visitor_verifies_a_witnessed_drawing_in_the_browser(live_server, browser_page, tmp_path):
    """raffle-drawing/2 (issue 29): the page shows the witness value and who entered it; the browser's check gives the
    command's winners, and a witness value changed on the page is caught as other winners."""
    raffle = raffle_ready(license_for(license_type=LicenseType.RAFFLE, license_class="2", number="RF-2027-00929",
                                      application__first_ticket_number=1, application__last_ticket_number=500,
                                      application__tickets_printed=500))
    officer = member(raffle.organization, Role.OFFICER)
    drawing = drawing_schedule(actor=officer, license=raffle, prizes=3, format=DrawingFormat.WITNESSED)
    drawing = drawing_sales_close(actor=officer, drawing=drawing, sold=list(range(1, 401)), returned=[7],
                                  buyers_age_declared=True)
    drawing = drawing_witness(actor=officer, drawing=drawing, witness="b75:7-64-22-51-3-38-70-12-45-29-60",
                              witness_name="Ana Pérez")
    drawing = drawing_draw(actor=officer, drawing=drawing, in_charge=in_charge(raffle))
    published = drawing_published(drawing)
    assert engine.verify(published) is None

    page = browser_page
    page.goto(live_server.url + reverse("public:raffle_drawing", args=[drawing.pk]))
    assert page.get_by_text("b75:7-64-22-51-3-38-70-12-45-29-60").is_visible()
    result = page.locator("#raffle-verify-result")
    page.get_by_role("button", name="Verify in your browser").click()
    result.get_by_text("Verified").wait_for()
    assert "entered once after sales closed" in result.inner_text()
    assert ", ".join(str(ticket) for ticket in published["winners"]) in result.inner_text()
    page.screenshot(path=shot_path(tmp_path, "raffle-verify-witnessed"), full_page=True)
    assert not csp_errors(page), page.console_messages
    assert not axe_problems(page)

    page.evaluate("""() => { const data = document.getElementById("raffle-published");
        const drawing = JSON.parse(data.textContent); drawing.witness = drawing.witness.replace("-60", "-61");
        data.textContent = JSON.stringify(drawing); }""")
    page.get_by_role("button", name="Verify in your browser").click()
    result.get_by_text("Does not match").wait_for()
    assert "winners" in result.inner_text()
