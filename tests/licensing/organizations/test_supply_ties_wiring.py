"""Ties to the supply trade checked where each side is recorded, whichever comes second (30 DCMR 1401.13, 1401.14):
a vendor's owner named by an organization is refused; a person an organization named first and a vendor records as
its owner afterwards blocks the organization's next submission and shows on the staff's review; a name alone is a
possible match that staff confirm (it blocks) or dismiss (it goes away), with a reason, audited."""

import datetime as dt

import pytest
from django.urls import reverse

from bingo.models import WorkerDuty
from bingo.planning import services as planning_services
from bingo.planning.checks import operation_check, operation_ready
from core.findings import RuleViolation
from licensing.models import Application, AuditEvent, ResponsiblePerson
from licensing.models.choices import ResponsibleRole
from licensing.organizations.services import responsible_person_set
from tests.bingo.factories import ADULT, bingo_license, plan, planner
from tests.licensing.applications.factories import blocking, check, create, errors, fill_bingo, submit
from tests.licensing.factories import board_staff
from tests.vendors.factories import registered_vendor
from vendors.owners.services import owner_add, owner_end

pytestmark = pytest.mark.django_db
TIE = "30 DCMR 1401.13"
BORN = dt.date(1970, 3, 1)
PERSON = {"street_address": "12 Upshur Street NW", "city": "Washington", "state": "DC", "postal_code": "20011",
          "phone": "(202) 727-1000"}


@pytest.fixture
def vendor():
    return registered_vendor(name="Capitol Bingo Supply Co.")


def own(vendor, name, *, born=BORN, share="60.00", role="shareholder"):
    vendor, representative = vendor
    return owner_add(actor=representative, vendor=vendor, role=role, full_name=name, date_of_birth=born,
                     share=share)


def name_in_charge(organization, actor, name, *, born=BORN, role=ResponsibleRole.MEMBER_IN_CHARGE):
    return responsible_person_set(actor=actor, organization=organization, role=role, full_name=name,
                                  date_of_birth=born, **PERSON)


def ties_of(findings) -> list[tuple[str | None, bool]]:
    """(field, blocking) of each 1401.13 finding, from Finding objects or their dicts."""
    rows = [f if isinstance(f, dict) else {"rule": f.rule, "field": f.field, "blocking": f.blocking}
            for f in findings]
    return [(f["field"], f["blocking"]) for f in rows if f["rule"] == TIE]


def filed_bingo(api, organization) -> int:
    application = create(api, organization)
    fill_bingo(api, application["id"])
    return application["id"]


# --- The owner recorded first ---

def test_a_vendor_owner_named_member_in_charge_is_refused_with_the_rule(organization, officer, vendor):
    own(vendor, "Grace Okafor")
    with pytest.raises(RuleViolation) as refused:
        name_in_charge(organization, officer, "grace  OKAFOR")
    [finding] = refused.value.findings
    assert (finding.rule, finding.field, finding.blocking) == (TIE, "full_name", True)
    assert "owns 60.00% of Capitol Bingo Supply Co." in finding.message and "the member in charge" in finding.message
    assert not ResponsiblePerson.objects.filter(organization=organization).exists()


def test_the_portal_form_and_the_api_refuse_the_owner_naming_the_field_and_the_rule(client, organization, officer,
                                                                                   vendor):
    own(vendor, "Grace Okafor", role="officer", share="5.00")
    client.force_login(officer)
    data = {"role": "alternate", "full_name": "Grace Okafor", "date_of_birth": BORN.isoformat(), **PERSON}
    page = client.post(reverse("portal:organization_responsible_people", args=[organization.pk]), data)
    assert page.status_code == 400 and TIE in page.content.decode()
    answer = client.post(reverse("organization-responsible-person-list", args=[organization.pk]), data,
                         content_type="application/json")
    assert errors(answer) == [("full_name", TIE)]
    assert not ResponsiblePerson.objects.filter(organization=organization).exists()


def test_1401_13_a_vendor_employee_with_no_share_is_refused_like_an_owner(organization, officer, vendor):
    own(vendor, "Carl Pay", share="0.00", role="employee")  # no ownership interest, but an employee (1401.13)
    with pytest.raises(RuleViolation) as refused:
        name_in_charge(organization, officer, "Carl Pay")
    [finding] = refused.value.findings
    assert (finding.rule, finding.field, finding.blocking) == (TIE, "full_name", True)
    assert "works for Capitol Bingo Supply Co." in finding.message and "whatever their share" in finding.message
    assert not ResponsiblePerson.objects.filter(organization=organization).exists()


