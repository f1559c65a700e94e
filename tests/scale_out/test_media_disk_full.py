"""The media folder's disk full: an upload fails cleanly (core.media_storage, core.stored_files.stored_file_save).
The form names the file field, the API answers 507 naming it, no row is written, no half-written file is left, and
once there is room the same upload succeeds.

A real full disk: the media folder is a 64 KiB tmpfs, filled up. Mounting needs root (CI runs as root)."""

import errno
import os
import subprocess

import pytest
from django.core.files.uploadedfile import TemporaryUploadedFile
from django.urls import reverse

from core.media_storage import WholeFileSystemStorage
from core.stored_files import STORAGE_FULL_MESSAGE, StorageFull
from licensing.models import ApplicationMessage, AuditEvent, Document, MessageAttachment
from licensing.models.choices import DocumentKind
from licensing.organizations.documents import document_upload
from licensing.review.thread.services import application_message_post
from tests.conftest import need
from tests.licensing.factories import PDF_BYTES, ApplicationFactory, MembershipFactory, OrganizationFactory, upload

pytestmark = pytest.mark.django_db

# A PDF by its first bytes, larger than the ROOM a filled tmpfs has left.
CONTENT = PDF_BYTES + b"%" * 20_000
FILLER = "filler.bin"
ROOM = 8 * 1024


@pytest.fixture
def media(tmp_path, settings):
    """MEDIA_ROOT on a tmpfs of 64 KiB, filled by FILLER but for ROOM: an upload starts writing, then finds the disk
    full half way."""
    need(os.geteuid() == 0, "mounting a small tmpfs for the media folder needs root")
    folder = tmp_path / "media"
    folder.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], check=True)
    settings.STORAGES = {**settings.STORAGES, "default": {
        "BACKEND": "core.media_storage.WholeFileSystemStorage", "OPTIONS": {"location": str(folder)}}}
    try:
        with open(folder / FILLER, "wb") as filler:
            while True:
                filler.write(b"\0" * 4096)
                filler.flush()
    except OSError as error:
        assert error.errno == errno.ENOSPC
    os.truncate(folder / FILLER, (folder / FILLER).stat().st_size - ROOM)
    yield folder
    subprocess.run(["umount", str(folder)], check=True)


def stored_files(folder) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file()
                  and path.name != FILLER)


def free_room(folder) -> None:
    (folder / FILLER).unlink()


def test_the_service_refuses_on_the_file_field_and_keeps_nothing(media):
    organization = OrganizationFactory()
    officer = MembershipFactory(organization=organization).user
    with pytest.raises(StorageFull) as caught:
        document_upload(actor=officer, organization=organization, kind=DocumentKind.BYLAWS,
                        uploaded_file=upload("bylaws.pdf", CONTENT))
    [error] = caught.value.error_dict["file"]
    assert error.code == "storage_full" and error.message == STORAGE_FULL_MESSAGE
    assert not Document.objects.exists() and stored_files(media) == []

    free_room(media)
    document = document_upload(actor=officer, organization=organization, kind=DocumentKind.BYLAWS,
                               uploaded_file=upload("bylaws.pdf", CONTENT))
    assert stored_files(media) == [document.file.name] and (media / document.file.name).read_bytes() == CONTENT


def test_the_portal_form_names_the_file_field(client, media):
    organization = OrganizationFactory()
    client.force_login(MembershipFactory(organization=organization).user)
    url = reverse("portal:organization_documents", args=[organization.pk])
    response = client.post(url, {"kind": "bylaws", "file": upload("bylaws.pdf", CONTENT)})
    page = response.content.decode()
    assert response.status_code == 400
    assert "The file could not be stored: the server&#x27;s storage is full. Nothing was saved." in page
    errors = response.context["form"].errors
    assert list(errors) == ["file"]  # on the file field, not the form as a whole
    assert not Document.objects.exists() and stored_files(media) == []
    assert not AuditEvent.objects.filter(event_type="licensing.document_uploaded").exists()

    free_room(media)
    assert client.post(url, {"kind": "bylaws", "file": upload("bylaws.pdf", CONTENT)}).status_code == 302
    assert Document.objects.count() == 1 and len(stored_files(media)) == 1


def test_the_api_answers_507_naming_the_field(client, media):
    organization = OrganizationFactory()
    client.force_login(MembershipFactory(organization=organization).user)
    url = reverse("organization-document-list", args=[organization.pk])
    response = client.post(url, {"kind": "bylaws", "file": upload("bylaws.pdf", CONTENT)})
    assert response.status_code == 507
    [error] = response.json()["errors"]
    assert error == {"field": "file", "code": "storage_full", "message": str(STORAGE_FULL_MESSAGE), "rule": None}
    assert not Document.objects.exists() and stored_files(media) == []

    free_room(media)
    assert client.post(url, {"kind": "bylaws", "file": upload("bylaws.pdf", CONTENT)}).status_code == 201


def test_a_message_whose_attachment_cannot_be_stored_is_not_posted(media):
    """The reply thread's attachments: the message and the attachments that did fit are rolled back with it."""
    organization = OrganizationFactory()
    officer = MembershipFactory(organization=organization).user
    application = ApplicationFactory(submitted=True, organization=organization)
    small = PDF_BYTES + b"%" * 100  # fits in the room left; the next one does not
    with pytest.raises(StorageFull) as caught:
        application_message_post(actor=officer, application=application, body="Our lease.",
                                 attachments=[upload("small.pdf", small), upload("lease.pdf", CONTENT)])
    assert caught.value.error_dict["attachments"][0].code == "storage_full"
    assert not ApplicationMessage.objects.exists() and not MessageAttachment.objects.exists()
    assert stored_files(media) == []


def test_a_large_upload_spooled_to_a_temporary_file_leaves_nothing_either(media):
    """Uploads over FILE_UPLOAD_MAX_MEMORY_SIZE arrive as a temporary file, which Django's storage moves (copies,
    across file systems) rather than streams: that path too leaves no partial file."""
    storage = WholeFileSystemStorage(location=str(media))
    spooled = TemporaryUploadedFile("big.pdf", "application/pdf", len(CONTENT), None)
    spooled.write(CONTENT)
    spooled.seek(0)
    with pytest.raises(OSError) as caught:
        storage.save("documents/big.pdf", spooled)
    assert caught.value.errno == errno.ENOSPC
    assert stored_files(media) == []
    spooled.close()


def test_a_saved_file_is_whole_and_a_taken_name_is_not_overwritten(tmp_path):
    """The staging name and the hard link change nothing of what Django's storage does when there is room."""
    storage = WholeFileSystemStorage(location=str(tmp_path))
    first = storage.save("documents/a.pdf", upload("a.pdf", b"first"))
    second = storage.save("documents/a.pdf", upload("a.pdf", b"second"))
    assert first == "documents/a.pdf" and second != first and second.startswith("documents/a_")
    assert storage.open(first).read() == b"first" and storage.open(second).read() == b"second"
    assert sorted(path.name for path in (tmp_path / "documents").iterdir()) == sorted(
        [first.split("/")[-1], second.split("/")[-1]])  # no staging file left
