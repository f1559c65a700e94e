"""The guided portal form: start, each step saved as a draft, review, submit."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from licensing.models import Application, Role
from licensing.models.choices import ApplicationStatus
from tests.licensing.factories import MembershipFactory, make_eligible, set_bond

pytestmark = pytest.mark.django_db


def step(application, name):
    return reverse("portal:application_step", args=[application.pk, name])


def test_an_officer_files_a_bingo_application_step_by_step(client, organization):
    officer = MembershipFactory(organization=organization, role=Role.OFFICER).user
    make_eligible(organization, uploaded_by=officer)
    set_bond("bingo", "C")
    client.force_login(officer)

    response = client.post(reverse("portal:application_start", args=[organization.pk]),
                           {"license_type": "bingo", "license_class": "C", "period": "regular", "kind": "original"})
    application = Application.objects.get(organization=organization)
    assert response.url == step(application, "details")

    response = client.post(step(application, "details"), {
        "p-premises_name": "Parish hall", "p-premises_street_address": "1419 V Street NW",
        "p-premises_postal_code": "20009", "p-certificate_of_occupancy": "CO-77"})
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert response.url == step(application, "schedule")
    application.refresh_from_db()
    assert application.premises.certificate_of_occupancy == "CO-77" and application.step >= 1

    day = timezone.localdate() + dt.timedelta(days=21)
    response = client.post(step(application, "schedule"), {
        "o-TOTAL_FORMS": "2", "o-INITIAL_FORMS": "0", "o-MIN_NUM_FORMS": "0", "o-MAX_NUM_FORMS": "400",
        "o-0-date": str(day), "o-0-starts_at": "18:00", "o-0-ends_at": "22:00",
        "o-1-date": "", "o-1-starts_at": "", "o-1-ends_at": ""})
    assert response.url == step(application, "lease")
    assert application.occasions.count() == 1

    response = client.post(step(application, "lease"), {})
    assert response.status_code == 302, response.content.decode()[-2500:]
    assert response.url == step(application, "purpose")
    assert client.post(step(application, "purpose"), {"lawful_purpose": "Scholarships"}).url == step(
        application, "review")

    review = client.get(step(application, "review")).content.decode()
    assert "No blocking findings" in review and "$50.00" in review
    response = client.post(step(application, "review"))
    assert response.url == reverse("portal:application_detail", args=[application.pk])
    application.refresh_from_db()
    assert application.status == ApplicationStatus.SUBMITTED and str(application.application_fee) == "50.00"


def test_review_lists_blocking_findings_with_citations(client, organization):
    officer = MembershipFactory(organization=organization).user
    client.force_login(officer)
    client.post(reverse("portal:application_start", args=[organization.pk]),
                {"license_type": "bingo", "license_class": "B", "period": "regular", "kind": "original"})
    application = Application.objects.get(organization=organization)
    page = client.get(step(application, "review")).content.decode()
    assert "30 DCMR 1200.2(c)" in page and "30 DCMR 1202.2(m)" in page
    client.post(step(application, "review"))
    application.refresh_from_db()
    assert application.status == ApplicationStatus.DRAFT


def test_htmx_step_returns_only_the_wizard(client, organization):
    officer = MembershipFactory(organization=organization).user
    client.force_login(officer)
    client.post(reverse("portal:application_start", args=[organization.pk]),
                {"license_type": "raffle", "license_class": "1", "period": "regular", "kind": "original"})
    application = Application.objects.get(organization=organization)
    partial = client.get(step(application, "details"), headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in partial and "ticket_price" in partial


def test_a_caller_neither_reads_nor_writes_a_draft(client, organization):
    officer = MembershipFactory(organization=organization).user
    client.force_login(officer)
    client.post(reverse("portal:application_start", args=[organization.pk]),
                {"license_type": "bingo", "license_class": "B", "period": "regular", "kind": "original"})
    application = Application.objects.get(organization=organization)
    caller = MembershipFactory(organization=organization, role=Role.CALLER).user
    client.force_login(caller)
    assert client.get(step(application, "purpose")).status_code == 404  # the filers' and the Board's (was a 200)
    assert client.get(reverse("portal:application_detail", args=[application.pk])).status_code == 404
    assert client.get(reverse("portal:application_start", args=[organization.pk])).status_code == 404
    assert client.post(step(application, "purpose"), {"lawful_purpose": "Hijack"}).status_code == 404
    application.refresh_from_db()
    assert application.lawful_purpose != "Hijack"