def test_an_unrelated_person_an_ended_owner_and_another_birth_date_are_no_tie(organization, officer, vendor):
    own(vendor, "Carl Pay", share="0.00", role="employee")
    ended = own(vendor, "Dee Holt")
    owner_end(actor=vendor[1], owner=ended)
    own(vendor, "Frank DiMarco", born=dt.date(1961, 1, 1))
    name_in_charge(organization, officer, "Carla Payne")  # unrelated to any vendor
    name_in_charge(organization, officer, "Dee Holt", role=ResponsibleRole.ALTERNATE)
    name_in_charge(organization, officer, "Frank DiMarco", role=ResponsibleRole.GROSS_RECEIPTS)
    assert ResponsiblePerson.objects.filter(organization=organization, is_current=True).count() == 3


def test_a_possible_match_is_recorded_and_shown_as_a_warning(client, organization, officer, vendor):
    own(vendor, "Grace Okafor", born=None)
    client.force_login(officer)
    data = {"role": "member_in_charge", "full_name": "Grace Okafor", "date_of_birth": BORN.isoformat(), **PERSON}
    target = reverse("portal:organization_responsible_people", args=[organization.pk])
    response = client.post(target, data, follow=True)
    page = response.content.decode()
    assert ResponsiblePerson.objects.get(organization=organization, is_current=True).full_name == "Grace Okafor"
    assert "possible match" in page and TIE in page and "Ties to the supply trade" in page
    event = AuditEvent.objects.get(event_type="licensing.responsible_person_set")
    assert event.payload["warnings"] == [TIE]


# --- The organization's person recorded first ---

def test_a_member_in_charge_a_vendor_records_as_its_owner_later_blocks_the_next_submission(api, client, organization,
                                                                                         filer, vendor):
    name_in_charge(organization, filer, "Grace Okafor")
    application_id = filed_bingo(api, organization)
    assert ties_of(check(api, application_id)["findings"]) == []
    own(vendor, "Grace Okafor")  # the vendor names her afterwards: same name, same date of birth
    assert ("responsible_people", TIE) in blocking(check(api, application_id)["findings"])
    assert ("responsible_people", TIE) in errors(submit(api, application_id))
    assert Application.objects.get(pk=application_id).status == "draft"
    # Staff see the tie on their review of possible matches.
    client.force_login(board_staff())
    page = client.get(reverse("portal:match_review")).content.decode()
    assert "Ties found" in page and "Grace Okafor" in page and "Same name and date of birth" in page


def test_a_possible_match_submits_with_a_warning_the_review_shows_and_a_dismissal_clears(api, client, organization,
                                                                                      filer, vendor):
    name_in_charge(organization, filer, "Grace Okafor")
    owner = own(vendor, "Grace Okafor", born=None)  # the vendor did not record her date of birth
    application_id = filed_bingo(api, organization)
    assert ties_of(check(api, application_id)["findings"]) == [("responsible_people", False)]
    assert submit(api, application_id).status_code == 200
    stored = Application.objects.get(pk=application_id)
    assert ties_of(stored.findings) == [("responsible_people", False)]
    staff = board_staff()
    client.force_login(staff)
    review = client.get(reverse("portal:review_detail", args=[application_id])).content.decode()
    assert "possible match" in review and TIE in review
    page = client.get(reverse("portal:match_review")).content.decode()
    person = ResponsiblePerson.objects.get(organization=organization, is_current=True,
                                           role=ResponsibleRole.MEMBER_IN_CHARGE)
    assert f"licensing.responsibleperson:{person.pk}" in page and owner.ref in page
    decided = client.post(reverse("portal:match_review"), {
        "rule": TIE, "person": f"licensing.responsibleperson:{person.pk}", "other": owner.ref,
        "reason": "The vendor's owner is 82, born in Baltimore; ours is 57.", "decision": "another"})
    assert decided.status_code == 302
    event = AuditEvent.objects.get(event_type="licensing.match_decided")
    assert event.organization == organization and event.actor == staff
    assert event.payload["same"] is False and event.payload["reason"].startswith("The vendor's owner is 82")
    client.force_login(filer)  # `api` is this client
    assert ties_of(check(api, application_id)["findings"]) == []
    # Named again (a new record of the same person), the dismissal still answers for her.
    name_in_charge(organization, filer, "Grace Okafor")
    assert ties_of(check(api, application_id)["findings"]) == []


