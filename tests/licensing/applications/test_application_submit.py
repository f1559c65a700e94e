"""Filing an application end to end through the API: draft, fill in, check, submit."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from licensing.applications.services import application_create
from licensing.models import Application, AuditEvent, DeficiencyNotice, Role
from licensing.models.choices import ApplicationStatus, DocumentKind
from tests.licensing.factories import (
    BingoOccasionFactory,
    LicenseFactory,
    MembershipFactory,
    PremisesFactory,
    add_document,
    board_staff,
    make_eligible,
    set_bond,
)

pytestmark = pytest.mark.django_db

NEXT_MONTH = timezone.localdate() + dt.timedelta(days=30)


@pytest.fixture
def filer(organization):
    user = MembershipFactory(organization=organization, role=Role.OFFICER).user
    make_eligible(organization, uploaded_by=user)
    return user


@pytest.fixture
def api(client, filer):
    client.force_login(filer)
    return client


def create(api, organization, **data):
    body = {"organization": organization.pk, "license_type": "bingo", "license_class": "B", **data}
    response = api.post(reverse("application-list"), body, content_type="application/json")
    assert response.status_code == 201, response.json()
    return response.json()


def fill_bingo(api, application_id, *, starts="18:00", ends="22:00", date=NEXT_MONTH, resolution=None):
    url = reverse("application-detail", args=[application_id])
    api.post(f"{url}premises/", {"name": "St. Augustine Hall", "street_address": "1419 V Street NW",
                                 "postal_code": "20009", "certificate_of_occupancy": "CO-1",
                                 "resolution": resolution},
             content_type="application/json")
    api.patch(url, {"lawful_purpose": "Parish school scholarships"}, content_type="application/json")
    return api.put(f"{url}occasions/", [{"date": str(date), "starts_at": starts, "ends_at": ends}],
                   content_type="application/json")


def submit(api, application_id):
    return api.post(reverse("application-submit", args=[application_id]))


def test_a_complete_bingo_application_submits_with_its_fee(api, organization):
    set_bond("bingo", "B")
    application = create(api, organization)
    assert application["status"] == "draft"
    assert fill_bingo(api, application["id"]).status_code == 200
    check = api.get(reverse("application-check", args=[application["id"]])).json()
    assert check["can_submit"] is True, check["findings"]
    assert check["quote"]["application_fee"] == "250.00"

    response = submit(api, application["id"])
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["status"] == "submitted" and body["application_fee"] == "250.00" and body["bond_amount"] == "1000.00"
    stored = Application.objects.get(pk=application["id"])
    assert stored.submitted_snapshot["organization"]["name"] == organization.name
    assert len(stored.submitted_snapshot["members"]) == 20
    assert AuditEvent.objects.filter(event_type="licensing.application_submitted", object_id=str(stored.pk)).exists()


def test_bingo_before_nine_am_blocks_submission_naming_the_rule(api, organization):
    set_bond("bingo", "B")
    application = create(api, organization)
    fill_bingo(api, application["id"], starts="08:00", ends="11:00")
    response = submit(api, application["id"])
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {"field": "occasions", "rule": "30 DCMR 1202.2(m)"}.items() <= errors[0].items()
    assert Application.objects.get(pk=application["id"]).status == ApplicationStatus.DRAFT


def test_a_premises_with_two_operations_that_week_blocks_a_third(api, organization):
    set_bond("bingo", "B")
    hall = PremisesFactory(street_address="1419 V Street NW", postal_code="20009")
    for day in (0, 1):  # another organization's licensed operations in the same ISO week
        other = BingoOccasionFactory(application__status=ApplicationStatus.APPROVED, premises=hall,
                                     application__premises=hall, date=NEXT_MONTH - dt.timedelta(days=day))
    week = {d.isocalendar()[1] for d in (NEXT_MONTH, other.date)}
    application = create(api, organization)
    fill_bingo(api, application["id"], resolution="record")  # the hall on record, as it is
    response = submit(api, application["id"])
    if len(week) == 1:
        assert response.status_code == 400
        assert "30 DCMR 1400.5" in [e["rule"] for e in response.json()["errors"]]


def test_too_few_members_blocks_unless_a_senior_exemption_applies(client, organization):
    user = MembershipFactory(organization=organization).user
    make_eligible(organization, uploaded_by=user, members=12)
    client.force_login(user)
    set_bond("bingo", "B")
    application = create(client, organization)
    fill_bingo(client, application["id"])
    response = submit(client, application["id"])
    assert "30 DCMR 1200.2(c)" in [e["rule"] for e in response.json()["errors"]]

    organization.is_senior_group = True  # 12 members born in 1950: the profile shows a senior group (1201.1)
    organization.save()
    senior = create(client, organization)
    fill_bingo(client, senior["id"], date=NEXT_MONTH + dt.timedelta(days=14))
    response = submit(client, senior["id"])
    assert response.status_code == 200, response.json()  # 30 DCMR 1201.2


def test_rent_as_a_share_of_receipts_blocks(api, organization):
    set_bond("bingo", "B")
    application = create(api, organization)
    fill_bingo(api, application["id"])
    api.patch(reverse("application-detail", args=[application["id"]]),
              {"premises_leased": True, "rent_is_share_of_receipts": True, "rent_amount": "0.00"},
              content_type="application/json")
    rules = [e["rule"] for e in submit(api, application["id"]).json()["errors"]]
    assert "30 DCMR 1400.2" in rules and "30 DCMR 1400.4" in rules


def test_a_third_monte_carlo_night_in_the_year_is_refused(api, organization):
    set_bond("montecarlo", "1")
    year = timezone.localdate().year + 1
    hall = PremisesFactory()
    ids = []
    for month in (3, 6, 9):
        application = create(api, organization, license_type="montecarlo", license_class="1")
        url = reverse("application-detail", args=[application["id"]])
        api.patch(url, {"lawful_purpose": "Youth sports", "premises": hall.pk,
                        "event_starts_at": f"{year}-{month:02d}-10T19:00:00-05:00",
                        "event_ends_at": f"{year}-{month:02d}-10T23:00:00-05:00"}, content_type="application/json")
        ids.append(application["id"])
    assert submit(api, ids[0]).status_code == 200
    assert submit(api, ids[1]).status_code == 200
    third = submit(api, ids[2])
    assert third.status_code == 400
    assert [e["rule"] for e in third.json()["errors"]] == ["30 DCMR 1204.17"]


def test_a_raffle_cannot_be_submitted_until_the_board_sets_its_fee(api, organization):
    application = create(api, organization, license_type="raffle", license_class="2")
    check = api.get(reverse("application-check", args=[application["id"]])).json()
    assert check["can_submit"] is False
    assert any(f["rule"] == "30 DCMR 1202.2(r)" and "fee" in f["message"] for f in check["findings"])


def test_late_renewal_is_a_warning_for_the_reviewer(api, organization, filer):
    set_bond("bingo", "B")
    base = LicenseFactory(application__organization=organization,
                          expires_on=timezone.localdate() + dt.timedelta(days=20))
    application = create(api, organization, kind="renewal", base_license=base.pk)
    fill_bingo(api, application["id"])
    response = submit(api, application["id"])
    assert response.status_code == 200, response.json()
    findings = Application.objects.get(pk=application["id"]).findings
    assert [f["rule"] for f in findings if not f["blocking"]] == ["30 DCMR 1204.2"]


def test_amendment_is_free_and_a_late_one_is_flagged(api, organization):
    base = LicenseFactory(application__organization=organization)
    application = create(api, organization, kind="amendment", base_license=base.pk)
    url = reverse("application-detail", args=[application["id"]])
    api.patch(url, {"change_date": str(timezone.localdate() - dt.timedelta(days=15)),
                    "change_description": "New gross-receipts member", "lawful_purpose": "School"},
              content_type="application/json")
    set_bond("bingo", "B")
    response = submit(api, application["id"])
    assert response.status_code == 200, response.json()
    assert response.json()["application_fee"] == "0.00"
    stored = Application.objects.get(pk=application["id"])
    assert [f["rule"] for f in stored.findings if not f["blocking"]] == ["30 DCMR 1202.3"]


def test_resubmitting_cures_the_open_deficiency_notice(api, organization, filer):
    set_bond("bingo", "B")
    application = create(api, organization)
    fill_bingo(api, application["id"])
    assert submit(api, application["id"]).status_code == 200
    stored = Application.objects.get(pk=application["id"])
    stored.status = ApplicationStatus.DEFICIENT
    stored.save()
    notice = DeficiencyNotice.objects.create(application=stored, message="Lease missing", issued_by=board_staff(),
                                             cure_by=timezone.localdate() + dt.timedelta(days=30))
    add_document(organization, DocumentKind.LEASE, uploaded_by=filer)
    assert submit(api, application["id"]).status_code == 200
    notice.refresh_from_db()
    assert notice.cured_at is not None
    assert AuditEvent.objects.filter(event_type="licensing.deficiency_cured").exists()


def test_submitted_applications_cannot_be_edited(api, organization):
    set_bond("bingo", "B")
    application = create(api, organization)
    fill_bingo(api, application["id"])
    submit(api, application["id"])
    response = api.patch(reverse("application-detail", args=[application["id"]]), {"lawful_purpose": "Other"},
                         content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "status"


@pytest.mark.parametrize("role", [Role.CALLER, Role.CHECKER, Role.DEALER, Role.TOURNAMENT_DIRECTOR])
def test_game_roles_cannot_file(client, organization, role):
    client.force_login(MembershipFactory(organization=organization, role=role).user)
    body = {"organization": organization.pk, "license_type": "bingo", "license_class": "B"}
    assert client.post(reverse("application-list"), body, content_type="application/json").status_code == 403


def test_another_organizations_application_is_404(api, other_organization):
    other_user = MembershipFactory(organization=other_organization).user
    theirs = application_create(actor=other_user, organization=other_organization, license_type="bingo",
                                license_class="C")
    assert api.get(reverse("application-detail", args=[theirs.pk])).status_code == 404
    assert submit(api, theirs.pk).status_code == 404
    # Filing for another organization reads exactly as filing for one that does not exist (was a 403).
    for organization_id in (other_organization.pk, 10**9):
        body = {"organization": organization_id, "license_type": "bingo", "license_class": "B"}
        response = api.post(reverse("application-list"), body, content_type="application/json")
        assert response.status_code == 400
        [error] = response.json()["errors"]
        assert (error["field"], error["code"]) == ("organization", "does_not_exist")


def test_class_d_is_for_senior_groups_only_and_a_bad_class_names_the_field(api, organization):
    response = api.post(reverse("application-list"), {"organization": organization.pk, "license_type": "raffle",
                                                      "license_class": "A"}, content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "license_class"
    application = create(api, organization, license_class="D")  # the profile is no senior group's
    rules = [f["rule"] for f in api.get(reverse("application-check", args=[application["id"]])).json()["findings"]]
    assert "30 DCMR 1201.3" in rules


def test_a_draft_cannot_point_at_another_organizations_license(api, organization, other_organization):
    theirs = LicenseFactory(application__organization=other_organization)
    application = create(api, organization, kind="renewal")
    response = api.patch(reverse("application-detail", args=[application["id"]]), {"base_license": theirs.pk},
                         content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "base_license"
    response = api.post(reverse("application-list"), {"organization": organization.pk, "license_type": "bingo",
                                                      "license_class": "B", "kind": "renewal",
                                                      "base_license": theirs.pk}, content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "base_license"


def test_checking_changes_nothing_and_submitting_keeps_the_findings(api, organization, client):
    """GET /applications/{id}/check/ used to write the findings onto the application."""
    set_bond("bingo", "B")
    application = create(api, organization)
    before = Application.objects.values().get(pk=application["id"])
    check = api.get(reverse("application-check", args=[application["id"]])).json()
    assert check["findings"] and check["can_submit"] is False  # no schedule or premises yet
    page = api.get(reverse("portal:application_step", args=[application["id"], "review"]))
    assert page.status_code == 200
    assert Application.objects.values().get(pk=application["id"]) == before
    assert before["findings"] == []

    fill_bingo(api, application["id"])
    assert submit(api, application["id"]).status_code == 200
    kept = Application.objects.get(pk=application["id"]).findings
    assert kept == api.get(reverse("application-check", args=[application["id"]])).json()["findings"]


def test_a_base_license_of_another_organization_reads_as_an_unknown_one(api, organization, other_organization):
    theirs = LicenseFactory(application__organization=other_organization)
    answers = []
    for license_id in (theirs.pk, 10**9):
        response = api.post(reverse("application-list"), {
            "organization": organization.pk, "license_type": "bingo", "license_class": "B", "kind": "renewal",
            "base_license": license_id}, content_type="application/json")
        assert response.status_code == 400
        answers.append([(e["field"], e["code"]) for e in response.json()["errors"]])
    assert answers[0] == answers[1] == [("base_license", "does_not_exist")]
