"""Officers invite people by email to a role: the link works once, for the invited address only, until it expires
or is revoked; every step audited; the portal pages and the API scoped to the organization's officers."""

import datetime as dt
import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from licensing.models import AuditEvent, Membership, OrganizationInvitation, Role
from licensing.organizations.invitations.services import invitation_accept, invitation_revoke, invitation_send
from tests.licensing.factories import ROLES, MembershipFactory, UserFactory, role_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def send(officer, organization, email="new.person@example.org", role=Role.OFFICER):
    return invitation_send(actor=officer, organization=organization, email=email, role=role)


def test_an_officer_invites_by_email_and_the_invited_person_accepts(officer, organization, committed):
    with committed():
        invitation = send(officer, organization, email="New.Person@Example.org")
    assert invitation.email == "new.person@example.org" and invitation.status == "pending"
    assert invitation.token_hash != invitation.token and len(invitation.token_hash) == 64  # only the hash is kept
    [message] = mail.outbox
    assert message.to == ["new.person@example.org"] and organization.name in message.subject
    link = re.search(r"http://127\.0\.0\.1:8000(/portal/invitations/\S+/)", message.body).group(1)
    assert invitation.token in link

    person = UserFactory(email="new.person@example.org")  # its address verified (licensing.accounts.signals)
    membership = invitation_accept(actor=person, token=invitation.token)
    assert (membership.organization, membership.role, membership.is_active) == (organization, Role.OFFICER, True)
    invitation.refresh_from_db()
    assert invitation.status == "accepted" and invitation.accepted_by == person
    types = set(AuditEvent.objects.filter(organization=organization).values_list("event_type", flat=True))
    assert {"licensing.organization_invitation_sent", "licensing.organization_invitation_accepted",
            "licensing.membership_granted"} <= types


def test_a_used_token_is_refused_the_second_time(officer, organization):
    invitation = send(officer, organization)
    person = UserFactory(email=invitation.email)
    invitation_accept(actor=person, token=invitation.token)
    with pytest.raises(ValidationError, match="already been used"):
        invitation_accept(actor=person, token=invitation.token)


def test_an_expired_invitation_is_refused(officer, organization):
    invitation = send(officer, organization)
    OrganizationInvitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - dt.timedelta(seconds=1))
    with pytest.raises(ValidationError, match="expired"):
        invitation_accept(actor=UserFactory(email=invitation.email), token=invitation.token)


def test_the_invitation_lasts_the_configured_days(officer, organization, settings):
    settings.ORGANIZATION_INVITATION_DAYS = 3
    invitation = send(officer, organization)
    assert dt.timedelta(days=3) - (invitation.expires_at - timezone.now()) < dt.timedelta(minutes=1)


def test_a_revoked_invitation_is_refused(officer, organization):
    invitation = send(officer, organization)
    invitation_revoke(actor=officer, invitation=invitation)
    with pytest.raises(ValidationError, match="withdrawn"):
        invitation_accept(actor=UserFactory(email=invitation.email), token=invitation.token)
    with pytest.raises(ValidationError, match="pending"):
        invitation_revoke(actor=officer, invitation=invitation)
    assert AuditEvent.objects.filter(event_type="licensing.organization_invitation_revoked").exists()


def test_another_address_cannot_accept_nor_an_unverified_one(officer, organization):
    invitation = send(officer, organization)
    with pytest.raises(ValidationError, match="sent to new.person@example.org"):
        invitation_accept(actor=UserFactory(), token=invitation.token)
    unverified = UserFactory(email="new.person@example.org")
    EmailAddress.objects.filter(user=unverified).update(verified=False)
    with pytest.raises(ValidationError, match="sent to"):
        invitation_accept(actor=unverified, token=invitation.token)
    assert not Membership.objects.filter(user=unverified).exists()


@pytest.mark.parametrize("token", ["", "nope", "a" * 300, "١٢٣"])
def test_an_unknown_token_is_refused_clearly(token):
    with pytest.raises(ValidationError, match="not valid"):
        invitation_accept(actor=UserFactory(), token=token)


def test_only_officers_of_the_organization_invite(organization, other_organization):
    other_officer = MembershipFactory(organization=other_organization, role=Role.OFFICER).user
    caller = MembershipFactory(organization=organization, role=Role.CALLER).user
    for actor in (other_officer, caller, role_user("board_staff", organization)):
        with pytest.raises(PermissionDenied):
            send(actor, organization)
    assert not OrganizationInvitation.objects.exists()


def test_refusals_name_the_field(officer, organization):
    with pytest.raises(ValidationError) as refused:
        send(officer, organization, email="not-an-address", role="pope")
    assert set(refused.value.error_dict) == {"email", "role"}
    with pytest.raises(ValidationError, match="roles offered"):
        send(officer, organization, role=Role.VENDOR_REPRESENTATIVE)
    send(officer, organization)
    with pytest.raises(ValidationError, match="pending invitation"):
        send(officer, organization)
    with pytest.raises(ValidationError, match="already holds"):
        send(officer, organization, email=officer.email)


# --- The API: a matrix of roles x own / other organization ---

def list_url(organization):
    return reverse("organization-invitation-list", args=[organization.pk])


