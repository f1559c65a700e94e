"""Journey 7: a blocking check says where to fix it. Every blocking finding of an application links to the page
where it is fixed, and that page opens (200) for the officer; the copy of the lease (30 DCMR 1400.4) is filed on
the lease step itself."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from licensing.applications.checks import application_findings
from licensing.applications.fixes import BOARD_SIDE_RULES, fix_url
from licensing.models import Application, Document, Role
from licensing.models.choices import DocumentKind
from tests.licensing.applications.factories import check, create, patch, step
from tests.licensing.factories import PDF_BYTES, LicenseFactory, MembershipFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def newcomer(frozen, organization, client):
    """An officer of an organization whose profile is still empty: every eligibility gap is open."""
    user = MembershipFactory(organization=organization, role=Role.OFFICER).user
    client.force_login(user)
    return user


def drafts(client, organization):
    base = LicenseFactory(application__organization=organization, license_class="D")
    made = [create(client, organization, license_type=license_type, license_class=license_class, **extra)
            for license_type, license_class, extra in (
                ("bingo", "D", {}), ("raffle", "1", {}), ("montecarlo", "1", {}),
                ("multihall", "A", {}), ("bingo", "B", {"kind": "renewal"}),
                ("bingo", "B", {"kind": "amendment", "base_license": base.pk}))]
    for application in made:
        if application["license_type"] != "raffle":
            assert patch(client, application["id"], premises_leased=True).status_code == 200
    return Application.objects.filter(pk__in=[a["id"] for a in made])


def test_every_blocking_finding_links_to_a_page_that_opens_for_the_officer(client, organization, newcomer):
    seen = set()
    for application in drafts(client, organization):
        for finding in application_findings(application, actor=newcomer):
            if not finding.blocking:
                continue
            url = fix_url(application, finding)
            seen.add((finding.field, finding.rule))
            if finding.rule in BOARD_SIDE_RULES and finding.field == "license_class":
                assert url is None  # the Board sets its fees and bonds: no page of the organization's fixes it
                continue
            assert url, f"no link for {finding}"
            response = client.get(url.split("#")[0])
            assert response.status_code == 200, (finding, url)
    # The walk met the kinds that need a document or a step: each of them was checked above.
    for kind in [("documents", "30 DCMR 1400.4"), ("documents", "30 DCMR 1202.2(s)"),
                 ("documents", "30 DCMR 1202.2(n)"),
                 ("occasions", "30 DCMR 1202.2(m)"), ("lessor_name", "30 DCMR 1400.4(f)"),
                 ("lawful_purpose", "30 DCMR 1202.2(p)"), ("drawing_at", "30 DCMR 1202.2(n)"),
                 ("event_starts_at", "30 DCMR 1202.2(o)"), ("members", "30 DCMR 1200.2(c)"),
                 ("responsible_people", "30 DCMR 1202.2(j)"), ("incorporated_in_dc", "30 DCMR 1200.2(a)"),
                 ("base_license", "30 DCMR 1204.2"), ("change_date", "30 DCMR 1202.3"),
                 ("license_class", "30 DCMR 1201.3")]:
        assert kind in seen, kind


def test_the_lease_finding_links_to_the_lease_step_and_the_bylaws_to_the_documents_page(client, organization,
                                                                                      newcomer):
    application = drafts(client, organization).get(license_type="bingo", license_class="D")
    links = {f.rule: fix_url(application, f) for f in application_findings(application) if f.field == "documents"}
    assert links["30 DCMR 1400.4"] == step(application.pk, "lease") + "#lease-document"
    documents = reverse("portal:organization_documents", args=[organization.pk])
    assert links["30 DCMR 1202.2(s)"] == f"{documents}?kind=bylaws#upload-heading"
    page = client.get(documents + "?kind=bylaws").content.decode()
    assert '<option value="bylaws" selected>' in page


def test_the_review_step_and_the_api_give_each_blocking_finding_its_link(client, organization, newcomer):
    application = drafts(client, organization).get(license_type="bingo", license_class="D")
    review = client.get(step(application.pk, "review")).content.decode()
    assert f'href="{step(application.pk, "lease")}#lease-document"' in review and "Fix it" in review
    findings = check(client, application.pk)["findings"]
    lease = next(f for f in findings if f["rule"] == "30 DCMR 1400.4")
    assert lease["fix_url"] == step(application.pk, "lease") + "#lease-document"


def test_the_lease_step_files_the_copy_of_the_lease_with_the_application(client, organization, newcomer):
    application = drafts(client, organization).get(license_type="bingo", license_class="D")
    page = client.get(step(application.pk, "lease")).content.decode()
    assert 'id="lease-document"' in page and 'name="lease_doc-file"' in page
    response = client.post(step(application.pk, "lease"), {
        "premises_leased": "on", "lease_doc-file": SimpleUploadedFile("lease.pdf", PDF_BYTES, "application/pdf")})
    assert response.status_code == 302, response.content.decode()[-2000:]
    document = Document.objects.get(kind=DocumentKind.LEASE)
    assert document.application_id == application.pk and document.organization_id == organization.pk
    assert "30 DCMR 1400.4" not in {f.rule for f in application_findings(application)}
    assert "lease.pdf" in client.get(step(application.pk, "lease")).content.decode()


def test_a_file_that_is_no_lease_copy_is_refused_on_the_lease_step(client, organization, newcomer):
    application = drafts(client, organization).get(license_type="bingo", license_class="D")
    response = client.post(step(application.pk, "lease"), {
        "premises_leased": "on", "lease_doc-file": SimpleUploadedFile("lease.exe", b"MZ\x90\x00", "application/pdf")})
    assert response.status_code == 200
    assert not Document.objects.filter(kind=DocumentKind.LEASE).exists()
