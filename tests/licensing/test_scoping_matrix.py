"""Object-level scoping as a matrix: every role x own organization / other organization,
in the portal and the API. Another organization's records answer 404 (not 403), so
their existence is not disclosed.

Least privilege by role (the second half): an organization's game roles (bingo caller and checker, tournament
director, dealer) read what their work needs, its name, licenses, the games of their role and who acts for it (names
and roles), and none of its records: the member roll, the responsible people, the documents, the applications and
their fees and thread, the invitations, the books, the audit trail, the accounts' addresses. Each such read answers
them 404, as a stranger; the filing people read them all; a vendor's representative reads nothing of any
organization. The world is built once for the module, each test runs in a savepoint rolled back."""

import re
from types import SimpleNamespace

import pytest
from django.core.files.base import ContentFile
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from licensing.audit.events import audit_event_record
from licensing.fees.payments import fee_payment_record
from licensing.models import Role
from licensing.models.choices import DocumentKind
from licensing.models.organizations import FILING_ROLES
from licensing.organizations.invitations.services import invitation_send
from tests.bingo.factories import bingo_license, plan
from tests.licensing.factories import (
    PDF_BYTES,
    ApplicationFactory,
    LicenseFactory,
    MembershipFactory,
    OrganizationFactory,
    OrganizationMemberFactory,
    ResponsiblePersonFactory,
    UserFactory,
    add_document,
    board_member,
    board_staff,
    member,
)
from tests.montecarlo.factories import TournamentFactory, mcn_license
from tests.vendors.factories import VendorRepresentativeFactory

pytestmark = pytest.mark.django_db


def portal_url(organization):
    return reverse("portal:organization_detail", args=[organization.pk])


def api_url(organization):
    return reverse("organization-detail", args=[organization.pk])


@pytest.fixture
def events(organization, other_organization):
    return {
        "own": audit_event_record(event_type="test.own", actor=None, organization=organization),
        "other": audit_event_record(event_type="test.other", actor=None, organization=other_organization),
    }


@pytest.mark.parametrize("role", [role for role in Role if role != Role.VENDOR_REPRESENTATIVE])
def test_organization_role_sees_own_organization_only(client, role, organization, other_organization, events):
    user = MembershipFactory(organization=organization, role=role).user
    MembershipFactory(organization=other_organization)  # the other organization has people too
    client.force_login(user)

    assert client.get(portal_url(organization)).status_code == 200
    assert client.get(portal_url(other_organization)).status_code == 404
    assert client.get(api_url(organization)).status_code == 200
    assert client.get(api_url(other_organization)).status_code == 404

    listed = {row["id"] for row in client.get(reverse("organization-list")).json()["results"]}
    assert listed == {organization.pk}
    memberships = client.get(reverse("membership-list")).json()["results"]
    assert {row["organization"] for row in memberships} == {organization.pk}

    audit = {row["event_type"] for row in client.get(reverse("audit-event-list")).json()["results"]}
    assert "test.other" not in audit
    # The trail belongs to those who file for the organization; game workers do not read it.
    assert ("test.own" in audit) == (role in FILING_ROLES)
    other_event = client.get(reverse("audit-event-detail", args=[events["other"].pk]))
    assert other_event.status_code == 404


@pytest.mark.parametrize("make_user", [board_staff, board_member], ids=["board_staff", "board_member"])
def test_board_sees_every_organization(client, make_user, organization, other_organization, events):
    client.force_login(make_user())
    for target in (organization, other_organization):
        assert client.get(portal_url(target)).status_code == 200
        assert client.get(api_url(target)).status_code == 200
    audit = {row["event_type"] for row in client.get(reverse("audit-event-list")).json()["results"]}
    assert {"test.own", "test.other"} <= audit


@pytest.mark.parametrize("kind", ["vendor", "no_role", "ended_membership"])
def test_users_without_a_role_see_no_organization(client, kind, organization, events):
    own = []
    if kind == "vendor":  # a vendor's representative sees its own licensee record and no organization's
        representative = VendorRepresentativeFactory()
        user, own = representative.user, [representative.organization_id]
    elif kind == "ended_membership":
        user = MembershipFactory(organization=organization, is_active=False).user
    else:
        user = UserFactory()
    client.force_login(user)
    assert client.get(portal_url(organization)).status_code == 404
    assert client.get(api_url(organization)).status_code == 404
    assert [row["id"] for row in client.get(reverse("organization-list")).json()["results"]] == own
    assert client.get(reverse("audit-event-list")).json()["results"] == []


def test_anonymous_is_sent_to_login_and_refused_by_the_api(client, organization):
    for url in (reverse("portal:dashboard"), portal_url(organization), reverse("vendors:vendor_list")):
        response = client.get(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("login") + "?next=")
    for url in (api_url(organization), reverse("organization-list"), reverse("audit-event-list"), reverse("me")):
        response = client.get(url)
        assert response.status_code == 401
        assert response.json()["errors"][0]["code"] == "not_authenticated"


