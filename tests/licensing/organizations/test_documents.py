"""Documents: type from the content, size cap, private storage, scoped download."""

import hashlib

import pytest
from django.core.exceptions import ValidationError
from django.core.files.storage import default_storage
from django.urls import reverse

from licensing.models import AuditEvent, Document, Role
from licensing.models.choices import DocumentKind
from licensing.organizations import documents as document_services
from licensing.organizations.documents import document_upload
from tests.licensing.factories import (
    GIF_BYTES,
    JPEG_BYTES,
    PDF_BYTES,
    PNG_BYTES,
    MembershipFactory,
    UserFactory,
    board_member,
    board_staff,
    draft_application,
    upload,
)

pytestmark = pytest.mark.django_db


def store(organization, user, name="bylaws.pdf", content=PDF_BYTES, kind=DocumentKind.BYLAWS, **kwargs):
    return document_upload(actor=user, organization=organization, kind=kind, uploaded_file=upload(name, content),
                           **kwargs)


@pytest.mark.parametrize(("name", "content", "content_type"), [
    ("Bylaws 2024.pdf", PDF_BYTES, "application/pdf"),
    ("scan.PNG", PNG_BYTES, "image/png"),
    ("photo.jpeg", JPEG_BYTES, "image/jpeg"),
    ("no-extension", PDF_BYTES, "application/pdf"),  # the name does not matter, the bytes do
])
def test_accepted_files_are_stored_privately_under_their_hash(organization, officer, name, content, content_type):
    document = store(organization, officer, name=name, content=content)
    assert document.content_type == content_type and document.size == len(content)
    assert document.sha256 == hashlib.sha256(content).hexdigest()
    assert document.original_name == name
    assert document.file.name.startswith(f"documents/{organization.pk}/{document.sha256[:2]}/{document.sha256}")
    assert name not in document.file.name
    assert default_storage.open(document.file.name).read() == content
    event = AuditEvent.objects.get(event_type="licensing.document_uploaded")
    assert event.payload["sha256"] == document.sha256 and event.actor == officer


@pytest.mark.parametrize(("name", "content"), [
    ("x.pdf", b"This is plain text, not a PDF at all.\n"),
    ("animation.gif", GIF_BYTES),
    ("disguised.pdf", GIF_BYTES),
    ("page.html", b"<!doctype html><script>alert(1)</script>"),
])
def test_files_are_refused_by_content_not_name(organization, officer, name, content):
    with pytest.raises(ValidationError) as caught:
        store(organization, officer, name=name, content=content)
    [error] = caught.value.error_dict["file"]
    assert error.code == "file_type" and "PDF, PNG and JPEG" in error.messages[0]
    assert not Document.objects.exists()


def test_the_size_cap_is_applied_before_reading(organization, officer, monkeypatch):
    monkeypatch.setattr(document_services, "MAX_DOCUMENT_BYTES", len(PDF_BYTES) - 1)
    with pytest.raises(ValidationError) as caught:
        store(organization, officer)
    assert caught.value.error_dict["file"][0].code == "too_large"
    monkeypatch.setattr(document_services, "MAX_DOCUMENT_BYTES", len(PDF_BYTES))
    assert store(organization, officer).size == len(PDF_BYTES)  # exactly at the cap is fine


def test_the_real_cap_is_ten_megabytes(organization, officer):
    content = PDF_BYTES + b"\0" * (10 * 1024 * 1024 + 1 - len(PDF_BYTES))
    with pytest.raises(ValidationError) as caught:
        store(organization, officer, content=content)
    assert caught.value.error_dict["file"][0].code == "too_large"
    assert not Document.objects.exists()


def test_an_empty_file_and_a_bad_kind_are_refused_together(organization, officer):
    with pytest.raises(ValidationError) as caught:
        store(organization, officer, content=b"", kind="selfie")
    assert set(caught.value.error_dict) == {"file", "kind"}


def test_a_document_cannot_attach_to_another_organizations_application(organization, other_organization, officer):
    application = draft_application(other_organization)
    with pytest.raises(ValidationError) as caught:
        store(organization, officer, application=application)
    assert "application" in caught.value.error_dict
    own = draft_application(organization)
    assert store(organization, officer, application=own).application == own


# --- Download: the organization's people and the Board; anyone else 404 (anonymous: sign in) ---

def portal_download(document):
    return reverse("portal:document_download", args=[document.organization_id, document.pk])


def api_download(document):
    return reverse("document-download", args=[document.pk])


@pytest.fixture
def document(organization, officer):
    return store(organization, officer, name="Our Bylaws.pdf")


def _own_officer(organization):
    return MembershipFactory(organization=organization).user


def _own_caller(organization):
    return MembershipFactory(organization=organization, role=Role.CALLER).user


def _other_officer(organization):
    return MembershipFactory().user


def _no_role(organization):
    return UserFactory()


def _ended_officer(organization):
    return MembershipFactory(organization=organization, is_active=False).user