def test_a_filer_with_an_owners_name_is_a_possible_match_and_confirmed_blocks(api, client, organization, filer,
                                                                              vendor):
    owner = own(vendor, filer.full_name)  # a portal account holds no date of birth: a name alone
    application_id = filed_bingo(api, organization)
    assert ties_of(check(api, application_id)["findings"]) == [(None, False)]
    client.force_login(board_staff())
    response = client.post(reverse("match-decide"), {
        "rule": TIE, "person": f"licensing.user:{filer.pk}", "other": owner.ref, "same": True,
        "reason": "Same home address and phone on both records."}, content_type="application/json")
    assert response.status_code == 201, response.json()
    client.force_login(filer)  # `api` is this client
    assert (None, TIE) in blocking(check(api, application_id)["findings"])
    assert (None, TIE) in errors(submit(api, application_id))


def test_a_confirmed_responsible_person_cannot_be_named_again_to_get_round_it(client, organization, officer, vendor):
    owner = own(vendor, "Grace Okafor", born=None)
    person = name_in_charge(organization, officer, "Grace Okafor")
    client.force_login(board_staff())
    assert client.post(reverse("match-decide"), {
        "rule": TIE, "person": f"licensing.responsibleperson:{person.pk}", "other": owner.ref, "same": True,
        "reason": "Her passport copy is on both files."}, content_type="application/json").status_code == 201
    with pytest.raises(RuleViolation) as refused:
        name_in_charge(organization, officer, "Grace Okafor", role=ResponsibleRole.ALTERNATE)
    assert [(f.rule, f.field) for f in refused.value.findings] == [(TIE, "full_name")]


# --- Bingo: workers on duty ---

def test_a_vendor_owner_is_refused_a_duty_and_a_later_owner_stops_the_game_start(vendor):
    license = bingo_license()
    operation = plan(license)
    actor = planner(license.organization)
    own(vendor, "Luis Checker", born=ADULT)
    with pytest.raises(RuleViolation) as refused:
        planning_services.worker_add(actor=actor, operation=operation, name="Luis Checker",
                                     duty=WorkerDuty.Duty.CHECKER, date_of_birth=ADULT)
    assert [(f.rule, f.field) for f in refused.value.findings] == [(TIE, "name")]
    assert "on duty as checker" in refused.value.findings[0].message
    assert not operation.workers.exists()
    # Put on duty first, recorded as an owner afterwards: the start of play refuses.
    planning_services.worker_add(actor=actor, operation=operation, name="Sam Guard", duty=WorkerDuty.Duty.SECURITY,
                                 date_of_birth=ADULT)
    assert ties_of(operation_ready(operation)) == []
    own(vendor, "Sam Guard", born=ADULT, share="1.00")
    assert ties_of(operation_ready(operation)) == [("workers", True)]
    assert ties_of(operation_check(operation)) == [("workers", True)]


def test_a_worker_with_an_owners_name_alone_is_put_on_duty_with_a_warning(client, vendor):
    license = bingo_license()
    operation = plan(license)
    own(vendor, "Luis Checker", born=None)
    worker = planning_services.worker_add(actor=planner(license.organization), operation=operation,
                                          name="Luis Checker", duty=WorkerDuty.Duty.CHECKER, date_of_birth=ADULT)
    assert ties_of(operation_check(operation)) == [("workers", False)]
    assert ties_of(operation_ready(operation)) == []  # a possible match does not stop play: staff decide it
    client.force_login(board_staff())
    listed = client.get(reverse("match-list")).json()
    assert [(m["person"], m["rule"], m["sameness"]) for m in listed] == [
        (f"bingo.workerduty:{worker.pk}", TIE, "possible")]


def test_1401_13_a_vendor_employee_with_no_share_may_not_work_at_bingo_and_an_unrelated_worker_may(vendor):
    license = bingo_license()
    operation = plan(license)
    actor = planner(license.organization)
    own(vendor, "Luis Checker", born=ADULT, share="0.00", role="employee")
    with pytest.raises(RuleViolation) as refused:
        planning_services.worker_add(actor=actor, operation=operation, name="Luis Checker",
                                     duty=WorkerDuty.Duty.CHECKER, date_of_birth=ADULT)
    [finding] = refused.value.findings
    assert (finding.rule, finding.field, finding.blocking) == (TIE, "name", True)
    assert "works for Capitol Bingo Supply Co." in finding.message and "(employee)" in finding.message
    assert not operation.workers.exists()
    planning_services.worker_add(actor=actor, operation=operation, name="Luisa Checkers",
                                 duty=WorkerDuty.Duty.CHECKER, date_of_birth=ADULT)
    # Put on duty first, hired by the vendor afterwards: the start of play refuses.
    assert ties_of(operation_ready(operation)) == []
    own(vendor, "Luisa Checkers", born=ADULT, share="0.00", role="employee")
    assert ties_of(operation_ready(operation)) == [("workers", True)]
