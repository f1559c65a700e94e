"""Accounts in the browser: a new person signs up, verifies the address with the mailed code, registers an
organization and invites a second officer, who signs up from the invitation link and accepts it; a board member
without two-factor authentication is sent to set it up before voting, sets up an authenticator app, then votes."""

import os
import re
from pathlib import Path

import pytest
from django.core import mail

from licensing.accounts.mfa import totp_code_now
from licensing.models import Membership, Organization, Role, Vote
from tests.licensing.factories import PASSWORD, ApplicationFactory, board_member, mailed_code

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shot(page, tmp_path, name: str) -> None:
    folder = Path(os.environ.get("SHOTS_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"accounts-{name}.png"), full_page=True)


def no_csp_errors(page) -> None:
    assert not [m for m in page.console_messages if "Content Security Policy" in m], page.console_messages


def sign_up(page, base: str, *, email: str, name: str) -> None:
    """On the sign-up page: the form, then the code from the email."""
    sent = len(mail.outbox)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Full name").fill(name)
    page.get_by_label("Password:", exact=True).fill("Long-Enough-Pass-42")
    page.get_by_label("Password (again)").fill("Long-Enough-Pass-42")
    page.get_by_role("button", name="Sign Up").click()
    page.get_by_label("Code").wait_for()
    [message] = [message for message in mail.outbox[sent:] if message.to == [email]]
    page.get_by_label("Code").fill(mailed_code(message))
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_load_state()


def test_a_new_person_signs_up_registers_an_organization_and_invites_a_second_officer(asgi_url, browser_page,
                                                                                     tmp_path):
    page, base = browser_page, asgi_url
    page.goto(f"{base}/")
    page.get_by_role("link", name="Sign up").first.click()
    sign_up(page, base, email="rosa@example.org", name="Rosa Diaz")
    page.wait_for_url(f"{base}/portal/get-started/")
    shot(page, tmp_path, "get-started")
    page.get_by_label("Name").fill("Anacostia Food Bank")
    page.get_by_label("Organization type").select_option(label="Charitable")
    page.get_by_label("Street address").fill("1200 Good Hope Road SE")
    page.get_by_label("ZIP code").fill("20020")
    page.get_by_role("button", name="Register the organization").click()
    organization = Organization.objects.get(name="Anacostia Food Bank")
    page.wait_for_url(f"{base}/portal/organizations/{organization.pk}/")

    page.get_by_role("link", name="Invite someone").click()
    page.get_by_label("Email address").fill("Omar@Example.org")
    page.get_by_label("Role").select_option(Role.OFFICER)
    page.get_by_role("button", name="Send the invitation").click()
    page.get_by_text("The invitation is on its way to omar@example.org.").wait_for()
    shot(page, tmp_path, "invitations")
    no_csp_errors(page)
    [invitation_mail] = [message for message in mail.outbox if message.to == ["omar@example.org"]]
    path = re.search(r"https?://[^/\s]+(/portal/invitations/\S+/)", invitation_mail.body).group(1)
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_load_state()

    # The invited person opens the link, signs up with the invited address and comes back to accept.
    page.goto(f"{base}{path}")
    page.get_by_role("main").get_by_role("link", name="Sign up").click()
    sign_up(page, base, email="omar@example.org", name="Omar Haddad")
    page.wait_for_url(f"{base}{path}")
    page.get_by_role("button", name="Accept the invitation").click()
    page.wait_for_url(f"{base}/portal/organizations/{organization.pk}/")
    page.get_by_text("You now act for Anacostia Food Bank as Officer.").wait_for()
    officers = Membership.objects.filter(organization=organization, role=Role.OFFICER, is_active=True)
    assert sorted(officers.values_list("user__email", flat=True)) == ["omar@example.org", "rosa@example.org"]
    no_csp_errors(page)


def test_a_board_member_without_mfa_sets_it_up_before_voting(asgi_url, browser_page, tmp_path):
    page, base = browser_page, asgi_url
    application = ApplicationFactory(submitted=True)
    member = board_member(mfa=False)
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Email address").fill(member.email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()

    page.goto(f"{base}/portal/review/{application.pk}/")
    page.wait_for_url(f"{base}/accounts/2fa/")
    page.get_by_text("must set up two-factor authentication").wait_for()
    # Until then the menus offer the setup, not the Board's pages they would be sent away from.
    navigation = page.get_by_role("navigation").first
    navigation.get_by_role("link", name="Set up two-factor authentication").wait_for()
    assert navigation.get_by_text("Review", exact=True).count() == 0
    shot(page, tmp_path, "mfa-required")
    page.get_by_role("main").get_by_role("link", name="Activate").first.click()
    page.get_by_label("Password").fill(PASSWORD)  # allauth asks for the password again first
    page.get_by_role("button", name="Confirm").click()
    secret = page.locator("#authenticator_secret").input_value()
    page.get_by_label("Authenticator code").fill(totp_code_now(secret))
    shot(page, tmp_path, "mfa-activate")
    page.get_by_role("button", name="Activate").click()
    page.wait_for_url(re.compile(r".*/accounts/2fa/recovery-codes/.*"))
    no_csp_errors(page)

    page.goto(f"{base}/portal/review/{application.pk}/")
    assert page.get_by_role("navigation").first.get_by_text("Set up two-factor authentication").count() == 0
    page.get_by_label("Aye").check()
    page.get_by_role("button", name="Cast my vote").click()
    page.wait_for_load_state()
    assert Vote.objects.filter(application=application, member=member).exists()

    page.goto(f"{base}/accounts/2fa/webauthn/add/")
    page.wait_for_load_state()
    no_csp_errors(page)
