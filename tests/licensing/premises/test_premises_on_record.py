"""Item 16: premises typed on the details step are never silently replaced by the hall on record at the same
address: the filer confirms the record or files the difference as a correction, which board staff accept; the
certificate of occupancy is required for bingo premises (30 DCMR 1400.8)."""

import pytest
from django.urls import reverse

from licensing.models import Application, AuditEvent, CorrectionStatus, Premises, PremisesCorrection
from tests.licensing.applications import factories as filing
from tests.licensing.applications.factories import HALL, create, errors, premises
from tests.licensing.factories import PremisesFactory, board_member, board_staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def on_record(frozen):
    return PremisesFactory(name="Parish Hall of St. Augustine", street_address="1419 v street NW.", postal_code="20009",
                           certificate_of_occupancy="CO-1999-00001")


def record_unchanged(hall: Premises) -> bool:
    stored = Premises.objects.get(pk=hall.pk)
    return (stored.name, stored.certificate_of_occupancy) == (hall.name, hall.certificate_of_occupancy)


def test_the_api_shows_the_difference_instead_of_replacing_what_was_typed(api, organization, on_record):
    application = create(api, organization)["id"]
    response = premises(api, application)  # same address, another name and certificate
    assert sorted(errors(response)) == [("certificate_of_occupancy", "30 DCMR 1202.2(m)"),
                                        ("name", "30 DCMR 1202.2(m)")]
    messages = " ".join(e["message"] for e in response.json()["errors"])
    assert on_record.name in messages and on_record.certificate_of_occupancy in messages
    assert Application.objects.get(pk=application).premises is None and record_unchanged(on_record)


def test_the_same_hall_typed_differently_is_no_difference(api, organization, on_record):
    application = create(api, organization)["id"]
    response = premises(api, application, name="  parish hall of ST. AUGUSTINE ", certificate_of_occupancy="")
    assert response.status_code == 200, response.json()
    assert response.json()["premises"] == on_record.pk and record_unchanged(on_record)


def test_the_filer_may_confirm_the_record(api, organization, on_record):
    application = create(api, organization)["id"]
    response = premises(api, application, resolution="record")
    assert response.status_code == 200 and response.json()["premises"] == on_record.pk
    assert record_unchanged(on_record) and not PremisesCorrection.objects.exists()


def test_a_correction_waits_for_board_staff_who_accept_it(client, api, organization, on_record):
    application = create(api, organization)["id"]
    response = premises(api, application, resolution="correction")
    assert response.status_code == 200 and response.json()["premises"] == on_record.pk
    correction = PremisesCorrection.objects.get()
    assert (correction.name, correction.certificate_of_occupancy) == (HALL["name"], HALL["certificate_of_occupancy"])
    assert (correction.name_on_record, correction.status) == (on_record.name, CorrectionStatus.PENDING)
    assert record_unchanged(on_record)  # nothing changes for the other organizations yet

    accept = reverse("premises-correction-accept", args=[correction.pk])
    assert api.post(accept).status_code == 403  # the filer is not the Board
    client.force_login(board_member())
    assert client.post(accept).status_code == 403  # board members vote; staff decide corrections
    client.force_login(board_staff())
    response = client.post(accept)
    assert response.status_code == 200 and response.json()["status"] == "accepted"
    stored = Premises.objects.get(pk=on_record.pk)
    assert (stored.name, stored.certificate_of_occupancy) == (HALL["name"], HALL["certificate_of_occupancy"])
    assert AuditEvent.objects.filter(event_type="licensing.premises_correction_accepted").exists()
    assert errors(client.post(accept)) == [("status", None)]  # decided once


def test_board_staff_reject_a_correction_and_the_record_stays(client, api, organization, on_record):
    application = create(api, organization)["id"]
    premises(api, application, resolution="correction")
    correction = PremisesCorrection.objects.get()
    client.force_login(board_staff())
    response = client.post(reverse("premises-correction-reject", args=[correction.pk]))
    assert response.status_code == 200 and response.json()["status"] == "rejected"
    assert record_unchanged(on_record)


