"""Board staff's review of possible matches (30 DCMR 1401.13, 1206.4(e)): every open pair with both records
described, confirmed or dismissed with a required reason, audited, final; the decided list; the page and the API
for Board staff only."""

import datetime as dt

import pytest
from django.urls import reverse

from licensing.matches.services import match_decide
from licensing.models import AuditEvent, MatchDecision, Role
from licensing.organizations.services import responsible_person_set
from tests.licensing.factories import MembershipFactory, UserFactory, board_member, board_staff
from tests.vendors.factories import registered_vendor
from vendors.owners.services import owner_add

pytestmark = pytest.mark.django_db
TIE, BOARD = "30 DCMR 1401.13", "30 DCMR 1206.4(e)"
PERSON = {"street_address": "12 Upshur Street NW", "city": "Washington", "state": "DC", "postal_code": "20011",
          "phone": "(202) 727-1000"}


@pytest.fixture
def vendor():
    return registered_vendor(name="Capitol Bingo Supply Co.")


@pytest.fixture
def owner(vendor):
    vendor, representative = vendor
    return owner_add(actor=representative, vendor=vendor, role="shareholder", full_name="Ana Ruiz",
                     date_of_birth=None, share="25.00", through="Ruiz Holdings LLC")


@pytest.fixture
def person(organization, officer, owner):
    return responsible_person_set(actor=officer, organization=organization, role="member_in_charge",
                                  full_name="Ana Ruiz", date_of_birth=dt.date(1966, 4, 2), **PERSON)


@pytest.fixture
def staff(client):
    user = board_staff()
    client.force_login(user)
    return user


def pair(person, owner, **extra) -> dict:
    return {"rule": TIE, "person": f"licensing.responsibleperson:{person.pk}", "other": owner.ref, **extra}


def decide(client, body):
    return client.post(reverse("match-decide"), body, content_type="application/json")


def test_the_page_lists_each_open_pair_with_both_records_and_the_rule(client, staff, person, owner, organization):
    page = client.get(reverse("portal:match_review"))
    assert page.status_code == 200
    html = page.content.decode()
    assert TIE in html and "Ana Ruiz" in html
    assert f"Member in charge of {organization.name}; born 1966-04-02" in html
    assert ("Shareholder of Capitol Bingo Supply Co., 25.00% through Ruiz Holdings LLC; no date of birth on record"
            in html)
    assert 'value="same"' in html and 'value="another"' in html
    assert reverse("portal:match_review") in html  # in the staff navigation


def test_the_api_lists_the_open_pairs_and_nothing_once_decided(client, staff, person, owner, organization):
    [match] = client.get(reverse("match-list")).json()
    assert match == {
        "rule": TIE, "person": f"licensing.responsibleperson:{person.pk}", "person_name": "Ana Ruiz",
        "person_record": f"Member in charge of {organization.name}; born 1966-04-02",
        "other": owner.ref, "other_name": "Ana Ruiz",
        "other_record": "Shareholder of Capitol Bingo Supply Co., 25.00% through Ruiz Holdings LLC; "
                        "no date of birth on record",
        "organization": organization.pk, "organization_name": organization.name, "sameness": "possible",
        "decided": None}
    response = decide(client, pair(person, owner, same=True, reason="  Same passport number on both files. "))
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["same"], body["reason"], body["decided_by"], body["organization"]) == (
        True, "Same passport number on both files.", staff.pk, organization.pk)
    assert client.get(reverse("match-list")).json() == []
    [tie] = client.get(reverse("match-list"), {"status": "ties"}).json()
    assert (tie["person"], tie["decided"]) == (f"licensing.responsibleperson:{person.pk}", True)
    decisions = client.get(reverse("match-decision-list")).json()["results"]
    assert [(d["rule"], d["person_name"], d["other_name"], d["same"]) for d in decisions] == [
        (TIE, "Ana Ruiz", "Ana Ruiz", True)]
    event = AuditEvent.objects.get(event_type="licensing.match_decided")
    assert event.organization == organization and event.payload["rule"] == TIE


@pytest.mark.parametrize("reason", ["", "   ", None])
def test_a_reason_is_required_naming_the_field_and_the_rule(client, staff, person, owner, reason):
    body = pair(person, owner, same=False)
    if reason is not None:
        body["reason"] = reason
    response = decide(client, body)
    assert response.status_code == 400
    assert [(e["field"], e["rule"]) for e in response.json()["errors"]] == [("reason", TIE)]
    assert not MatchDecision.objects.exists() and not AuditEvent.objects.filter(
        event_type="licensing.match_decided").exists()


def test_the_page_form_shows_the_missing_reason_inline_and_writes_nothing(client, staff, person, owner):
    response = client.post(reverse("portal:match_review"), {**pair(person, owner), "reason": "", "decision": "same"})
    assert response.status_code == 400
    assert "Give the reason for the decision" in response.content.decode()
    assert not MatchDecision.objects.exists()


