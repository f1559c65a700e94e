"""The members page in a real browser: htmx add, inline edit, deactivate, CSV errors, under the CSP."""

import pytest

from licensing.models import OrganizationMember
from tests.browser.conftest import sign_in
from tests.licensing.factories import MembershipFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]




def test_officer_keeps_the_member_list_without_page_reloads(live_server, browser_page, organization, tmp_path):
    page = browser_page
    sign_in(page, live_server.url, MembershipFactory(organization=organization).user)
    page.goto(f"{live_server.url}/portal/organizations/{organization.pk}/members/")
    page.evaluate("window.notReloaded = true")  # survives only if htmx swaps instead of navigating

    add = page.locator("#member-add-heading + form")
    add.get_by_label("Full name").fill("Ana Díaz")
    add.get_by_label("Street address").fill("1 Kennedy St NW")
    add.get_by_label("ZIP code").fill("20011")
    add.get_by_role("button", name="Add the member").click()
    row = page.locator("table.members tbody tr", has_text="Ana Díaz")
    row.wait_for()
    assert page.evaluate("window.notReloaded") is True

    row.get_by_role("link", name="Edit").click()
    editing = page.locator("tr.editing")
    editing.get_by_label("Full name").fill("Ana María Díaz")
    editing.get_by_role("button", name="Save").click()
    page.locator("table.members tbody tr", has_text="Ana María Díaz").wait_for()
    assert OrganizationMember.objects.get().full_name == "Ana María Díaz"

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("table.members tbody tr", has_text="Ana María Díaz").get_by_role("button", name="Deactivate").click()
    page.locator("tr.inactive", has_text="Ana María Díaz").wait_for()
    assert OrganizationMember.objects.get().is_active is False

    bad = tmp_path / "members.csv"
    bad.write_text("full_name,street_address,city,state,postal_code\nSam,2 A St,Washington,DC,123\n")
    page.locator("#member-import-heading + p + form").get_by_label("Member list (CSV)").set_input_files(str(bad))
    page.get_by_role("button", name="Import").click()
    page.locator("table.import-errors").wait_for()
    assert "postal_code" in page.locator("table.import-errors").inner_text()
    assert page.evaluate("window.notReloaded") is True
    assert not [m for m in page.console_messages if "Content Security Policy" in m], page.console_messages