def test_a_deactivated_account_loses_access(client, organization):
    user = MembershipFactory(organization=organization).user
    client.force_login(user)
    user.is_active = False
    user.save()
    assert client.get(portal_url(organization)).status_code == 302  # session no longer valid: back to login


# --- Least privilege by role: the game roles read their work, not the organization's records ---

GAME_ROLES = [Role.CALLER, Role.CHECKER, Role.TOURNAMENT_DIRECTOR, Role.DEALER]
FILERS = [Role.OFFICER, Role.MEMBER_IN_CHARGE, Role.ALTERNATE, Role.GROSS_RECEIPTS]


def _at(name, *records):
    """The address of the read `name` for one organization's records: each of `records` names one of them (its id)."""
    return lambda r: reverse(name, args=[getattr(r, record).pk for record in records])


# The organization's records: the filers' and the Board's. Each read is (portal page or API operation) -> its address.
RECORD_READS = {
    "portal members": _at("portal:organization_members", "organization"),
    "portal member row": _at("portal:member_row", "organization", "member"),
    "portal members CSV": _at("portal:members_export", "organization"),
    "portal responsible people": _at("portal:organization_responsible_people", "organization"),
    "portal documents": _at("portal:organization_documents", "organization"),
    "portal document download": _at("portal:document_download", "organization", "document"),
    "portal invitations": _at("portal:organization_invitations", "organization"),
    "portal application start": _at("portal:application_start", "organization"),
    "portal application": _at("portal:application_detail", "draft"),
    "portal application step": lambda r: reverse("portal:application_step", args=[r.draft.pk, "purpose"]),
    "portal application summary PDF": _at("portal:application_summary_pdf", "submitted"),
    "portal application status": _at("portal:application_status", "submitted"),
    "portal fee receipt": _at("portal:fee_receipt", "payment"),
    "portal financial figures": _at("portal:organization_figures", "organization"),
    "portal posting sheet": _at("portal:posting_sheet", "organization"),
    "api members": _at("organization-member-list", "organization"),
    "api member": _at("organization-member-detail", "organization", "member"),
    "api members CSV": _at("organization-member-export", "organization"),
    "api responsible people": _at("organization-responsible-person-list", "organization"),
    "api documents": _at("organization-document-list", "organization"),
    "api document download": _at("document-download", "document"),
    "api eligibility": _at("organization-eligibility", "organization"),
    "api invitations": _at("organization-invitation-list", "organization"),
    "api application": _at("application-detail", "draft"),
    "api application check": _at("application-check", "draft"),
    "api fee payments": _at("fee-payment-list", "submitted"),
    "api fee receipt": _at("fee-receipt", "payment"),
    "api application thread": _at("application-message-list", "submitted"),
    "api audit event": _at("audit-event-detail", "event"),
}
# Only officers invite (licensing.organizations.invitations.rules): the other filers read no invitations (403).
OFFICERS_ONLY = {"portal invitations", "api invitations"}

# What the work needs: the organization, its licenses (live play runs under them) and their certificate.
WORK_READS = {
    "portal home": _at("portal:organization_detail", "organization"),
    "portal profile facts": _at("portal:organization_profile", "organization"),
    "portal license certificate": _at("portal:license_certificate", "license"),
    "api organization": _at("organization-detail", "organization"),
    "api license": _at("license-detail", "license"),
    "api license certificate": _at("license-certificate", "license"),
}
# The game pages of each role: its operation (bingo) or its tournament (Monte Carlo).
GAME_PAGES = {
    Role.CALLER: _at("bingo:operation_detail", "operation"),
    Role.CHECKER: _at("bingo:operation_detail", "operation"),
    Role.TOURNAMENT_DIRECTOR: _at("montecarlo:tournament_detail", "tournament"),
    Role.DEALER: _at("montecarlo:tournament_detail", "tournament"),
}


def _records(name: str) -> SimpleNamespace:
    """One of every record an organization keeps, each made the way the software makes it."""
    organization = OrganizationFactory(name=name)
    officer = member(organization, Role.OFFICER)
    submitted = ApplicationFactory(submitted=True, organization=organization)
    license = LicenseFactory(application__organization=organization)
    license.certificate.save(f"{license.number}.pdf", ContentFile(PDF_BYTES))
    operation_license = bingo_license(organization=organization)
    director = member(organization, Role.TOURNAMENT_DIRECTOR)
    return SimpleNamespace(
        organization=organization, license=license, submitted=submitted, director=director,
        member=OrganizationMemberFactory(organization=organization, full_name=f"{name} Roll Member"),
        person=ResponsiblePersonFactory(organization=organization, full_name=f"{name} Responsible Person"),
        document=add_document(organization, DocumentKind.BYLAWS, uploaded_by=officer),
        draft=ApplicationFactory(organization=organization),
        payment=fee_payment_record(actor=board_staff(), application=submitted, method="check", reference="1",
                                   amount="100.00", received_on=timezone.localdate()),
        invitation=invitation_send(actor=officer, organization=organization, email=f"{organization.pk}@example.org",
                                   role=Role.CHECKER),
        event=audit_event_record(event_type="test.record", actor=None, organization=organization),
        operation=plan(operation_license),
        tournament=TournamentFactory(actor=director, license=mcn_license(organization=organization)),
    )


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        yield SimpleNamespace(own=_records("Own Club"), other=_records("Other Club"))
        transaction.set_rollback(True)


