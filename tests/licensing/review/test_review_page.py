"""The review page holds everything a decision needs (issue 15): every answer read back, the organization's
members and responsible people with their ages, the premises and its certificate of occupancy, the lease and the
lessor, documents with a preview in place, findings, the reply thread, the history, the tally and vote comments."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.files.base import ContentFile
from django.urls import reverse
from django.utils import timezone

from licensing.models import Vote
from licensing.models.choices import DocumentKind, LicenseType, ResponsibleRole, VoteChoice
from licensing.review.services import vote_cast
from licensing.review.thread.services import application_message_post
from tests.licensing.factories import (
    PNG_BYTES,
    ApplicationFactory,
    BingoOccasionFactory,
    MembershipFactory,
    OrganizationMemberFactory,
    ResponsiblePersonFactory,
    add_document,
    board_member,
    board_staff,
    years_ago,
)

pytestmark = pytest.mark.django_db

BLOCKING = {"rule": "30 DCMR 1202.2(s)", "message": "the bylaws must be filed", "field": "documents",
            "blocking": True}


@pytest.fixture
def filing(organization, staff_user):
    officer = MembershipFactory(organization=organization).user
    OrganizationMemberFactory.create_batch(23, organization=organization)
    OrganizationMemberFactory(organization=organization, is_active=False)  # an ended member is not counted
    ResponsiblePersonFactory(organization=organization, role=ResponsibleRole.MEMBER_IN_CHARGE,
                             full_name="Rosa Parks Jr", date_of_birth=years_ago(47))
    ResponsiblePersonFactory(organization=organization, role=ResponsibleRole.GROSS_RECEIPTS,
                             full_name="Young Treasurer", date_of_birth=years_ago(17, days=1))
    application = ApplicationFactory(
        submitted=True, organization=organization, findings=[BLOCKING], premises__name="St. Anne Hall",
        premises__certificate_of_occupancy="CO-2019-04417", premises_leased=True, rent_amount=Decimal("450.00"),
        lease_purpose="Weekly bingo", lease_starts_on=dt.date(2026, 1, 1), lease_ends_on=dt.date(2026, 12, 31),
        lessor_name="Anacostia Holdings LLC", lessor_address="1 Good Hope Road SE",
        lawful_purpose="Scholarships for parish school students",
    )
    BingoOccasionFactory(application=application)
    add_document(organization, DocumentKind.CERTIFICATE_OF_OCCUPANCY, uploaded_by=officer, application=application)
    photo = add_document(organization, DocumentKind.LEASE, uploaded_by=officer, application=application)
    photo.content_type = "image/png"
    photo.save()
    application_message_post(actor=staff_user, application=application, body="Is the hall accessible?")
    return application


def _page(client, user, application):
    client.force_login(user)
    response = client.get(reverse("portal:review_detail", args=[application.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_review_page_shows_every_section(client, filing, staff_user):
    page = _page(client, staff_user, filing)
    sections = {
        "answers": ["Answers, as filed", "Scholarships for parish school students", "Class B", "Original"],
        "people": ["23 active members", "Rosa Parks Jr", ">47<", "Young Treasurer",
                   ">17 <", "under 18"],
        "premises": ["St. Anne Hall", "CO-2019-04417", "certificate on file"],
        "lease": ["Lease terms (30 DCMR 1400.4)", "$450.00", "Weekly bingo", "Anacostia Holdings LLC",
                  "1 Good Hope Road SE"],
        "schedule": ['id="occasions-heading"', "18:00"],
        "documents": ["Certificate of occupancy", "/preview/", "<iframe", "<img"],
        "findings": ["30 DCMR 1202.2(s)", "the bylaws must be filed"],
        "thread": ['id="thread"', "Is the hall accessible?"],
        "history": ['id="history"', "Message written in the application"],
        "tally": ["0 of 4 needed"],
    }
    for section, texts in sections.items():
        for text in texts:
            assert text in page, f"{section}: {text}"
    assert '<details open id="answers"' in page  # the sections fold away


def test_documents_preview_in_a_frame_of_this_site_only(client, filing, staff_user):
    page = _page(client, staff_user, filing)
    assert page.count('<details class="preview">') == 2
    document = filing.documents.get(kind=DocumentKind.CERTIFICATE_OF_OCCUPANCY)
    preview = client.get(reverse("portal:review_document_preview", args=[filing.pk, document.pk]))
    assert preview.status_code == 200
    assert preview["Content-Disposition"].startswith("inline")
    assert preview["Content-Type"] == "application/pdf"
    assert preview["X-Frame-Options"] == "SAMEORIGIN"
    assert "frame-ancestors 'self'" in preview["Content-Security-Policy"]
    assert preview["X-Content-Type-Options"] == "nosniff"
    # Only that response: the page itself, and the ordinary download, may not be framed at all.
    review = client.get(reverse("portal:review_detail", args=[filing.pk]))
    assert review["X-Frame-Options"] == "DENY" and "frame-ancestors 'none'" in review["Content-Security-Policy"]
    download = client.get(reverse("portal:document_download", args=[filing.organization.pk, document.pk]))
    assert download["Content-Disposition"].startswith("attachment") and download["X-Frame-Options"] == "DENY"


def test_an_image_previews_as_an_image(client, filing, staff_user):
    image = filing.documents.get(kind=DocumentKind.LEASE)
    image.file.save("lease.png", ContentFile(PNG_BYTES))
    client.force_login(staff_user)
    preview = client.get(reverse("portal:review_document_preview", args=[filing.pk, image.pk]))
    assert preview["Content-Type"] == "image/png" and preview["Content-Disposition"].startswith("inline")


@pytest.mark.parametrize(("who", "status"), [("officer", 403), ("other_officer", 403), ("board_member", 200),
                                             ("anonymous", 302)])
def test_the_preview_is_the_boards(client, filing, other_organization, who, status):
    document = filing.documents.first()
    if who == "officer":
        client.force_login(MembershipFactory(organization=filing.organization).user)
    elif who == "other_officer":
        client.force_login(MembershipFactory(organization=other_organization).user)
    elif who == "board_member":
        client.force_login(board_member())
    assert client.get(reverse("portal:review_document_preview", args=[filing.pk, document.pk])).status_code == status


def test_a_document_of_another_organization_is_not_previewed_through_this_application(client, filing, staff_user,
                                                                                      other_organization):
    stranger = add_document(other_organization, DocumentKind.BYLAWS, uploaded_by=staff_user)
    client.force_login(staff_user)
    assert client.get(reverse("portal:review_document_preview", args=[filing.pk, stranger.pk])).status_code == 404


def test_a_raffle_reads_back_its_own_answers(client, staff_user):
    raffle = ApplicationFactory(submitted=True, license_type=LicenseType.RAFFLE, license_class="3", premises=None,
                                ticket_price=Decimal("5.00"), tickets_printed=1000, drawing_place="Parish hall",
                                drawing_at=timezone.now() + dt.timedelta(days=40))
    page = _page(client, staff_user, raffle)
    for text in ("Raffle (30 DCMR 1202.2(n))", "$5.00", "1000", "Parish hall"):
        assert text in page
    assert "Lease terms" not in page and "Premises and lease" not in page


# --- Votes: the tally and comments ---

def test_the_tally_and_vote_comments_in_the_portal(client, filing):
    for _ in range(2):
        vote_cast(application=filing, actor=board_member(), choice=VoteChoice.AYE)
    member = board_member()
    client.force_login(member)
    response = client.post(reverse("portal:review_vote", args=[filing.pk]),
                           {"choice": "nay", "comment": "The lessor is a related party; ask about the rent."})
    assert response.status_code == 302
    vote = Vote.objects.get(member=member)
    assert vote.comment == "The lessor is a related party; ask about the rent."
    page = _page(client, board_staff(), filing)
    assert "2 of 4 needed" in page and "The lessor is a related party; ask about the rent." in page
    # The organization never reads the Board's comments.
    client.force_login(MembershipFactory(organization=filing.organization).user)
    status_page = client.get(reverse("portal:application_status", args=[filing.pk])).content.decode()
    assert "related party" not in status_page


def test_a_vote_comment_through_the_api(client, filing):
    client.force_login(board_member())
    url = reverse("review-application-votes", args=[filing.pk])
    too_long = client.post(url, {"choice": "aye", "comment": "x" * 2001}, content_type="application/json")
    assert too_long.status_code == 400 and too_long.json()["errors"][0]["field"] == "comment"
    response = client.post(url, {"choice": "aye", "comment": "Clean file."}, content_type="application/json")
    assert response.status_code == 201 and response.json()["comment"] == "Clean file."
    client.force_login(board_staff())
    detail = client.get(reverse("review-application-detail", args=[filing.pk])).json()
    assert [v["comment"] for v in detail["votes"]] == ["Clean file."]
    no_comment = client.post(url, {"choice": "aye"}, content_type="application/json")
    assert no_comment.status_code == 403  # staff do not vote; the comment is optional for members:
    client.force_login(board_member())
    assert client.post(url, {"choice": "nay"}, content_type="application/json").json()["comment"] == ""
