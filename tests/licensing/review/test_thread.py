"""The reply thread of an application (issue 15): who writes and who reads, attachments checked by content,
the email to the other side, the audit event, the answer to an open deficiency notice; in the portal and the API."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from licensing.models import ApplicationMessage, AuditEvent, MessageAttachment, Role
from licensing.models.messages import ApplicationMessageImmutableError
from licensing.review.services import deficiency_notice_issue
from licensing.review.thread.services import MAX_ATTACHMENTS, application_message_post
from tests.licensing.factories import (
    GIF_BYTES,
    JPEG_BYTES,
    PDF_BYTES,
    PNG_BYTES,
    ApplicationFactory,
    MembershipFactory,
    UserFactory,
    board_member,
    board_staff,
    upload,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def application(organization):
    organization.email = "office@parish.example.org"
    organization.save()
    return ApplicationFactory(submitted=True, organization=organization)


def test_an_officer_answers_with_a_file_and_board_staff_are_emailed(
        application, officer, django_capture_on_commit_callbacks, mailoutbox):
    staff = board_staff(email="reviewer@gaming.example.gov")
    deficiency_notice_issue(actor=staff, application=application, message="Send the signed lease.")
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        message = application_message_post(actor=officer, application=application, body="  The lease is attached.  ",
                                           attachments=[upload("Signed lease.pdf", PDF_BYTES)])
    assert message.body == "The lease is attached." and not message.from_board
    assert message.deficiency_notice == application.deficiency_notices.get()  # the answer to the open notice
    attachment = message.attachments.get()
    assert (attachment.original_name, attachment.content_type, attachment.size) == (
        "Signed lease.pdf", "application/pdf", len(PDF_BYTES))
    assert attachment.file.read() == PDF_BYTES
    event = AuditEvent.objects.get(event_type="licensing.application_message_posted")
    assert event.payload["application"] == application.pk and event.payload["from_board"] is False
    assert event.payload["attachments"][0]["sha256"] == attachment.sha256
    # The staff member who issued the notice hears of it, not the organization itself.
    [email] = mailoutbox
    assert email.to == ["reviewer@gaming.example.gov"]
    assert "The lease is attached." in email.body and "Signed lease.pdf" in email.body
    assert f"/portal/review/{application.pk}/" in email.body


def test_staff_write_and_the_organization_is_emailed(application, officer, django_capture_on_commit_callbacks,
                                                     mailoutbox):
    with django_capture_on_commit_callbacks(execute=True):
        message = application_message_post(actor=board_staff(), application=application,
                                           body="Which hall will you use in May?",
                                           attachments=[upload("map.png", PNG_BYTES, "image/png")])
    assert message.from_board and message.deficiency_notice is None
    [email] = mailoutbox
    assert set(email.to) == {"office@parish.example.org", officer.email}
    assert f"/portal/applications/{application.pk}/status/" in email.body


def test_with_no_staff_involved_every_staff_member_hears(application, officer, django_capture_on_commit_callbacks,
                                                         mailoutbox):
    first, second = board_staff(), board_staff()
    with django_capture_on_commit_callbacks(execute=True):
        application_message_post(actor=officer, application=application, body="A question about the bond.")
    assert set(mailoutbox[0].to) == {first.email, second.email}


@pytest.mark.parametrize(("name", "content"), [
    ("lease.pdf", b"just text pretending to be a PDF"),  # the name says PDF, the bytes do not
    ("photo.gif", GIF_BYTES),  # a real image of a type the Board does not take
    ("empty.pdf", b""),
])
def test_attachments_are_checked_by_content(application, officer, name, content):
    with pytest.raises(ValidationError) as refused:
        application_message_post(actor=officer, application=application, body="See attached.",
                                 attachments=[upload("ok.jpg", JPEG_BYTES, "image/jpeg"), upload(name, content)])
    assert list(refused.value.error_dict) == ["attachments"]
    assert name in refused.value.messages[0]
    assert not ApplicationMessage.objects.exists() and not MessageAttachment.objects.exists()


def test_too_many_files_or_no_words_are_refused(application, officer):
    files = [upload(f"page{n}.pdf", PDF_BYTES) for n in range(MAX_ATTACHMENTS + 1)]
    with pytest.raises(ValidationError) as refused:
        application_message_post(actor=officer, application=application, body="All pages.", attachments=files)
    assert "attachments" in refused.value.error_dict
    with pytest.raises(ValidationError) as refused:
        application_message_post(actor=officer, application=application, body="   ")
    assert "body" in refused.value.error_dict
    with pytest.raises(ValidationError):
        application_message_post(actor=officer, application=application, body="x" * 5001)
    assert not ApplicationMessage.objects.exists()


def test_board_members_game_workers_and_drafts_get_no_pen(application, organization):
    caller = MembershipFactory(organization=organization, role=Role.CALLER).user
    for actor in (board_member(), caller, UserFactory()):
        with pytest.raises(PermissionDenied):
            application_message_post(actor=actor, application=application, body="Hello")
    draft = ApplicationFactory(organization=organization)
    with pytest.raises(PermissionDenied):
        application_message_post(actor=MembershipFactory(organization=organization).user, application=draft,
                                 body="Hello")


def test_messages_and_attachments_are_never_changed_or_deleted(application, officer):
    message = application_message_post(actor=officer, application=application, body="First.",
                                       attachments=[upload("a.pdf", PDF_BYTES)])
    message.body = "Edited."
    with pytest.raises(ApplicationMessageImmutableError):
        message.save()
    with pytest.raises(ApplicationMessageImmutableError):
        message.delete()
    with pytest.raises(ApplicationMessageImmutableError):
        ApplicationMessage.objects.filter(pk=message.pk).update(body="Edited.")
    with pytest.raises(ApplicationMessageImmutableError):
        MessageAttachment.objects.all().delete()


# --- The portal ---

def test_the_organization_answers_a_notice_on_its_status_page(client, application, officer):
    deficiency_notice_issue(actor=board_staff(), application=application, message="Send the signed lease.")
    client.force_login(officer)
    url = reverse("portal:application_status", args=[application.pk])
    page = client.get(url).content.decode()
    assert 'id="thread"' in page and "This application has an open deficiency notice" in page
    response = client.post(reverse("portal:application_message", args=[application.pk]),
                           {"body": "Here it is.", "attachments": [upload("lease.pdf", PDF_BYTES)]})
    assert response.status_code == 302 and response["Location"] == f"{url}#thread"
    page = client.get(url).content.decode()
    assert "Here it is." in page and "lease.pdf" in page and "In answer to the deficiency notice" in page
    bad = client.post(reverse("portal:application_message", args=[application.pk]),
                      {"body": "Again.", "attachments": [upload("lease.pdf", b"not a pdf")]})
    assert bad.status_code == 400
    assert "Only PDF, PNG and JPEG files are accepted" in bad.content.decode()
    assert ApplicationMessage.objects.count() == 1


def test_staff_write_from_the_review_page(client, application):
    staff = board_staff()
    client.force_login(staff)
    page = client.get(reverse("portal:review_detail", args=[application.pk])).content.decode()
    assert f'action="/portal/applications/{application.pk}/messages/"' in page
    assert "This application has an open deficiency notice" not in page
    response = client.post(reverse("portal:application_message", args=[application.pk]), {"body": "Call us."})
    assert response["Location"] == f"/portal/review/{application.pk}/#thread"
    bad = client.post(reverse("portal:application_message", args=[application.pk]), {"body": ""})
    assert bad.status_code == 400 and 'id="thread"' in bad.content.decode()


# Who may do what, own organization and another's: (read the thread, write in it).
MATRIX = {
    "officer": (True, True),
    "member_in_charge": (True, True),
    "caller": (False, False),  # a game worker of the organization: neither, nor the application itself
    "board_staff": (True, True),
    "board_member": (True, False),  # reads, decides by vote
    "no_role": (False, False),
}


def _person(kind, organization):
    if kind == "board_staff":
        return board_staff()
    if kind == "board_member":
        return board_member()
    if kind == "no_role":
        return UserFactory()
    return MembershipFactory(organization=organization, role=kind).user


@pytest.mark.parametrize("kind", list(MATRIX))
@pytest.mark.parametrize("whose", ["own", "other"])
def test_who_reads_and_writes_the_thread(client, kind, whose, organization, other_organization):
    application = ApplicationFactory(submitted=True, organization=organization)
    message = application_message_post(actor=board_staff(), application=application, body="A question.",
                                       attachments=[upload("q.pdf", PDF_BYTES)])
    attachment = message.attachments.get()
    person = _person(kind, organization if whose == "own" else other_organization)
    board = kind.startswith("board")
    reads, writes = MATRIX[kind]
    reads, writes = (reads, writes) if whose == "own" or board else (False, False)
    client.force_login(person)

    status_page = client.get(reverse("portal:application_status", args=[application.pk]))
    # Where the application stands is read with its thread: its filers and the Board (a caller's was a 200).
    assert status_page.status_code == (200 if reads else 404)
    if reads:
        page = status_page.content.decode()
        assert "A question." in page
        assert (f'action="/portal/applications/{application.pk}/messages/"' in page) == writes
    download = client.get(reverse("portal:application_message_attachment", args=[application.pk, attachment.pk]))
    assert download.status_code == (200 if reads else 404)

    post = client.post(reverse("portal:application_message", args=[application.pk]), {"body": "Portal answer."})
    assert post.status_code == (302 if writes else 403 if reads else 404)

    api_url = reverse("application-message-list", args=[application.pk])
    listed = client.get(api_url)
    assert listed.status_code == (200 if reads else 404)
    if reads:
        bodies = [row["body"] for row in listed.json()["results"]]
        assert "A question." in bodies
    created = client.post(api_url, {"body": "API answer.", "attachments": [upload("a.png", PNG_BYTES, "image/png")]})
    assert created.status_code == (201 if writes else 403 if reads else 404)
    api_download = client.get(reverse("application-message-attachment", args=[application.pk, attachment.pk]))
    assert api_download.status_code == (200 if reads else 404)
    assert ApplicationMessage.objects.filter(author=person).count() == (2 if writes else 0)


def test_the_api_answers_a_bad_file_with_the_field_and_reads_back_attachments(client, application, officer):
    client.force_login(officer)
    url = reverse("application-message-list", args=[application.pk])
    bad = client.post(url, {"body": "Lease.", "attachments": [upload("lease.pdf", b"%PDX not really")]})
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["field"] == "attachments"
    empty = client.post(url, {"body": ""})
    assert empty.status_code == 400 and empty.json()["errors"][0]["field"] == "body"
    json_body = client.post(url, {"body": "No file this time."}, content_type="application/json")
    assert json_body.status_code == 201 and json_body.json()["attachments"] == []
    good = client.post(url, {"body": "Lease.", "attachments": [upload("lease.pdf", PDF_BYTES),
                                                                 upload("photo.jpg", JPEG_BYTES, "image/jpeg")]})
    assert good.status_code == 201
    body = good.json()
    assert [a["content_type"] for a in body["attachments"]] == ["application/pdf", "image/jpeg"]
    download = client.get(body["attachments"][0]["download_url"])
    assert download.status_code == 200 and b"".join(download.streaming_content) == PDF_BYTES
    assert download["Content-Disposition"].startswith("attachment")
    nul = client.post(url, {"body": "bad\x00byte"})
    assert nul.status_code == 400


@pytest.mark.parametrize("role", [Role.OFFICER, Role.GROSS_RECEIPTS, Role.CALLER, Role.DEALER])
def test_the_application_and_its_thread_are_the_filers(client, application, role):
    # A caller or a dealer of the organization reads neither the application nor its thread (was: the application
    # and where it stands, without the thread); the filing people read both.
    client.force_login(MembershipFactory(organization=application.organization, role=role).user)
    page = client.get(reverse("portal:application_detail", args=[application.pk]))
    status = client.get(reverse("portal:application_status", args=[application.pk]))
    if role in (Role.CALLER, Role.DEALER):
        assert (page.status_code, status.status_code) == (404, 404)
        return
    assert page.status_code == 200 and "Messages with board staff" in page.content.decode()
    assert status.status_code == 200 and 'id="thread"' in status.content.decode()
