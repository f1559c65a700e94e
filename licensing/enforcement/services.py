"""Enforcement: suspension, revocation and fines (30 DCMR 1210.1, 1704.1), and the daily
status upkeep that ends suspensions and expires licenses.

Every action is validated in full before anything is written, records an EnforcementAction
and an audit event in one transaction, and tells the organization by email only once that
transaction has committed (so nobody is told about an action that was rolled back)."""

import datetime as dt
import re
from collections.abc import Callable
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.findings import Finding, RuleViolation
from core.money import money_text, parse_money
from licensing.enforcement import events
from licensing.licenses.rules import reasons_for_licensee
from licensing.models import AuditEvent, EnforcementAction, License, User
from licensing.models.choices import DenialReason, EnforcementKind, LicenseStatus, LicenseType
from licensing.organizations.mail import organization_email_send
from licensing.register.values import value as register_value

# The longest suspension (30 DCMR 1210.1) and the largest fine per violation (1704.1) are the Board's register's,
# read as in force on the day the Board acts: a penalty is judged by the law of the day it is imposed.
SUSPENSION_MAX_DAYS_KEY = "enforcement.suspension_max_days"
FINE_MAX_KEY = "enforcement.fine_max_per_violation"
# "30 DCMR 1408.1", "1408.1", "30 DCMR 1206.4(a)": the forms a rule citation may take.
_CITATION = re.compile(r"^(?:30 DCMR )?(\d{4}(?:\.\d+)?(?:\([a-z0-9]+\))*)$", re.IGNORECASE)


# --- validation (pure: raises, writes nothing) ---


def _require_board_staff(actor: User) -> None:
    if actor is None or not actor.is_authenticated or not actor.is_board_staff:
        raise PermissionDenied(_("Only board staff may take enforcement action."))


def _reasons_clean(reasons, *, license: License) -> list[str]:
    valid = set(DenialReason.values)
    reasons = [str(reason).strip().lower() for reason in (reasons or [])]
    if not reasons or any(reason not in valid for reason in reasons):
        raise RuleViolation(Finding(
            "30 DCMR 1210.1",
            _("give at least one reason, each one of (a) to (f)"),
            field="reasons",
        ))
    misfit = reasons_for_licensee(reasons, vendor=license.license_type == LicenseType.VENDOR)
    if misfit:
        raise RuleViolation(misfit)
    return sorted(set(reasons))


def _rules_clean(rules, reasons: list[str]) -> list[str]:
    cleaned = []
    for rule in rules or []:
        match = _CITATION.match(str(rule).strip())
        if match is None:
            raise ValidationError(
                {"rules": _("“%(rule)s” is not a citation such as “30 DCMR 1408.1”.") % {"rule": rule}},
                code="invalid",
            )
        citation = f"30 DCMR {match.group(1).lower()}"
        if citation not in cleaned:
            cleaned.append(citation)
    # Reason (d) is a breach of the Act or the rules: the record must say which rule.
    if DenialReason.D in reasons and not cleaned:
        raise RuleViolation(Finding(
            "30 DCMR 1210.1",
            _("reason (d) is a violation of the Act or the rules: cite the rule or rules violated"),
            field="rules",
        ))
    return cleaned


def _explanation_clean(explanation: str) -> str:
    explanation = (explanation or "").strip()
    if not explanation:
        raise ValidationError({"explanation": _("Explain the action.")}, code="required")
    return explanation


def _require_status(license: License, allowed: tuple[str, ...], message) -> None:
    if license.status not in allowed:
        raise ValidationError({"license": message}, code="invalid_status")


def _money(value, field: str) -> Decimal:
    amount = parse_money(value, field=field)  # digits 0-9, whole cents, not negative
    if amount <= 0:
        raise ValidationError({field: _("Enter an amount above zero, in dollars and cents.")}, code="invalid")
    return amount


# --- effects ---


# Suspension and revocation both trigger 30 DCMR 1411.5: net proceeds are distributed at once.
SUBJECTS = {
    EnforcementKind.SUSPENSION: _("License %(number)s suspended (30 DCMR 1210.1)"),
    EnforcementKind.REVOCATION: _("License %(number)s revoked (30 DCMR 1210.1)"),
    EnforcementKind.FINE: _("Fine on license %(number)s (30 DCMR 1704.1)"),
}


