"""Profile services: organization facts, members, responsible people."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from core.findings import RuleViolation
from licensing.models import AuditEvent, OrganizationMember, ResponsiblePerson
from licensing.models.choices import DeterminationLetter, ResponsibleRole
from licensing.organizations.services import (
    member_add,
    member_deactivate,
    member_update,
    organization_profile_update,
    responsible_person_set,
)
from tests.licensing.factories import OrganizationMemberFactory, ResponsiblePersonFactory, years_ago

pytestmark = pytest.mark.django_db

PERSON = {"full_name": "Rosa Parks", "street_address": "12 Upshur St NW", "postal_code": "20011",
          "phone": "202-555-0101"}


def test_profile_update_saves_the_facts_and_records_what_changed(organization, officer):
    organization_profile_update(
        actor=officer, organization=organization, incorporated_in_dc=True, determination_letter=DeterminationLetter.DC,
        founded_on=dt.date(2001, 5, 1), purpose="Youth sports", operates_without_profit=True, state="dc",
    )
    organization.refresh_from_db()
    assert organization.incorporated_in_dc and organization.determination_letter == "dc"
    assert organization.founded_on == dt.date(2001, 5, 1) and organization.state == "DC"
    event = AuditEvent.objects.get(event_type="licensing.organization_profile_updated")
    assert set(event.payload["changed"]) == {"incorporated_in_dc", "determination_letter", "founded_on", "purpose",
                                             "operates_without_profit"}  # "dc" -> "DC" is no change
    assert event.payload["changed"]["purpose"] == ["", "Youth sports"]


def test_profile_update_without_a_change_records_nothing(organization, officer):
    organization_profile_update(actor=officer, organization=organization, name=organization.name)
    assert not AuditEvent.objects.filter(event_type="licensing.organization_profile_updated").exists()


def test_profile_update_refuses_bad_input_and_changes_nothing(organization, officer):
    future = timezone.localdate() + dt.timedelta(days=1)
    with pytest.raises(ValidationError) as caught:
        organization_profile_update(actor=officer, organization=organization, founded_on=future, postal_code="2001",
                                    determination_letter="maybe")
    assert set(caught.value.error_dict) == {"founded_on", "postal_code", "determination_letter"}
    assert organization.postal_code == "20010"  # the caller's instance is put back, not left half-changed
    organization.refresh_from_db()
    assert organization.founded_on is None and organization.postal_code == "20010"


def test_profile_update_accepts_only_profile_fields(organization, officer):
    with pytest.raises(TypeError):
        organization_profile_update(actor=officer, organization=organization, created_at=timezone.now())


def test_member_add_update_deactivate_keeps_the_record(organization, officer):
    member = member_add(actor=officer, organization=organization, full_name=" Ana Díaz ",
                        street_address="1 Kennedy St NW", postal_code="20011", state="md")
    assert member.full_name == "Ana Díaz" and member.state == "MD" and member.city == "Washington"

    member_update(actor=officer, member=member, postal_code="20012", date_of_birth=dt.date(1950, 1, 2))
    member.refresh_from_db()
    assert member.postal_code == "20012" and member.date_of_birth == dt.date(1950, 1, 2)

    member_deactivate(actor=officer, member=member)
    member.refresh_from_db()
    assert member.is_active is False and OrganizationMember.objects.filter(pk=member.pk).exists()
    events = list(AuditEvent.objects.filter(object_id=str(member.pk)).values_list("event_type", flat=True))
    assert sorted(events) == ["licensing.member_added", "licensing.member_deactivated", "licensing.member_updated"]
    updated = AuditEvent.objects.get(event_type="licensing.member_updated")
    assert updated.payload["changed"]["date_of_birth"] == ["(not recorded)", "(not recorded)"]  # personal data


def test_member_errors_are_reported_together(organization, officer):
    with pytest.raises(ValidationError) as caught:
        member_add(actor=officer, organization=organization, full_name="", street_address="1 A St",
                   postal_code="ABCDE", date_of_birth=timezone.localdate() + dt.timedelta(days=1))
    assert set(caught.value.error_dict) == {"full_name", "postal_code", "date_of_birth"}
    assert not OrganizationMember.objects.exists()


def test_an_inactive_member_cannot_be_edited(organization, officer):
    member = OrganizationMemberFactory(organization=organization, is_active=False)
    with pytest.raises(ValidationError):
        member_update(actor=officer, member=member, full_name="Someone Else")


def test_responsible_person_replaces_the_current_one_and_keeps_the_old(organization, officer):
    old = ResponsiblePersonFactory(organization=organization, role=ResponsibleRole.ALTERNATE)
    new = responsible_person_set(actor=officer, organization=organization, role=ResponsibleRole.ALTERNATE,
                                 date_of_birth=dt.date(1980, 1, 1), **PERSON)
    old.refresh_from_db()
    assert old.is_current is False and new.is_current is True
    assert ResponsiblePerson.objects.filter(organization=organization, role="alternate").count() == 2
    event = AuditEvent.objects.get(event_type="licensing.responsible_person_set")
    assert event.payload["replaces"] == old.pk


def test_responsible_person_under_18_is_refused_citing_the_rule(organization, officer):
    current = ResponsiblePersonFactory(organization=organization, role=ResponsibleRole.GROSS_RECEIPTS)
    with pytest.raises(RuleViolation) as caught:
        responsible_person_set(actor=officer, organization=organization, role=ResponsibleRole.GROSS_RECEIPTS,
                               date_of_birth=years_ago(18, days=-1), **PERSON)  # 18 tomorrow
    [finding] = caught.value.findings
    assert finding.rule == "30 DCMR 1401.5" and finding.field == "date_of_birth"
    assert "30 DCMR 1401.5" in caught.value.error_dict["date_of_birth"][0].messages[0]
    current.refresh_from_db()
    assert current.is_current  # nothing changed


def test_responsible_person_who_turns_18_today_is_accepted(organization, officer):
    person = responsible_person_set(actor=officer, organization=organization, role=ResponsibleRole.MEMBER_IN_CHARGE,
                                    date_of_birth=years_ago(18), **PERSON)
    assert person.is_current


def test_under_18_and_bad_input_are_reported_together(organization, officer):
    with pytest.raises(ValidationError) as caught:
        responsible_person_set(actor=officer, organization=organization, role=ResponsibleRole.MEMBER_IN_CHARGE,
                               date_of_birth=years_ago(10), **{**PERSON, "postal_code": "x"})
    assert set(caught.value.error_dict) == {"postal_code", "date_of_birth"}
    assert caught.value.error_dict["date_of_birth"][0].rule == "30 DCMR 1401.5"


def test_responsible_person_needs_a_known_role(organization, officer):
    with pytest.raises(ValidationError) as caught:
        responsible_person_set(actor=officer, organization=organization, role="caller",
                               date_of_birth=dt.date(1980, 1, 1), **PERSON)
    assert "role" in caught.value.error_dict
