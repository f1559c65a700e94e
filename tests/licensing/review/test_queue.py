"""The Board's review queue and detail page in the portal: filters, scoping, htmx, forms, query count."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from licensing.models import Document
from licensing.models.choices import ApplicationStatus, DocumentKind, LicenseType, VoteChoice
from licensing.review import selectors as selectors_review
from licensing.review.services import deficiency_notice_issue, vote_cast
from tests.licensing.factories import (
    ApplicationFactory,
    BingoOccasionFactory,
    MembershipFactory,
    board_member,
    board_staff,
)

pytestmark = pytest.mark.django_db

BLOCKING = {"rule": "30 DCMR 1202.2(s)", "message": "the bylaws must be filed", "field": "documents",
            "blocking": True}
WARNING = {"rule": "30 DCMR 1204.2", "message": "renewal filed late", "field": None, "blocking": False}


@pytest.fixture
def queue():
    now = timezone.now()
    return {
        "old_bingo": ApplicationFactory(submitted=True, submitted_at=now - dt.timedelta(days=40)),
        "raffle": ApplicationFactory(submitted=True, license_type=LicenseType.RAFFLE, license_class="3",
                                     findings=[WARNING]),
        "blocked": ApplicationFactory(submitted=True, license_class="A", findings=[WARNING, BLOCKING]),
        "deficient": ApplicationFactory(submitted=True, status=ApplicationStatus.DEFICIENT),
        "denied": ApplicationFactory(submitted=True, status=ApplicationStatus.DENIED),
        "draft": ApplicationFactory(),
    }


def _ids(queue, *names):
    return {queue[name].pk for name in names}


@pytest.mark.parametrize(("filters", "expected"), [
    ({}, ["old_bingo", "raffle", "blocked", "deficient", "denied"]),
    ({"status": "open"}, ["old_bingo", "raffle", "blocked", "deficient"]),
    ({"status": "denied"}, ["denied"]),
    ({"license_type": "raffle"}, ["raffle"]),
    ({"license_class": "A"}, ["blocked"]),
    ({"older_than": "30"}, ["old_bingo"]),
    ({"newer_than": "30"}, ["raffle", "blocked", "deficient", "denied"]),
    ({"findings": "blocking"}, ["blocked"]),
    ({"findings": "any"}, ["raffle", "blocked"]),
    ({"findings": "none"}, ["old_bingo", "deficient", "denied"]),
    ({"license_type": "bingo", "findings": "any", "status": "open"}, ["blocked"]),
])
def test_queue_filters(queue, filters, expected):
    found = selectors_review.review_application_list(user=board_staff(), filters=filters)
    assert {a.pk for a in found} == _ids(queue, *expected)


def test_the_queue_is_the_boards_only(queue, client):
    assert selectors_review.review_application_list(user=MembershipFactory(
        organization=queue["raffle"].organization).user).count() == 0
    officer = MembershipFactory(organization=queue["raffle"].organization).user
    client.force_login(officer)
    assert client.get(reverse("portal:review_queue")).status_code == 403
    assert client.get(reverse("portal:review_detail", args=[queue["raffle"].pk])).status_code == 403
    assert client.get(reverse("portal:votes_awaiting")).status_code == 403
    post = client.post(reverse("portal:review_deficiency", args=[queue["raffle"].pk]), {"message": "x"})
    assert post.status_code == 403
    client.logout()
    assert client.get(reverse("portal:review_queue")).status_code == 302


def test_queue_page_opens_on_open_applications_and_filters_with_htmx(queue, client):
    client.force_login(board_staff())
    page = client.get(reverse("portal:review_queue")).content.decode()
    assert "<html" in page and 'hx-get="/portal/review/"' in page
    for name in ("old_bingo", "raffle", "blocked", "deficient"):
        assert f'href="/portal/review/{queue[name].pk}/"' in page
    assert f'href="/portal/review/{queue["denied"].pk}/"' not in page

    partial = client.get(reverse("portal:review_queue"), {"findings": "blocking", "status": ""},
                         headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in partial
    assert f'href="/portal/review/{queue["blocked"].pk}/"' in partial
    assert f'href="/portal/review/{queue["raffle"].pk}/"' not in partial


def test_queue_query_count_does_not_grow_with_the_page(client):
    client.force_login(board_staff())
    url = reverse("portal:review_queue")

    def count_queries():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    for _ in range(2):
        application = ApplicationFactory(submitted=True, findings=[BLOCKING])
        vote_cast(application=application, actor=board_member(), choice=VoteChoice.AYE)
    few = count_queries()
    for _ in range(12):
        application = ApplicationFactory(submitted=True, findings=[WARNING])
        vote_cast(application=application, actor=board_member(), choice=VoteChoice.NAY)
        BingoOccasionFactory(application=application)
    assert count_queries() == few


def test_the_queue_pages_by_fifty(client):
    ApplicationFactory.create_batch(52, submitted=True)
    client.force_login(board_staff())
    first = client.get(reverse("portal:review_queue"))
    assert len(first.context["page"].object_list) == 50 and first.context["total"] == 52
    second = client.get(reverse("portal:review_queue"), {"page": 2})
    assert len(second.context["page"].object_list) == 2


@pytest.fixture
def under_review(staff_user):
    application = ApplicationFactory(submitted=True, findings=[BLOCKING, WARNING])
    BingoOccasionFactory(application=application, date=dt.date(2026, 5, 6))
    for kind, name, for_application in ((DocumentKind.LEASE, "lease.pdf", True),
                                        (DocumentKind.BYLAWS, "bylaws.pdf", False)):
        Document.objects.create(
            organization=application.organization, application=application if for_application else None,
            kind=kind, file=f"documents/{name}", original_name=name, content_type="application/pdf", size=2048,
            sha256="0" * 64, uploaded_by=staff_user,
        )
    return application


def test_the_detail_page_shows_everything_the_board_needs(client, under_review, staff_user):
    deficiency_notice_issue(actor=staff_user, application=under_review, message="Send the signed lease.")
    client.force_login(staff_user)
    page = client.get(reverse("portal:review_detail", args=[under_review.pk])).content.decode()
    for text in ("30 DCMR 1202.2(s)", "the bylaws must be filed", "30 DCMR 1204.2", "lease.pdf", "bylaws.pdf",
                 "$250.00", "Send the signed lease.", "licensing.deficiency_notice_issued", "18:00"):
        assert text in page, text
    # Deficient: no new notice, no vote; staff may still deny.
    assert f'action="/portal/review/{under_review.pk}/deficiency/"' not in page
    assert f'action="/portal/review/{under_review.pk}/deny/"' in page


def test_forms_follow_the_role(client, under_review):
    deficiency_url = reverse("portal:review_deficiency", args=[under_review.pk])
    vote_url = reverse("portal:review_vote", args=[under_review.pk])
    client.force_login(board_staff())
    page = client.get(reverse("portal:review_detail", args=[under_review.pk])).content.decode()
    assert deficiency_url in page and vote_url not in page
    client.force_login(board_member())
    page = client.get(reverse("portal:review_detail", args=[under_review.pk])).content.decode()
    assert vote_url in page and deficiency_url not in page


def test_staff_send_a_notice_from_the_portal(client, under_review, staff_user):
    client.force_login(staff_user)
    url = reverse("portal:review_deficiency", args=[under_review.pk])
    bad = client.post(url, {"message": "Lease missing.", "cure_days": "0"})
    assert bad.status_code == 400
    response = client.post(url, {"message": "Lease missing.", "cure_days": "14"})
    assert response.status_code == 302
    under_review.refresh_from_db()
    assert under_review.status == ApplicationStatus.DEFICIENT
    assert under_review.deficiency_notices.get().cure_by == timezone.localdate() + dt.timedelta(days=14)


def test_a_denial_without_reasons_shows_the_rule_inline(client, under_review, staff_user):
    client.force_login(staff_user)
    url = reverse("portal:review_deny", args=[under_review.pk])
    response = client.post(url, {"explanation": "No bylaws."})
    assert response.status_code == 400
    assert "30 DCMR 1210.1" in response.content.decode()
    response = client.post(url, {"explanation": "No bylaws.", "reasons": ["a", "d"]})
    assert response.status_code == 302
    under_review.refresh_from_db()
    assert under_review.status == ApplicationStatus.DENIED and under_review.decision.reasons == ["a", "d"]


def test_members_vote_from_the_portal_once(client, under_review):
    member = board_member()
    client.force_login(member)
    assert under_review.pk in {a.pk for a in client.get(reverse("portal:votes_awaiting")).context["page"]}
    url = reverse("portal:review_vote", args=[under_review.pk])
    assert client.post(url, {"choice": "aye"}).status_code == 302
    again = client.post(url, {"choice": "nay"}, follow=True)
    assert "already voted" in again.content.decode()
    assert under_review.pk not in {a.pk for a in client.get(reverse("portal:votes_awaiting")).context["page"]}
    assert under_review.votes.get().choice == "aye"


def test_navigation_links_follow_the_board_role(client):
    client.force_login(board_staff())
    page = client.get(reverse("portal:dashboard")).content.decode()
    assert "Review queue" in page and reverse("portal:votes_awaiting") not in page
    client.force_login(board_member())
    page = client.get(reverse("portal:dashboard")).content.decode()
    assert reverse("portal:votes_awaiting") in page and "Review queue" in page  # both on a member's home (journey 11)
    client.force_login(MembershipFactory().user)
    page = client.get(reverse("portal:dashboard")).content.decode()
    assert "Review queue" not in page and reverse("portal:votes_awaiting") not in page


def test_the_organization_sees_its_application_status(client, under_review, staff_user):
    deficiency_notice_issue(actor=staff_user, application=under_review, message="Send the signed lease.")
    url = reverse("portal:application_status", args=[under_review.pk])
    client.force_login(MembershipFactory(organization=under_review.organization).user)
    page = client.get(url).content.decode()
    assert "Send the signed lease." in page and "Deficiency notice open" in page
    partial = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in partial and 'id="application-status"' in partial
    client.force_login(MembershipFactory().user)
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("name", ["older_than", "newer_than"])
def test_a_waiting_time_past_a_century_is_refused_not_a_crash(client, name):
    """timedelta(days=10**9) overflowed (a 500) in the queue and the review API."""
    client.force_login(board_staff())
    page = client.get(reverse("portal:review_queue"), {name: "1000000000"})
    assert page.status_code == 200 and "36500" in page.content.decode()
    api = client.get(reverse("review-application-list"), {name: "1000000000"})
    assert api.status_code == 400 and api.json()["errors"][0]["field"] == name
