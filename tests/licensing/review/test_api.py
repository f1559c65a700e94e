"""The review and licenses API: scoping, filters, deficiency, votes (409 on a second), denial."""

import pytest
from django.urls import reverse
from django.utils import timezone

from licensing.models import License
from licensing.models.choices import ApplicationStatus, LicenseType
from tests.licensing.factories import ApplicationFactory, LicenseFactory, MembershipFactory, board_member, board_staff

pytestmark = pytest.mark.django_db

BLOCKING = {"rule": "30 DCMR 1202.2(s)", "message": "the bylaws must be filed", "field": "documents",
            "blocking": True}


def _list_url():
    return reverse("review-application-list")


def _url(application, action=None):
    if action is None:
        return reverse("review-application-detail", args=[application.pk])
    return reverse(f"review-application-{action}", args=[application.pk])


@pytest.fixture
def application():
    return ApplicationFactory(submitted=True, findings=[BLOCKING])


def test_organization_people_get_403_on_every_review_endpoint(client, application):
    client.force_login(MembershipFactory(organization=application.organization).user)
    assert client.get(_list_url()).status_code == 403
    assert client.get(_url(application)).status_code == 403
    for action, body in (("deficiency", {"message": "x"}), ("votes", {"choice": "aye"}),
                         ("deny", {"reasons": ["a"], "explanation": "x"})):
        assert client.post(_url(application, action), body, content_type="application/json").status_code == 403
    client.logout()
    assert client.get(_list_url()).status_code in (401, 403)


def test_the_board_lists_and_filters(client, application):
    raffle = ApplicationFactory(submitted=True, license_type=LicenseType.RAFFLE, license_class="1")
    ApplicationFactory()  # a draft is nobody's business but its organization's
    client.force_login(board_member())
    rows = client.get(_list_url()).json()["results"]
    assert {row["id"] for row in rows} == {application.pk, raffle.pk}
    row = next(row for row in rows if row["id"] == application.pk)
    assert row["application_fee"] == "250.00" and row["has_blocking_findings"] is True and row["findings_count"] == 1
    assert row["age_days"] == 0 and row["ayes"] == 0
    assert [r["id"] for r in client.get(_list_url(), {"findings": "blocking"}).json()["results"]] == [application.pk]
    assert [r["id"] for r in client.get(_list_url(), {"license_type": "raffle"}).json()["results"]] == [raffle.pk]
    assert client.get(_list_url(), {"older_than": "5"}).json()["results"] == []

    detail = client.get(_url(application)).json()
    assert detail["findings"] == [BLOCKING] and detail["decision"] is None and detail["license"] is None


def test_deficiency_through_the_api(client, application):
    client.force_login(board_staff())
    response = client.post(_url(application, "deficiency"), {"message": "Bylaws missing.", "cure_days": 7},
                           content_type="application/json")
    assert response.status_code == 201
    assert response.json()["is_open"] is True
    application.refresh_from_db()
    assert application.status == ApplicationStatus.DEFICIENT
    again = client.post(_url(application, "deficiency"), {"message": "Again."}, content_type="application/json")
    assert again.status_code == 400 and again.json()["errors"][0]["field"] == "status"


def test_a_member_votes_once_and_the_second_vote_is_409(client, application):
    client.force_login(board_member())
    first = client.post(_url(application, "votes"), {"choice": "aye"}, content_type="application/json")
    assert first.status_code == 201 and first.json()["choice"] == "aye"
    second = client.post(_url(application, "votes"), {"choice": "nay"}, content_type="application/json")
    assert second.status_code == 409
    assert second.json() == {"errors": [{
        "field": None, "code": "already_voted", "message": second.json()["errors"][0]["message"],
        "rule": "30 DCMR 1202.4",
    }]}
    assert "already voted" in second.json()["errors"][0]["message"]


def test_board_staff_may_not_vote(client, application):
    client.force_login(board_staff())
    response = client.post(_url(application, "votes"), {"choice": "aye"}, content_type="application/json")
    assert response.status_code == 403
    assert response.json()["errors"][0]["field"] is None


def test_the_quorum_vote_returns_the_approval(client, application):
    client.force_login(board_staff())  # the fee first: the license issues only once it is paid
    paid = client.post(reverse("fee-payment-list", args=[application.pk]),
                       {"method": "check", "reference": "5521", "amount": "250.00",
                        # the local date (submitted_at is UTC: in DC's evening it is already tomorrow's date there)
                        "received_on": timezone.localdate(application.submitted_at).isoformat()},
                       content_type="application/json")
    assert paid.status_code == 201
    for _ in range(4):
        client.force_login(board_member())
        response = client.post(_url(application, "votes"), {"choice": "aye"}, content_type="application/json")
        assert response.status_code == 201
    assert response.json()["application_status"] == "approved"
    client.force_login(board_staff())
    detail = client.get(_url(application)).json()
    assert detail["decision"]["approved"] is True and detail["license"]["number"].startswith("BG-")


def test_denial_needs_reasons_from_1210_1(client, application):
    client.force_login(board_staff())
    refused = client.post(_url(application, "deny"), {"reasons": [], "explanation": "No."},
                          content_type="application/json")
    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    assert error["field"] == "reasons" and error["rule"] == "30 DCMR 1210.1"
    denied = client.post(_url(application, "deny"), {"reasons": ["c", "a"], "explanation": "No."},
                         content_type="application/json")
    assert denied.status_code == 201 and denied.json()["reasons"] == ["a", "c"]


def test_licenses_are_scoped_to_the_organization(client):
    own, other = LicenseFactory(), LicenseFactory()
    client.force_login(MembershipFactory(organization=own.organization).user)
    rows = client.get(reverse("license-list")).json()["results"]
    assert [row["number"] for row in rows] == [own.number]
    assert client.get(reverse("license-detail", args=[other.pk])).status_code == 404
    detail = client.get(reverse("license-detail", args=[own.pk])).json()
    assert detail["lookup_url"].endswith(f"/public/licenses/{own.number}/") and detail["certificate_url"] is None

    client.force_login(board_staff())
    assert {row["id"] for row in client.get(reverse("license-list")).json()["results"]} == {own.pk, other.pk}
    assert License.objects.count() == 2
