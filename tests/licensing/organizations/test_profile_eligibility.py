"""Eligibility findings of the organization profile (30 DCMR 1200.2, 1201.1, 1202.2(j),(k))."""

import datetime as dt

import pytest

from licensing.models.choices import DeterminationLetter, ResponsibleRole
from licensing.organizations.eligibility import ProfileFacts, organization_findings, profile_facts, senior_group_checked
from tests.licensing.factories import (
    OrganizationFactory,
    OrganizationMemberFactory,
    board_number,
    eligible_organization,
)

# The figures (20 members, 10 seniors aged 60 or 55) are the Board's register's: every check reads it.
pytestmark = pytest.mark.django_db
ALL_ROLES = frozenset(ResponsibleRole.values)


def rules(findings) -> set[str]:
    return {finding.rule for finding in findings}


def facts(members=20, roles=ALL_ROLES, **kwargs) -> ProfileFacts:
    return ProfileFacts(active_members=members, responsible_roles=frozenset(roles), **kwargs)


def eligible(**fields):
    """An unsaved organization meeting every fact; the checks read nothing of it from the database."""
    values = {"incorporated_in_dc": True, "determination_letter": DeterminationLetter.IRS,
              "founded_on": dt.date(2010, 1, 1), "purpose": "Scholarships", "operates_without_profit": True}
    return OrganizationFactory.build(**{**values, **fields})


ON = dt.date(2025, 6, 1)


def test_an_eligible_profile_has_no_findings():
    assert organization_findings(eligible(), facts=facts(), on=ON) == []


def test_a_blank_profile_lists_every_missing_fact_with_its_rule():
    findings = organization_findings(OrganizationFactory.build(), facts=facts(members=0, roles=()), on=ON)
    assert rules(findings) == {
        "30 DCMR 1200.2(a)", "30 DCMR 1200.2", "30 DCMR 1200.2(b)", "30 DCMR 1200.2(c)", "30 DCMR 1200.2(d)",
        "30 DCMR 1200.2(e)", "30 DCMR 1202.2(j)", "30 DCMR 1202.2(k)",
    }
    assert {f.field for f in findings} >= {"incorporated_in_dc", "determination_letter", "purpose", "members",
                                          "founded_on", "responsible_people"}
    assert all(finding.blocking for finding in findings)


@pytest.mark.parametrize(("fields", "rule"), [
    ({"incorporated_in_dc": False}, "30 DCMR 1200.2(a)"),
    ({"determination_letter": DeterminationLetter.NONE}, "30 DCMR 1200.2"),
    ({"purpose": "   "}, "30 DCMR 1200.2(b)"),
    ({"operates_without_profit": False}, "30 DCMR 1200.2(e)"),
    ({"founded_on": None}, "30 DCMR 1200.2(d)"),
])
def test_each_missing_fact_is_its_own_finding(fields, rule):
    assert rules(organization_findings(eligible(**fields), facts=facts(), on=ON)) == {rule}


def test_nineteen_members_are_not_enough_twenty_are():
    [finding] = organization_findings(eligible(), facts=facts(members=19), on=ON)
    assert finding.rule == "30 DCMR 1200.2(c)" and "19" in finding.message
    assert organization_findings(eligible(), facts=facts(members=20), on=ON) == []


def test_a_senior_group_needs_ten_members():
    senior = eligible(is_senior_group=True)
    [finding] = organization_findings(senior, facts=facts(members=9), on=ON, exempt_members_and_age=True)
    assert finding.rule == "30 DCMR 1201.1"
    assert organization_findings(senior, facts=facts(members=10), on=ON, exempt_members_and_age=True) == []
    # Without an exemption (a raffle: 1201.2-1201.4 name bingo and Monte Carlo Night only) 1200.2(c) applies.
    [finding] = organization_findings(senior, facts=facts(members=10), on=ON)
    assert finding.rule == "30 DCMR 1200.2(c)"


def test_one_year_of_existence_counts_from_the_date_given():
    founded = eligible(founded_on=dt.date(2024, 6, 2))
    [finding] = organization_findings(founded, facts=facts(), on=ON)
    assert finding.rule == "30 DCMR 1200.2(d)" and "2024-06-02" in finding.message
    assert organization_findings(eligible(founded_on=dt.date(2024, 6, 1)), facts=facts(), on=ON) == []