def _notify(*, action: EnforcementAction) -> None:
    license = action.license
    # In the action's transaction: the outbox row commits with it and the mail leaves after the commit (core.mail).
    organization_email_send(
        organization=license.organization,
        subject=SUBJECTS[action.kind] % {"number": license.number},
        template="licensing/enforcement/email_action.txt",
        context={"action": action, "license": license,
                 "reason_labels": [DenialReason(reason).label for reason in action.reasons]},
        after_commit=True,
    )


def _record(*, actor: User, license: License, kind: str, reasons: list[str], rules: list[str], explanation: str,
            event: Callable[..., AuditEvent], **fields) -> EnforcementAction:
    action = EnforcementAction(
        license=license, kind=kind, reasons=reasons, rules=rules, explanation=explanation, issued_by=actor, **fields,
    )
    action.full_clean()
    action.save()
    event(actor=actor, action=action)
    _notify(action=action)
    return action


@transaction.atomic
def license_suspend(*, actor: User, license: License, days: int, reasons: list[str], rules: list[str],
                    explanation: str, starts_on: dt.date | None = None) -> EnforcementAction:
    """Suspend for 1 to 60 days (30 DCMR 1210.1; the most in force today). `ends_on` and `suspended_until` are
    the last day suspended, so a 60-day suspension starting today ends on today + 59 and lifts the day after."""
    _require_board_staff(actor)
    license = License.objects.select_for_update().get(pk=license.pk)
    today = timezone.localdate()
    starts_on = starts_on or today
    try:
        days = int(days)
    except (TypeError, ValueError):
        raise ValidationError({"days": _("Enter a whole number of days.")}, code="invalid")
    most = register_value(SUSPENSION_MAX_DAYS_KEY, today)
    if not 1 <= days <= most:
        raise RuleViolation(Finding(
            "30 DCMR 1210.1",
            _("a suspension lasts at least 1 and at most %(max)d days") % {"max": most},
            field="days",
        ))
    reasons = _reasons_clean(reasons, license=license)
    rules = _rules_clean(rules, reasons)
    explanation = _explanation_clean(explanation)
    _require_status(license, (LicenseStatus.ACTIVE,), _("Only an active license can be suspended."))
    if starts_on < today:
        raise ValidationError({"starts_on": _("A suspension cannot start in the past.")}, code="invalid")
    ends_on = starts_on + dt.timedelta(days=days - 1)
    if starts_on > license.expires_on:
        raise ValidationError({"starts_on": _("The license expires before the suspension would start.")},
                              code="invalid")
    pending = EnforcementAction.objects.filter(
        license=license, kind=EnforcementKind.SUSPENSION, ends_on__gte=starts_on, starts_on__lte=ends_on
    )
    if pending.exists():
        raise ValidationError({"starts_on": _("Another suspension of this license covers these dates.")},
                              code="overlap")

    if starts_on == today:
        license.status = LicenseStatus.SUSPENDED
        license.suspended_until = ends_on
        license.save(update_fields=["status", "suspended_until"])
    # A suspension starting later begins with the daily job (license_statuses_refresh).
    return _record(
        actor=actor, license=license, kind=EnforcementKind.SUSPENSION, reasons=reasons, rules=rules,
        explanation=explanation, event=events.license_suspended, starts_on=starts_on, ends_on=ends_on,
    )


@transaction.atomic
def license_revoke(*, actor: User, license: License, reasons: list[str], rules: list[str],
                   explanation: str) -> EnforcementAction:
    """Revoke (30 DCMR 1210.1). Final: nothing moves a revoked license back to any other status."""
    _require_board_staff(actor)
    license = License.objects.select_for_update().get(pk=license.pk)
    reasons = _reasons_clean(reasons, license=license)
    rules = _rules_clean(rules, reasons)
    explanation = _explanation_clean(explanation)
    _require_status(license, (LicenseStatus.ACTIVE, LicenseStatus.SUSPENDED),
                    _("Only an active or suspended license can be revoked."))

    license.status = LicenseStatus.REVOKED
    license.suspended_until = None
    license.save(update_fields=["status", "suspended_until"])
    return _record(
        actor=actor, license=license, kind=EnforcementKind.REVOCATION, reasons=reasons, rules=rules,
        explanation=explanation, event=events.license_revoked, starts_on=timezone.localdate(),
    )