def test_a_decision_is_final_and_a_pair_must_be_an_open_possible_match(client, staff, person, owner):
    assert decide(client, pair(person, owner, same=False, reason="Different middle names.")).status_code == 201
    again = decide(client, pair(person, owner, same=True, reason="Changed my mind."))
    assert [(e["field"], e["code"]) for e in again.json()["errors"]] == [("other", "decided")]
    unknown = decide(client, {**pair(person, owner), "other": "vendors.owner:999999", "same": True, "reason": "x"})
    assert [(e["field"], e["code"]) for e in unknown.json()["errors"]] == [("other", "no_match")]
    bad_rule = decide(client, {**pair(person, owner), "rule": "30 DCMR 1408.1", "same": True, "reason": "x"})
    assert bad_rule.status_code == 400 and bad_rule.json()["errors"][0]["field"] == "rule"
    assert MatchDecision.objects.count() == 1


def test_a_match_needs_no_decision(client, staff, organization, officer, vendor):
    vendor, representative = vendor
    born = dt.date(1966, 4, 2)
    person = responsible_person_set(actor=officer, organization=organization, role="alternate", full_name="Ben Ode",
                                    date_of_birth=born, **PERSON)
    # An employee with no share is tied all the same (30 DCMR 1401.13): the same name and birth date is a match.
    owner = owner_add(actor=representative, vendor=vendor, role="employee", full_name="Ben Ode", date_of_birth=born,
                      share="0.00")
    response = decide(client, pair(person, owner, same=False, reason="x"))
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("other", "match")]


def test_a_vendor_owner_with_a_board_accounts_name_is_a_1206_4_e_possible_match(client, staff, vendor):
    vendor, representative = vendor
    colleague = board_member()
    owner = owner_add(actor=representative, vendor=vendor, role="director", full_name=colleague.full_name,
                      date_of_birth=dt.date(1971, 8, 9), share="0.00")
    listed = client.get(reverse("match-list")).json()
    assert [(m["rule"], m["person"], m["other"], m["organization"]) for m in listed] == [
        (BOARD, owner.ref, f"licensing.user:{colleague.pk}", vendor.organization_id)]
    assert "Board member (Board account" in listed[0]["other_record"]
    response = decide(client, {"rule": BOARD, "person": owner.ref, "other": f"licensing.user:{colleague.pk}",
                               "same": False, "reason": "Our board member has never worked for a vendor."})
    assert response.status_code == 201
    assert client.get(reverse("match-list")).json() == []
    event = AuditEvent.objects.get(event_type="licensing.match_decided")
    assert event.organization_id == vendor.organization_id


def _vendor_representative():
    vendor, representative = registered_vendor(name="Other Supply LLC")
    return representative


@pytest.mark.parametrize("who", ["officer", "vendor_representative", "board_member", "plain"])
def test_only_board_staff_see_or_decide(client, person, owner, organization, who):
    user = {"officer": lambda: MembershipFactory(organization=organization, role=Role.OFFICER).user,
            "vendor_representative": _vendor_representative, "board_member": board_member,
            "plain": UserFactory}[who]()
    client.force_login(user)
    assert client.get(reverse("portal:match_review")).status_code == 403
    assert client.post(reverse("portal:match_review"), {**pair(person, owner), "reason": "x",
                                                        "decision": "same"}).status_code == 403
    assert client.get(reverse("match-list")).status_code == 403
    assert client.get(reverse("match-decision-list")).status_code == 403
    assert decide(client, pair(person, owner, same=True, reason="x")).status_code == 403
    assert not MatchDecision.objects.exists()


def test_anonymous_is_sent_to_sign_in_and_the_api_asks_for_credentials(client, person, owner):
    page = client.get(reverse("portal:match_review"))
    assert page.status_code == 302 and reverse("login") in page["Location"]
    assert client.get(reverse("match-list")).status_code in (401, 403)
    assert decide(client, pair(person, owner, same=True, reason="x")).status_code in (401, 403)


def test_the_service_refuses_anyone_but_board_staff(person, owner):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        match_decide(actor=board_member(), rule=TIE, person=f"licensing.responsibleperson:{person.pk}",
                     other=owner.ref, same=True, reason="x")


def test_the_page_confirms_and_says_why_when_the_pair_is_no_longer_open(client, staff, person, owner):
    body = {**pair(person, owner), "reason": "Same address.", "decision": "same"}
    done = client.post(reverse("portal:match_review"), body, follow=True)
    html = done.content.decode()
    assert "Confirmed: Ana Ruiz is Ana Ruiz (30 DCMR 1401.13)." in html and "Same address." in html
    assert "No possible match is waiting for a decision." in html
    again = client.post(reverse("portal:match_review"), body)
    assert again.status_code == 400 and "already decided" in again.content.decode()
    assert MatchDecision.objects.get().same is True