@pytest.mark.parametrize("role", ROLES)
def test_the_invitations_api_is_for_the_organizations_officers(client, role, organization, other_organization):
    user = role_user(role, organization)
    theirs = send(MembershipFactory(organization=other_organization, role=Role.OFFICER).user, other_organization)
    if user is not None:
        client.force_login(user)
    body = {"email": "someone@example.org", "role": Role.CALLER}
    own_list, own_create = client.get(list_url(organization)), client.post(list_url(organization), body)
    other_list, other_create = client.get(list_url(other_organization)), client.post(list_url(other_organization), body)
    other_revoke = client.post(reverse("organization-invitation-revoke", args=[other_organization.pk, theirs.pk]))
    if role == "anonymous":
        assert {own_list.status_code, own_create.status_code, other_list.status_code} == {401}
    elif role == "officer":
        assert own_list.status_code == 200 and own_create.status_code == 201
        assert [row["email"] for row in client.get(list_url(organization)).json()["results"]] == [
            "someone@example.org"]
        assert other_list.status_code == other_create.status_code == other_revoke.status_code == 404
    elif role in ("board_staff", "board_member"):  # they see every organization, invite to none
        assert own_list.status_code == own_create.status_code == other_list.status_code == 403
        assert other_revoke.status_code == 403
    else:  # a Board administrator and a superuser see no organization in the portal scope
        assert own_list.status_code == own_create.status_code == other_list.status_code == 404
    theirs.refresh_from_db()
    assert theirs.status == "pending"


def test_the_api_revokes_and_accepts(client, officer, organization):
    invitation = send(officer, organization, role=Role.CHECKER)
    client.force_login(officer)
    revoked = client.post(reverse("organization-invitation-revoke", args=[organization.pk, invitation.pk]))
    assert revoked.status_code == 200 and revoked.json()["status"] == "revoked"
    again = send(officer, organization, role=Role.CHECKER)
    person = UserFactory(email=again.email)
    client.force_login(person)
    refused = client.post(reverse("invitation-accept"), {"token": invitation.token})
    assert refused.status_code == 400 and "withdrawn" in refused.json()["errors"][0]["message"]
    accepted = client.post(reverse("invitation-accept"), {"token": again.token})
    assert accepted.status_code == 201 and accepted.json()["role"] == Role.CHECKER
    assert client.post(reverse("invitation-accept"), {"token": "x\u0000y"}).status_code == 400


# --- The portal pages ---

def test_the_officer_invites_and_revokes_in_the_portal(client, officer, organization, committed):
    client.force_login(officer)
    overview = client.get(reverse("portal:organization_detail", args=[organization.pk]))
    assert "Invite someone" in overview.content.decode()
    url = reverse("portal:organization_invitations", args=[organization.pk])
    with committed():
        assert client.post(url, {"email": "ana@example.org", "role": Role.OFFICER}).status_code == 302
    invitation = OrganizationInvitation.objects.get()
    assert "ana@example.org" in client.get(url).content.decode() and len(mail.outbox) == 1
    assert client.post(url, {"email": "ana@example.org", "role": Role.OFFICER}).status_code == 400
    client.post(reverse("portal:organization_invitation_revoke", args=[organization.pk, invitation.pk]))
    invitation.refresh_from_db()
    assert invitation.status == "revoked"


@pytest.mark.parametrize("role", ["caller", "board_staff", "other_officer"])
def test_others_do_not_reach_the_invitations_page(client, role, organization, other_organization):
    user = {"caller": lambda: MembershipFactory(organization=organization, role=Role.CALLER).user,
            "board_staff": lambda: role_user("board_staff", organization),
            "other_officer": lambda: MembershipFactory(organization=other_organization, role=Role.OFFICER).user}[role]()
    client.force_login(user)
    page = client.get(reverse("portal:organization_invitations", args=[organization.pk]))
    # A game role of the organization reads none of its invitations, as a stranger (was a 403); the Board sees them
    # but does not invite.
    assert page.status_code == (403 if role == "board_staff" else 404)


def test_the_link_page_says_why_an_invitation_cannot_be_used(client, officer, organization):
    invitation = send(officer, organization)
    url = reverse("portal:invitation_accept", args=[invitation.token])
    page = client.get(url)
    assert page.status_code == 200 and "Sign up" in page.content.decode()
    invitation_revoke(actor=officer, invitation=invitation)
    gone = client.get(url)
    assert gone.status_code == 410 and "withdrawn" in gone.content.decode()
    assert client.get(reverse("portal:invitation_accept", args=["unknown"])).status_code == 404
    client.force_login(UserFactory())
    assert client.post(url).status_code == 410


def test_a_signed_in_person_with_another_address_is_told_so(client, officer, organization):
    invitation = send(officer, organization)
    client.force_login(UserFactory())
    page = client.post(reverse("portal:invitation_accept", args=[invitation.token]))
    assert page.status_code == 400 and "sent to new.person@example.org" in page.content.decode()


def test_the_invitation_link_signs_up_with_the_invited_email_filled_in(client, officer, organization, committed):
    """Journey 11: the invited person follows the link, then "Sign up": the form has the invited address."""
    with committed():
        send(officer, organization, email="invited.person@example.org")
    path = re.search(r"http://127\.0\.0\.1:8000(/portal/invitations/\S+/)", mail.outbox[0].body).group(1)
    page = client.get(path).content.decode()
    signup = re.search(r'href="(/accounts/signup/\?[^"]+)"', page).group(1).replace("&amp;", "&")
    assert "email=invited.person%40example.org" in signup
    form = client.get(signup).content.decode()
    assert re.search(r'<input[^>]*name="email"[^>]*value="invited.person@example.org"', form), form