def test_the_portal_shows_the_record_and_the_choice_then_staff_accept_on_the_review_page(
        client, api, filer, organization, on_record):
    application = create(api, organization)["id"]
    client.force_login(filer)
    typed = {"p-premises_name": HALL["name"], "p-premises_street_address": HALL["street_address"],
             "p-premises_postal_code": HALL["postal_code"],
             "p-certificate_of_occupancy": HALL["certificate_of_occupancy"]}
    response = client.post(filing.step(application, "details"), typed)
    assert response.status_code == 200
    page = response.content.decode()
    assert on_record.name in page and on_record.certificate_of_occupancy in page and 'name="p-resolution"' in page
    assert Application.objects.get(pk=application).premises is None

    response = client.post(filing.step(application, "details"), {**typed, "p-resolution": "correction"})
    assert response.status_code == 302
    assert "waiting for board staff" in client.get(filing.step(application, "details")).content.decode()
    filing.patch(api, application, lawful_purpose="Scholarships")
    filing.occasions(api, application, filing.occasion())
    assert filing.submit(api, application).status_code == 200

    staff = board_staff()
    client.force_login(staff)
    review = client.get(reverse("portal:review_detail", args=[application])).content.decode()
    correction = PremisesCorrection.objects.get()
    accept = reverse("portal:premises_correction_accept", args=[correction.pk])
    assert accept in review and HALL["certificate_of_occupancy"] in review
    assert client.post(accept).status_code == 302
    assert Premises.objects.get(pk=on_record.pk).name == HALL["name"]


def test_bingo_premises_need_a_certificate_of_occupancy_a_monte_carlo_hall_does_not(api, organization):
    bingo = create(api, organization)["id"]
    assert errors(premises(api, bingo, street_address="700 Penn Ave SE", postal_code="20003",
                           certificate_of_occupancy="")) == [("certificate_of_occupancy", "30 DCMR 1400.8")]
    assert premises(api, bingo, street_address="700 Penn Ave SE", postal_code="20003",
                    certificate_of_occupancy="CO-7").status_code == 200
    night = create(api, organization, license_type="montecarlo", license_class="1")["id"]
    assert premises(api, night, street_address="224 D Street SE", postal_code="20003",
                    certificate_of_occupancy="").status_code == 200


def test_a_bingo_hall_without_certificate_blocks_until_one_is_on_record_or_in_a_correction(api, organization):
    bare = PremisesFactory(street_address="1419 V Street NW", postal_code="20009", certificate_of_occupancy="",
                           name=HALL["name"])
    application = create(api, organization)["id"]
    filing.patch(api, application, premises=bare.pk, lawful_purpose="Scholarships")
    filing.occasions(api, application, filing.occasion())
    assert ("certificate_of_occupancy", "30 DCMR 1400.8") in filing.blocking(filing.check(api, application)["findings"])
    # The filer gives the number: it differs from the (blank) record, so it goes to staff as a correction.
    assert errors(premises(api, application)) == [("certificate_of_occupancy", "30 DCMR 1202.2(m)")]
    assert premises(api, application, resolution="correction").status_code == 200
    found = filing.check(api, application)
    assert found["can_submit"] is True, found["findings"]
    assert [f["blocking"] for f in found["findings"] if f["rule"] == "30 DCMR 1400.8"] == [False]  # a warning


def test_the_premises_address_is_a_real_us_address(api, organization):
    bingo = create(api, organization)["id"]
    assert errors(premises(api, bingo, street_address="1 New St NW", postal_code="2000")) == [
        ("postal_code", "30 DCMR 1202.2(m)")]
    assert errors(premises(api, bingo, street_address="1 New St NW", state="ZZ")) == [
        ("state", "30 DCMR 1202.2(m)")]
    assert errors(premises(api, bingo, resolution="maybe")) == [("resolution", None)]
