"""The audit events of the payout desk, one typed function each. No event carries a taxpayer number, an address
or an identification: the amounts, the form's number and who acted."""

from licensing.audit.events import audit_event_record
from licensing.models import AuditEvent, Organization, Payout, User


def _facts(payout: Payout) -> dict:
    return {"payout": payout.pk, "game": payout.game, "label": payout.label, "prize": payout.prize}


def payout_paid(*, actor: User, payout: Payout) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.payout_paid", actor=actor, organization=payout.organization, target=payout,
        payload={**_facts(payout), "amount": payout.amount, "method": payout.method,
                 "check_number": payout.check_number, "paid_on": payout.paid_on, "w2g": payout.w2g,
                 "form_number": payout.form_number, "withheld": payout.withheld,
                 "backup_withholding": payout.backup_withholding})


def payout_voided(*, actor: User | None, payout: Payout) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.payout_voided", actor=actor, organization=payout.organization, target=payout,
        payload={**_facts(payout), "reason": payout.void_reason})


def payout_tin_viewed(*, actor: User, payout: Payout) -> AuditEvent:
    return audit_event_record(
        event_type="licensing.payout_tin_viewed", actor=actor, organization=payout.organization, target=payout,
        payload={"payout": payout.pk, "form_number": payout.form_number})


def payout_tins_exported(*, actor: User, organization: Organization, year: int, forms: list[str]) -> AuditEvent:
    """The year's list with the full taxpayer numbers was downloaded: which forms' numbers left the system, not
    the numbers themselves."""
    return audit_event_record(event_type="licensing.payout_tins_exported", actor=actor, organization=organization,
                              target=organization, payload={"year": year, "count": len(forms), "forms": forms})


def payout_identities_purged(*, count: int, before) -> AuditEvent:
    return audit_event_record(event_type="licensing.payout_identities_purged", actor=None,
                              payload={"count": count, "paid_before": before})


def payout_identities_resealed(*, count: int) -> AuditEvent:
    return audit_event_record(event_type="licensing.payout_identities_resealed", actor=None,
                              payload={"count": count})