def test_each_missing_responsible_person_is_named():
    findings = organization_findings(eligible(), facts=facts(roles={ResponsibleRole.ALTERNATE}), on=ON)
    assert sorted(f.rule for f in findings) == ["30 DCMR 1202.2(j)", "30 DCMR 1202.2(k)"]
    assert any("member in charge" in f.message for f in findings)


def test_senior_exemptions_from_members_and_age():
    # A senior group applying for bingo A-C or MCN skips 1200.2(c),(d) (30 DCMR 1201.2, 1201.4)...
    young = eligible(founded_on=None, is_senior_group=True)
    assert organization_findings(young, facts=facts(members=12), on=ON, exempt_members_and_age=True) == []
    # ...but not the rest of 1200.2, nor the responsible people.
    findings = organization_findings(eligible(founded_on=None, incorporated_in_dc=False), facts=facts(roles=()),
                                     on=ON, exempt_members_and_age=True)
    assert rules(findings) == {"30 DCMR 1200.2(a)", "30 DCMR 1202.2(j)", "30 DCMR 1202.2(k)"}


def test_class_d_exempts_all_of_1200_2_but_not_the_responsible_people_or_1201_1():
    blank = OrganizationFactory.build(is_senior_group=True)
    findings = organization_findings(blank, facts=facts(members=3, roles=()), on=ON, exempt_all=True)
    assert rules(findings) == {"30 DCMR 1201.1", "30 DCMR 1202.2(j)", "30 DCMR 1202.2(k)"}


def test_profile_facts_are_read_from_the_database():
    organization = eligible_organization(members=20)
    OrganizationMemberFactory(organization=organization, is_active=False)
    read = profile_facts(organization)
    assert read.active_members == 20 and read.responsible_roles == ALL_ROLES
    assert organization_findings(organization) == []
    organization.members.filter(pk=organization.members.first().pk).update(is_active=False)
    assert rules(organization_findings(organization)) == {"30 DCMR 1200.2(c)"}


def test_senior_group_members_must_be_sixty_or_fifty_five_with_a_disability():
    organization = eligible_organization(members=10, is_senior_group=True)  # members born 1950
    on = dt.date(2025, 6, 1)
    OrganizationMemberFactory(organization=organization, date_of_birth=dt.date(1968, 1, 1), is_disabled=True)  # 57
    assert organization_findings(organization, on=on, exempt_members_and_age=True) == []
    OrganizationMemberFactory(organization=organization, date_of_birth=dt.date(1968, 1, 1))  # 57, not disabled
    OrganizationMemberFactory(organization=organization, date_of_birth=None)
    findings = organization_findings(organization, on=on, exempt_members_and_age=True)
    assert rules(findings) == {"30 DCMR 1201.1"}
    assert any("1 active member is younger" in f.message for f in findings)
    assert any("1 is missing" in f.message for f in findings)


def test_a_senior_group_is_judged_by_the_age_in_force_on_the_day_judged():
    # The Board raises the senior age to 65 (55 with a disability unchanged) from 1 January 2026 (senior.age): a
    # group whose members are 62 is a senior group for an application of December 2025, not of January 2026.
    board_number("senior.age", 65, since=dt.date(2026, 1, 1))
    organization = eligible_organization(members=0, is_senior_group=True)
    for _ in range(10):
        OrganizationMemberFactory(organization=organization, date_of_birth=dt.date(1963, 6, 1))  # 62 in both
    assert senior_group_checked(organization, on=dt.date(2025, 12, 31))
    assert not senior_group_checked(organization, on=dt.date(2026, 1, 2))
    [finding] = organization_findings(organization, on=dt.date(2026, 1, 2), exempt_members_and_age=True)
    assert finding.rule == "30 DCMR 1201.1"
    assert "must be 65 or older (55 with a disability); 10 active members are younger" in finding.message


def test_the_member_count_of_1200_2_c_is_the_one_in_force():
    board_number("organization.minimum_members", 25, since=dt.date(2026, 1, 1))
    assert organization_findings(eligible(), facts=facts(members=20), on=dt.date(2025, 12, 31)) == []
    [finding] = organization_findings(eligible(), facts=facts(members=20), on=dt.date(2026, 1, 1))
    assert finding.rule == "30 DCMR 1200.2(c)" and "at least 25 active members" in finding.message
