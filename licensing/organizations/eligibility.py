"""Is the organization itself eligible? The facts of 30 DCMR 1200.2 (a)-(e), 1201.1 and
1202.2 (j)-(l) checked against its profile, as Findings that carry their citation.

Use from an application check (licensing/applications/checks.py does):

    findings = organization_findings(application.organization, on=application_date, exempt_all=True)

`organization_findings` decides nothing about which exemptions apply: the caller says so,
because they depend on the license applied for (1201.2-1201.4; see
`applications.checks.exemptions`). It is pure when given
`facts`; without them it reads the counts it needs with `profile_facts` (three queries)."""

from dataclasses import dataclass
from datetime import date

from django.utils import timezone
from django.utils.translation import gettext as _

from core.findings import Finding
from licensing.models import Organization
from licensing.models.choices import DeterminationLetter, ResponsibleRole
from licensing.organizations.rules import senior_ages, senior_group_findings
from licensing.register.values import value

RESPONSIBLE_RULES = {
    ResponsibleRole.MEMBER_IN_CHARGE: "30 DCMR 1202.2(j)",
    ResponsibleRole.ALTERNATE: "30 DCMR 1202.2(j)",
    ResponsibleRole.GROSS_RECEIPTS: "30 DCMR 1202.2(k)",
}


@dataclass(frozen=True)
class ProfileFacts:
    """What the findings need beyond the organization row itself."""

    active_members: int
    responsible_roles: frozenset[str]
    senior_members_too_young: int = 0  # active members under 60 (55 if disabled)
    senior_members_without_birth_date: int = 0


def years_before(on: date, years: int) -> date:
    try:
        return on.replace(year=on.year - years)
    except ValueError:  # 29 February in a year that has none
        return on.replace(year=on.year - years, day=28)


def profile_facts(organization: Organization, *, on: date | None = None) -> ProfileFacts:
    """Read the counts from the database (not scoped: the caller already holds the organization)."""
    on = on or timezone.localdate()
    members = organization.members.filter(is_active=True)
    facts = {
        "active_members": members.count(),
        "responsible_roles": frozenset(
            organization.responsible_people.filter(is_current=True).values_list("role", flat=True)
        ),
    }
    if organization.is_senior_group:
        age, age_disabled = senior_ages(on)  # 30 DCMR 1201.1, the ages in force on the day judged
        facts["senior_members_too_young"] = (
            members.filter(is_disabled=False, date_of_birth__gt=years_before(on, age)).count()
            + members.filter(is_disabled=True, date_of_birth__gt=years_before(on, age_disabled)).count()
        )
        facts["senior_members_without_birth_date"] = members.filter(date_of_birth__isnull=True).count()
    return ProfileFacts(**facts)


def senior_findings(organization: Organization, facts: ProfileFacts, *, on: date | None = None) -> list[Finding]:
    """Why the profile does not show the senior group the organization says it is (30 DCMR 1201.1)."""
    if not organization.is_senior_group:
        return []
    return senior_group_findings(active_members=facts.active_members, too_young=facts.senior_members_too_young,
                                 without_birth_date=facts.senior_members_without_birth_date, on=on)


def senior_group_checked(organization: Organization, *, on: date | None = None,
                         facts: ProfileFacts | None = None) -> bool:
    """The organization applies as a senior group (its profile says so, 1202.2(i)) and the profile shows
    one (1201.1): the only source of the senior exemptions (1201.2-1201.4) and fees (1204.1, 1204.19)."""
    if not organization.is_senior_group:
        return False
    facts = facts if facts is not None else profile_facts(organization, on=on)
    return not senior_findings(organization, facts, on=on)


def organization_findings(
    organization: Organization,
    *,
    exempt_members_and_age: bool = False,
    exempt_all: bool = False,
    on: date | None = None,
    facts: ProfileFacts | None = None,
) -> list[Finding]:
    """Every missing or failing eligibility fact of the organization, each citing its rule.

    exempt_members_and_age: skip 1200.2(c) (20 members) and (d) (one year), as for a senior
        group applying for bingo Class A-C (1201.2) or Monte Carlo Night (1201.4).
    exempt_all: skip all of 1200.2, as for a senior group applying for Class D bingo (1201.3).
    on: the date the facts are judged on (the application date); today by default.
    facts: the counts, when the caller has them; read from the database otherwise.
    Senior groups always need 10 members aged 60+ (55+ if disabled) (1201.1), and every
    organization names its responsible people (1202.2(j),(k)): no exemption covers those.
    """
    on = on or timezone.localdate()
    facts = facts if facts is not None else profile_facts(organization, on=on)
    skip_members_and_age = exempt_all or exempt_members_and_age
    findings: list[Finding] = []

    if not exempt_all:
        if not organization.incorporated_in_dc:
            findings.append(Finding("30 DCMR 1200.2(a)", _(
                "The organization must be incorporated in the District of Columbia as a nonprofit, "
                "charitable, educational or religious organization."), field="incorporated_in_dc"))
        if organization.determination_letter == DeterminationLetter.NONE:
            findings.append(Finding("30 DCMR 1200.2", _(
                "Contributions must be tax deductible: a current IRS or DC determination letter is required."),
                field="determination_letter"))
        if not organization.purpose.strip():
            findings.append(Finding("30 DCMR 1200.2(b)", _(
                "State the lawful purpose in the District that the constitution or bylaws authorize."),
                field="purpose"))
        if not organization.operates_without_profit:
            findings.append(Finding("30 DCMR 1200.2(e)", _(
                "The organization must operate without profit to its members."), field="operates_without_profit"))

    findings.extend(_member_findings(organization, facts, skip_members_and_age, on))
    if not skip_members_and_age:
        findings.extend(_age_findings(organization, on))

    for role, rule in RESPONSIBLE_RULES.items():
        if role not in facts.responsible_roles:
            findings.append(Finding(rule, _("Name the %(role)s, with address, phone and date of birth.")
                                    % {"role": role.label.lower()}, field="responsible_people"))
    return findings


def _member_findings(organization: Organization, facts: ProfileFacts, skip: bool, on: date) -> list[Finding]:
    # A senior group that is not exempt for this license (a raffle, or a profile that does not show a
    # senior group) needs the 20 members of 1200.2(c) like any organization.
    findings = senior_findings(organization, facts, on=on)
    minimum = value("organization.minimum_members", on)  # 30 DCMR 1200.2(c), in force on the day judged
    if not skip and facts.active_members < minimum:
        findings.append(Finding("30 DCMR 1200.2(c)", _(
            "The organization needs at least %(minimum)s active members in good standing; it has %(count)s.")
            % {"minimum": minimum, "count": facts.active_members}, field="members"))
    return findings


def _age_findings(organization: Organization, on: date) -> list[Finding]:
    if organization.founded_on is None:
        return [Finding("30 DCMR 1200.2(d)", _(
            "Enter the date the organization was founded: it must have existed for at least one year."),
            field="founded_on")]
    if organization.founded_on > years_before(on, 1):
        return [Finding("30 DCMR 1200.2(d)", _(
            "The organization must have existed for at least one year before applying; it was founded on "
            "%(founded)s.") % {"founded": organization.founded_on.isoformat()}, field="founded_on")]
    return []