@pytest.mark.parametrize(("make_user", "allowed"), [
    (_own_officer, True),
    (_own_caller, False),  # its game roles read none of its documents (was a 200); only filing roles upload
    (lambda organization: board_staff(), True),
    (lambda organization: board_member(), True),
    (_other_officer, False),
    (_no_role, False),
    (_ended_officer, False),
], ids=["officer", "game_role", "board_staff", "board_member", "other_org_officer", "no_role", "ended_membership"])
def test_download_matrix(client, organization, document, make_user, allowed):
    client.force_login(make_user(organization))
    for url in (portal_download(document), api_download(document)):
        response = client.get(url)
        if not allowed:
            assert response.status_code == 404, url
            continue
        assert response.status_code == 200, url
        assert b"".join(response.streaming_content) == PDF_BYTES
        assert response["Content-Type"] == "application/pdf"
        assert response["Content-Disposition"].startswith("attachment;")
        assert 'filename="our-bylaws.pdf"' in response["Content-Disposition"]
        assert response["X-Content-Type-Options"] == "nosniff"
        assert "no-store" in response["Cache-Control"]


def test_download_anonymous(client, document):
    response = client.get(portal_download(document))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert client.get(api_download(document)).status_code == 401


def test_download_through_another_organizations_path_is_404(client, organization, other_organization, document):
    staff = board_staff()
    client.force_login(staff)
    url = reverse("portal:document_download", args=[other_organization.pk, document.pk])
    assert client.get(url).status_code == 404


def test_the_api_download_answers_any_accept_header(client, organization, document, officer):
    client.force_login(officer)
    response = client.get(api_download(document), headers={"Accept": "application/pdf"})
    assert response.status_code == 200


# --- Upload through the API and the portal ---

def api_documents(organization):
    return reverse("organization-document-list", args=[organization.pk])


@pytest.mark.parametrize(("role", "expected"), [(Role.OFFICER, 201), (Role.GROSS_RECEIPTS, 201),
                                                (Role.CHECKER, 403), (Role.DEALER, 403)])
def test_api_upload_needs_a_filing_role(client, organization, role, expected):
    client.force_login(MembershipFactory(organization=organization, role=role).user)
    response = client.post(api_documents(organization), {"kind": "lease", "file": upload("lease.png", PNG_BYTES)})
    assert response.status_code == expected
    assert Document.objects.filter(organization=organization).count() == (1 if expected == 201 else 0)
    if expected == 201:
        body = response.json()
        assert body["content_type"] == "image/png" and body["kind"] == "lease"
        assert body["download_url"] == reverse("document-download", args=[body["id"]])


def test_api_upload_by_the_board_or_another_organization_is_refused(client, organization):
    client.force_login(board_staff())
    assert client.post(api_documents(organization), {"kind": "lease", "file": upload("l.pdf", PDF_BYTES)}
                       ).status_code == 403
    client.force_login(MembershipFactory().user)
    assert client.post(api_documents(organization), {"kind": "lease", "file": upload("l.pdf", PDF_BYTES)}
                       ).status_code == 404


def test_api_upload_names_the_file_field_when_refused(client, organization, officer):
    client.force_login(officer)
    response = client.post(api_documents(organization), {"kind": "bylaws", "file": upload("x.pdf", b"just text")})
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["field"] == "file" and error["code"] == "file_type"


def test_api_upload_cannot_probe_another_organizations_application(client, organization, other_organization,
                                                                   officer):
    client.force_login(officer)
    foreign = draft_application(other_organization)
    response = client.post(api_documents(organization),
                           {"kind": "bylaws", "file": upload("b.pdf", PDF_BYTES), "application": foreign.pk})
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "application"


def test_api_document_list_is_scoped(client, organization, other_organization, document):
    store(other_organization, MembershipFactory(organization=other_organization).user)
    client.force_login(_own_officer(organization))
    rows = client.get(api_documents(organization)).json()["results"]
    assert [row["id"] for row in rows] == [document.pk]
    assert client.get(api_documents(other_organization)).status_code == 404
    client.force_login(_own_caller(organization))  # a game role of the organization: as a stranger
    assert client.get(api_documents(organization)).status_code == 404


def test_portal_upload_and_list(client, organization, officer):
    client.force_login(officer)
    url = reverse("portal:organization_documents", args=[organization.pk])
    response = client.post(url, {"kind": "certificate_of_occupancy", "file": upload("coo.jpg", JPEG_BYTES)})
    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert "coo.jpg" in page and "Certificate of occupancy" in page and "Upload a document" in page


def test_portal_upload_error_is_shown_on_the_form(client, organization, officer):
    client.force_login(officer)
    url = reverse("portal:organization_documents", args=[organization.pk])
    response = client.post(url, {"kind": "bylaws", "file": upload("x.pdf", GIF_BYTES)})
    assert response.status_code == 400
    assert "Only PDF, PNG and JPEG files are accepted" in response.content.decode()
    assert not Document.objects.exists()


def test_portal_documents_page_is_no_game_roles_and_refuses_their_posts(client, organization, document):
    client.force_login(_own_caller(organization))
    url = reverse("portal:organization_documents", args=[organization.pk])
    assert client.get(url).status_code == 404  # was the list of the documents, without the upload form
    assert client.post(url, {"kind": "bylaws", "file": upload("b.pdf", PDF_BYTES)}).status_code == 403
    assert Document.objects.count() == 1
