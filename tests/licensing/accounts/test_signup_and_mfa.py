"""Sign-up with email verification by code, existing accounts' addresses, and two-factor authentication required
of Board staff and board members: portal pages, the API and the vote service alike."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from licensing.accounts.mfa import MFA_REQUIRED_MESSAGE
from licensing.models import AuditEvent, Membership, Role, User
from licensing.models.choices import VoteChoice
from licensing.review.services import vote_cast
from tests.licensing.factories import (
    PASSWORD,
    ApplicationFactory,
    UserFactory,
    board_member,
    board_staff,
    mailed_code,
    totp_code,
    with_mfa,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def test_a_person_signs_up_verifies_the_code_and_registers_an_organization(client, committed):
    with committed():
        answer = client.post(reverse("signup"), {"email": "Rosa@Example.org", "full_name": "Rosa Diaz",
                                                 "password1": "Long-Enough-Pass-42",
                                                 "password2": "Long-Enough-Pass-42"})
    assert answer.status_code == 302
    user = User.objects.get(email="rosa@example.org")
    assert user.full_name == "Rosa Diaz"
    assert not EmailAddress.objects.get(user=user).verified  # allauth's, not the receiver's verified one
    assert client.get(reverse("portal:dashboard")).status_code == 302  # not signed in before the code
    [message] = mail.outbox
    code = mailed_code(message)
    verified = client.post(reverse("account_email_verification_sent"), {"code": code})
    assert verified.status_code == 302 and verified.url == reverse("portal:get_started")
    assert EmailAddress.objects.get(user=user).verified

    page = client.post(reverse("portal:get_started"), {
        "name": "Rosa's Food Bank", "organization_type": "charitable", "street_address": "1 Main Street NW",
        "city": "Washington", "state": "DC", "postal_code": "20001"})
    assert page.status_code == 302
    membership = Membership.objects.get(user=user)
    assert membership.role == Role.OFFICER and membership.organization.name == "Rosa's Food Bank"
    types = set(AuditEvent.objects.filter(actor=user).values_list("event_type", flat=True))
    assert {"licensing.user_signed_up", "licensing.email_verified", "licensing.organization_created",
            "licensing.membership_granted"} <= types


def test_the_get_started_form_names_the_refused_field(client):
    client.force_login(UserFactory())
    page = client.post(reverse("portal:get_started"), {"name": "X", "organization_type": "",
                                                       "street_address": "1 Main St", "postal_code": "2000١"})
    assert page.status_code == 400 and not Membership.objects.exists()


def test_accounts_made_by_services_and_factories_have_a_verified_address():
    user = UserFactory()
    assert EmailAddress.objects.filter(user=user, email=user.email, verified=True, primary=True).exists()


def test_the_migration_gives_existing_accounts_a_verified_address(django_db_blocker):
    from importlib import import_module

    from django.apps import apps
    from django.db import connection

    user = UserFactory()
    EmailAddress.objects.filter(user=user).delete()
    migration = import_module("licensing.migrations.0014_accounts_allauth")
    migration.email_addresses_verified(apps, connection.schema_editor())
    assert EmailAddress.objects.filter(user=user, verified=True, primary=True).exists()


def test_an_existing_account_signs_in_with_its_password_no_code(client):
    user = UserFactory()
    answer = client.post(reverse("login"), {"login": user.email.upper(), "password": PASSWORD})
    assert answer.status_code == 302 and answer.url == reverse("portal:dashboard")


# --- Two-factor authentication for the Board ---

def test_a_board_member_without_mfa_is_sent_to_set_it_up_before_any_board_page(client):
    member = board_member(mfa=False)
    client.force_login(member)
    for url in (reverse("portal:votes_awaiting"), reverse("portal:dashboard"), reverse("portal:review_queue")):
        answer = client.get(url)
        assert answer.status_code == 302 and answer.url == reverse("mfa_index"), url
    assert client.get(reverse("mfa_index")).status_code == 200
    assert client.get(reverse("home")).status_code == 200
    with_mfa(member)
    client.force_login(member)
    assert client.get(reverse("portal:votes_awaiting")).status_code == 200


def test_until_then_the_menus_offer_the_setup_not_the_board_pages(client):
    staff = board_staff(mfa=False, is_staff=True)  # as invited: admin staff, who read the records there
    client.force_login(staff)
    page = client.get(reverse("mfa_index")).content.decode()
    assert f'href="{reverse("mfa_index")}">Set up two-factor authentication' in page
    for hidden in ("portal:review_queue", "portal:board_dashboard", "admin:index"):
        assert f'href="{reverse(hidden)}"' not in page, hidden
    with_mfa(staff)
    client.force_login(staff)
    page = client.get(reverse("mfa_index")).content.decode()
    assert "Set up two-factor authentication" not in page
    for shown in ("portal:review_queue", "portal:board_dashboard", "admin:index"):
        assert f'href="{reverse(shown)}"' in page, shown


def test_other_people_are_not_asked_for_mfa(client, officer):
    client.force_login(officer)
    # An officer of one organization lands on its home, not on the two-factor setup.
    response = client.get(reverse("portal:dashboard"), follow=True)
    assert response.status_code == 200
    home = reverse("portal:organization_detail", args=[officer.memberships.get().organization_id])
    assert response.redirect_chain[-1][0] == home


def test_the_vote_service_refuses_a_member_without_mfa():
    application = ApplicationFactory(submitted=True)
    with pytest.raises(PermissionDenied, match="two-factor"):
        vote_cast(application=application, actor=board_member(mfa=False), choice=VoteChoice.AYE)
    vote_cast(application=application, actor=board_member(), choice=VoteChoice.AYE)


def test_the_api_answers_403_to_a_board_user_without_mfa(client):
    application = ApplicationFactory(submitted=True)
    member = board_member(mfa=False)
    refused = client.post(reverse("token-create"), {"email": member.email, "password": PASSWORD})
    assert refused.status_code == 403 and refused.json()["errors"][0]["message"] == str(MFA_REQUIRED_MESSAGE)
    client.force_login(member)
    vote = client.post(reverse("review-application-votes", args=[application.pk]), {"choice": "aye"})
    assert vote.status_code == 403 and vote.json()["errors"][0]["message"] == str(MFA_REQUIRED_MESSAGE)
    assert client.get(reverse("review-application-list")).status_code == 403
    assert client.get(reverse("me")).status_code == 200  # not a Board endpoint
    staff = board_staff()
    client.force_login(staff)
    assert client.get(reverse("review-application-list")).status_code == 200


def test_signing_in_with_mfa_asks_for_the_code(client):
    member = board_member()
    answer = client.post(reverse("login"), {"login": member.email, "password": PASSWORD})
    assert answer.status_code == 302 and answer.url == reverse("mfa_authenticate")
    assert client.get(reverse("portal:dashboard")).status_code == 302  # not signed in yet
    done = client.post(reverse("mfa_authenticate"), {"code": totp_code()})
    assert done.status_code == 302
    assert client.get(reverse("portal:votes_awaiting")).status_code == 200


def test_the_mfa_pages_load_the_webauthn_script_with_the_csp_nonce(client):
    user = UserFactory()
    client.post(reverse("login"), {"login": user.email, "password": PASSWORD})
    assert client.get(reverse("mfa_add_webauthn")).url.startswith(reverse("account_reauthenticate"))
    client.post(reverse("account_reauthenticate"), {"password": PASSWORD})  # allauth asks again before adding one
    page = client.get(reverse("mfa_add_webauthn"))
    assert page.status_code == 200
    nonce = re.search(r"'nonce-([^']+)'", page["Content-Security-Policy"]).group(1)
    scripts = re.findall(r"<script src=\"[^\"]+\" nonce=\"([^\"]+)\"", page.content.decode())
    assert len(scripts) == 3 and set(scripts) == {nonce}