def _worker(world, role):
    return MembershipFactory(organization=world.own.organization, role=role).user


@pytest.mark.parametrize("read", list(RECORD_READS))
@pytest.mark.parametrize("role", GAME_ROLES)
def test_game_roles_read_none_of_the_organizations_records(client, world, role, read):
    """Each read answered them 200 before, but the thread and the audit event (already refused) and the invitations,
    the figures and the posting sheet (a 403: seen, not theirs)."""
    client.force_login(_worker(world, role))
    for records in (world.own, world.other):  # its own organization's as another's: a 404, not disclosed
        url = RECORD_READS[read](records)
        assert client.get(url).status_code == 404, url


@pytest.mark.parametrize("role", GAME_ROLES)
def test_game_roles_read_what_their_work_needs(client, world, role):
    user = _worker(world, role)
    client.force_login(user)
    for read, address in [*WORK_READS.items(), ("game page", GAME_PAGES[role])]:
        assert client.get(address(world.own)).status_code == 200, read
        assert client.get(address(world.other)).status_code == 404, read
    licenses = {row["id"] for row in client.get(reverse("license-list")).json()["results"]}
    assert world.own.license.pk in licenses and world.other.license.pk not in licenses
    # The lists answer, with nothing of the records in them.
    assert client.get(reverse("application-list")).json()["results"] == []
    assert client.get(reverse("audit-event-list")).json()["results"] == []
    # Its own memberships, not the addresses of the organization's other people.
    memberships = client.get(reverse("membership-list")).json()["results"]
    assert {(row["user_email"], row["role"]) for row in memberships} == {(user.email, role)}


@pytest.mark.parametrize("role", GAME_ROLES)
def test_a_game_roles_home_names_the_people_and_links_nowhere_it_may_not_go(client, world, role):
    user = _worker(world, role)
    client.force_login(user)
    page = client.get(reverse("portal:organization_detail", args=[world.own.organization.pk])).content.decode()
    assert world.own.license.number in page and user.full_name in page
    director = world.own.director
    assert director.full_name in page and director.email not in page  # names and roles, no addresses
    for section in ("todo-heading", "applications-heading", "activity-heading", "eligibility-heading"):
        assert section not in page
    links = {link for link in re.findall(r'href="(/[^"#?]*)', page) if not link.startswith("/static/")}
    assert reverse("portal:license_certificate", args=[world.own.license.pk]) in links
    for link in sorted(links):
        assert client.get(link, follow=True).status_code == 200, link  # no dead link: every page shown opens


@pytest.mark.parametrize("role", FILERS)
def test_the_filing_people_read_the_records_of_their_organization_only(client, world, role):
    user = _worker(world, role)
    client.force_login(user)
    for read, address in [*RECORD_READS.items(), *WORK_READS.items()]:
        own = 403 if read in OFFICERS_ONLY and role != Role.OFFICER else 200
        assert client.get(address(world.own)).status_code == own, read
        assert client.get(address(world.other)).status_code == 404, read
    applications = {row["id"] for row in client.get(reverse("application-list")).json()["results"]}
    assert {world.own.draft.pk, world.own.submitted.pk} <= applications
    assert {row["organization"] for row in client.get(reverse("membership-list")).json()["results"]} == {
        world.own.organization.pk}
    assert len(client.get(reverse("membership-list")).json()["results"]) > 1  # the organization's people
    page = client.get(reverse("portal:organization_detail", args=[world.own.organization.pk])).content.decode()
    assert reverse("portal:organization_members", args=[world.own.organization.pk]) in page


def test_a_vendor_representative_reads_nothing_of_any_organization(client, world):
    """A vendor's people read their vendor (vendors.selectors) and nothing of an organization: no record, no
    page, no person."""
    representative = VendorRepresentativeFactory()
    client.force_login(representative.user)
    for records in (world.own, world.other):
        for read, address in [*RECORD_READS.items(), *WORK_READS.items(), *GAME_PAGES.items()]:
            assert client.get(address(records)).status_code == 404, read
    memberships = client.get(reverse("membership-list")).json()["results"]
    assert {row["organization"] for row in memberships} == {representative.organization_id}
    assert client.get(reverse("application-list")).json()["results"] == []


@pytest.mark.parametrize("make_user", [board_staff, board_member], ids=["board_staff", "board_member"])
def test_the_board_reads_every_organizations_records(client, world, make_user):
    client.force_login(make_user())
    for records in (world.own, world.other):
        for read, address in [*RECORD_READS.items(), *WORK_READS.items()]:
            if read in OFFICERS_ONLY | {"portal application start"}:
                continue  # the Board reads; it neither invites (403) nor files
            assert client.get(address(records)).status_code == 200, read
