"""Who the Board writes to about an organization, for every email (review decisions, certificates,
enforcement notices, reminders): the organization's contact address and the address of each active
filing officer (officer, member in charge, alternate, gross receipts), each once. Nobody else."""

import pytest

from licensing.models import Role
from licensing.organizations.mail import organization_email_send
from licensing.organizations.selectors import organization_recipients
from tests.licensing.factories import MembershipFactory, OrganizationFactory, UserFactory

pytestmark = pytest.mark.django_db


def officer(organization, email, **fields):
    return MembershipFactory(organization=organization, user=UserFactory(email=email), **fields)


def test_the_contact_address_alone():
    organization = OrganizationFactory(email="office@friends.example.org")
    assert organization_recipients(organization=organization) == ["office@friends.example.org"]


def test_the_filing_officers_alone():
    organization = OrganizationFactory(email="")
    officer(organization, "b@example.org", role=Role.OFFICER)
    officer(organization, "a@example.org", role=Role.GROSS_RECEIPTS)
    assert organization_recipients(organization=organization) == ["a@example.org", "b@example.org"]


def test_the_contact_address_and_the_filing_officers_each_once():
    organization = OrganizationFactory(email="Office@Friends.example.org")
    officer(organization, "office@friends.example.org", role=Role.MEMBER_IN_CHARGE)  # the same address
    officer(organization, "chair@example.org", role=Role.ALTERNATE)
    assert organization_recipients(organization=organization) == ["chair@example.org", "office@friends.example.org"]


def test_inactive_people_and_other_roles_are_not_written_to():
    organization = OrganizationFactory(email="office@friends.example.org")
    officer(organization, "left@example.org", is_active=False)
    officer(organization, "caller@example.org", role=Role.CALLER)
    officer(organization, "dealer@example.org", role=Role.DEALER)
    deactivated = officer(organization, "gone@example.org")
    deactivated.user.is_active = False
    deactivated.user.save()
    officer(OrganizationFactory(), "elsewhere@example.org")  # another organization's officer
    assert organization_recipients(organization=organization) == ["office@friends.example.org"]


def test_an_organization_with_nobody_to_write_to_gets_no_mail(mailoutbox):
    organization = OrganizationFactory(email="")
    assert organization_email_send(organization=organization, subject="s", template="licensing/email/x.txt",
                                   context={}) is False
    assert mailoutbox == []