@transaction.atomic
def license_fine(*, actor: User, license: License, violations: int, reasons: list[str], rules: list[str],
                 explanation: str, amount_per_violation: Decimal | None = None,
                 fine_amount: Decimal | None = None) -> EnforcementAction:
    """Fine of at most $1,000 per violation (30 DCMR 1704.1; the most in force today). Give the amount per
    violation or the total; a total is checked against the cap for the number of violations."""
    _require_board_staff(actor)
    try:
        violations = int(violations)
    except (TypeError, ValueError):
        raise ValidationError({"violations": _("Enter a whole number of violations.")}, code="invalid")
    if not 1 <= violations <= 32767:
        raise ValidationError({"violations": _("Enter at least one violation.")}, code="invalid")
    if (amount_per_violation is None) == (fine_amount is None):
        raise ValidationError(
            {"amount_per_violation": _("Give the amount per violation or the total fine (one of the two).")},
            code="invalid",
        )
    most = register_value(FINE_MAX_KEY, timezone.localdate())
    cap = most * violations
    if amount_per_violation is not None:
        field, per_violation = "amount_per_violation", _money(amount_per_violation, "amount_per_violation")
        total = per_violation * violations
        over = per_violation > most
    else:
        field, total = "fine_amount", _money(fine_amount, "fine_amount")
        over = total > cap
    if over:
        raise RuleViolation(Finding(
            "30 DCMR 1704.1",
            _("a fine is at most %(most)s per violation (%(cap)s for %(n)d)")
            % {"most": money_text(most), "cap": money_text(cap), "n": violations},
            field=field,
        ))
    reasons = _reasons_clean(reasons, license=license)
    rules = _rules_clean(rules, reasons)
    explanation = _explanation_clean(explanation)
    license = License.objects.get(pk=license.pk)

    return _record(
        actor=actor, license=license, kind=EnforcementKind.FINE, reasons=reasons, rules=rules,
        explanation=explanation, event=events.license_fined, starts_on=timezone.localdate(),
        violations=violations, fine_amount=total,
    )


# --- the daily upkeep (a scheduled task; no actor) ---


@transaction.atomic
def license_statuses_refresh(*, today: dt.date | None = None) -> dict[str, int]:
    """Start suspensions whose day has come, lift those that have run their course, and expire
    licenses past their expiry date. Idempotent: a second run the same day changes nothing."""
    today = today or timezone.localdate()
    counts = {"suspended": 0, "lifted": 0, "expired": 0}

    lifting = License.objects.select_for_update(of=("self",)).filter(
        status=LicenseStatus.SUSPENDED, suspended_until__lt=today
    ).select_related("organization")
    for license in lifting:
        ended = license.suspended_until
        license.status, license.suspended_until = LicenseStatus.ACTIVE, None
        license.save(update_fields=["status", "suspended_until"])
        events.suspension_lifted(license=license, ended=ended)
        counts["lifted"] += 1

    # After lifting, so a suspension that follows right on another one starts the same day.
    starting = EnforcementAction.objects.filter(
        kind=EnforcementKind.SUSPENSION, starts_on__lte=today, ends_on__gte=today, license__status=LicenseStatus.ACTIVE,
        license__expires_on__gte=today,
    ).select_related("license__organization")
    for action in starting:
        license = action.license
        license.status, license.suspended_until = LicenseStatus.SUSPENDED, action.ends_on
        license.save(update_fields=["status", "suspended_until"])
        events.suspension_started(license=license, action=action)
        counts["suspended"] += 1

    # Revoked stays revoked and superseded stays superseded; only live licenses lapse.
    expiring = License.objects.select_for_update(of=("self",)).filter(
        status__in=[LicenseStatus.ACTIVE, LicenseStatus.SUSPENDED], expires_on__lt=today
    ).select_related("organization")
    for license in expiring:
        previous = license.status
        license.status, license.suspended_until = LicenseStatus.EXPIRED, None
        license.save(update_fields=["status", "suspended_until"])
        events.license_expired(license=license, previous=previous)
        counts["expired"] += 1
    return counts
