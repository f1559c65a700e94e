"""A stored file missing from the storage behind a real record (a document, a thread's attachment, a license
certificate) answers 410 Gone on every download, the portal's own error page or the API's error shape, logged at
ERROR with the record and the file's name; never a 500 (core/stored_files.py, core/middleware/stored_files.py)."""

import logging
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import models
from django.urls import reverse

from licensing.models import Document, License, MessageAttachment
from licensing.models.choices import DocumentKind
from licensing.review.thread.services import application_message_post
from tests.licensing.factories import PDF_BYTES, ApplicationFactory, LicenseFactory, add_document, board_staff, upload

pytestmark = pytest.mark.django_db

# Every download of a stored file: (URL name, its arguments from the world, who downloads, which record's file).
DOWNLOADS = [
    ("portal:document_download", ("organization", "document"), "officer", "document"),
    ("document-download", ("document",), "officer", "document"),
    ("portal:review_document_preview", ("application", "document"), "staff", "document"),
    ("portal:application_message_attachment", ("application", "attachment"), "officer", "attachment"),
    ("application-message-attachment", ("application", "attachment"), "officer", "attachment"),
    ("portal:license_certificate", ("license",), "officer", "license"),
    ("license-certificate", ("license",), "officer", "license"),
]
STORED = {"document": "file", "attachment": "file", "license": "certificate"}


@pytest.fixture
def world(organization, officer):
    application = ApplicationFactory(submitted=True, organization=organization)
    document = add_document(organization, DocumentKind.CERTIFICATE_OF_OCCUPANCY, uploaded_by=officer,
                            application=application)
    message = application_message_post(actor=officer, application=application, body="The lease.",
                                       attachments=[upload("lease.pdf", PDF_BYTES)])
    license = LicenseFactory(application__organization=organization)
    license.certificate.save(f"{license.number}.pdf", ContentFile(PDF_BYTES))
    return SimpleNamespace(organization=organization, application=application, document=document,
                           attachment=message.attachments.get(), license=license, officer=officer,
                           staff=board_staff())


@pytest.mark.parametrize(("name", "args", "caller", "record"), DOWNLOADS, ids=[name for name, *_ in DOWNLOADS])
def test_a_missing_stored_file_is_gone_not_a_crash(client, world, caplog, name, args, caller, record):
    client.force_login(getattr(world, caller))
    url = reverse(name, args=[getattr(world, arg).pk for arg in args])
    assert client.get(url, headers={"Accept": "*/*"}).status_code == 200  # the download works while the file is there
    stored = getattr(getattr(world, record), STORED[record])
    default_storage.delete(stored.name)

    with caplog.at_level(logging.ERROR, logger="core.stored_files"):
        response = client.get(url, headers={"Accept": "*/*"})
    assert response.status_code == 410
    if url.startswith("/api/"):
        [error] = response.json()["errors"]
        assert (error["field"], error["code"]) == (None, "stored_file_missing")
        assert "no longer holds it" in error["message"]
    else:
        page = response.content.decode()
        assert "Error 410" in page and "no longer holds it" in page and 'href="/"' in page  # the portal's layout
    [logged] = [entry for entry in caplog.records if entry.name == "core.stored_files"]
    assert logged.levelno == logging.ERROR and stored.name in logged.getMessage()


def test_every_stored_file_of_the_models_has_its_downloads_listed():
    stored = {(field.model, field.name) for model in apps.get_models() for field in model._meta.get_fields()
              if isinstance(field, models.FileField)}
    listed = {Document: "file", MessageAttachment: "file", License: "certificate"}
    assert stored == set(listed.items())
    assert {record for *_, record in DOWNLOADS} == set(STORED)
