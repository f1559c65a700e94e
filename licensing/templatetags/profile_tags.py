"""Pieces of the organization profile shown on other pages (the organization page)."""

from django import template

from licensing.organizations.eligibility import organization_findings

register = template.Library()


@register.inclusion_tag("licensing/profile/_eligibility.html")
def eligibility_summary(organization):
    """What the profile still lacks for 30 DCMR 1200.2, 1201.1 and 1202.2(j),(k), with no exemption
    assumed: senior groups' exemptions depend on the license applied for and show in the application."""
    return {"organization": organization, "findings": organization_findings(organization)}


@register.inclusion_tag("licensing/profile/_nav.html")
def profile_nav(organization, current: str, can_read_records: bool):
    """The profile's pages; the records' (members, responsible people, documents) only for those who may open
    them (organization_selectors.can_read_records): a game role is shown no link that answers 404."""
    return {"organization": organization, "current": current, "can_read_records": can_read_records}
