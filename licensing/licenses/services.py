"""Issuing licenses after the Board approves, and keeping them current.

- Number: "<prefix>-<year of issue>-<sequence>", e.g. BG-2026-00042, the sequence counted per type and year.
  Two issues racing for the same number: the unique index refuses the second, which retries with the next.
- Original: effective the day of issue, for the days of `license.term_days` (the Board's register) in force on
  the day it takes effect.
- Renewal: effective the day after the renewed license expires (today if it already has), same term.
  The renewed license stays ACTIVE until then, because it is still the one in force; it becomes
  SUPERSEDED on the day its successor starts (at issue when that is today, else by the daily task).
- Multi-hall add-on: never beyond the expiry of the bingo license it attaches to (30 DCMR 1414).
- Amendment: no new license (License.application is one-to-one); the amended license takes the new premises
  and schedule and keeps its dates (30 DCMR 1204.4-1204.5), and the change is in the audit trail.
"""

import datetime as dt
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.findings import Finding, RuleViolation
from core.money import money_text
from core.queue import enqueue_on_commit
from licensing.licenses import events
from licensing.licenses.rules import AMENDMENT_RULE
from licensing.licenses.settlement import fee_settlement
from licensing.licenses.tasks import license_certificate_build
from licensing.models import Application, ChangeKind, License
from licensing.models.choices import ApplicationKind, ApplicationStatus, LicenseStatus, LicenseType
from licensing.organizations.services import substantial_change_record, substantial_changes_take_in
from licensing.register.values import value

NUMBER_PREFIXES = {
    LicenseType.BINGO: "BG",
    LicenseType.RAFFLE: "RF",
    LicenseType.MONTECARLO: "MC",
    LicenseType.MULTIHALL: "MH",
    LicenseType.VENDOR: "VD",
}
NUMBER_DIGITS = 5
NUMBER_ATTEMPTS = 5
MULTIHALL_RULE = "30 DCMR 1414"


@dataclass(frozen=True)
class LicenseTerms:
    effective_on: dt.date
    expires_on: dt.date
    parent: License | None


def _bingo_license_for(license: License) -> License | None:
    """The bingo license a multi-hall license rides on, followed to its latest renewal."""
    bingo = license
    while bingo is not None and bingo.license_type != LicenseType.BINGO:
        bingo = bingo.parent
    while bingo is not None:
        successor = (
            License.objects.filter(
                parent=bingo, license_type=LicenseType.BINGO, application__kind=ApplicationKind.RENEWAL
            )
            .exclude(status=LicenseStatus.REVOKED)
            .order_by("-effective_on")
            .first()
        )
        if successor is None:
            break
        bingo = successor
    return bingo


def license_terms(*, application: Application, today: dt.date | None = None) -> LicenseTerms:
    """The dates a license issued now for this application would carry; raises when none may issue."""
    today = today or timezone.localdate()
    base = application.base_license
    needs_base = application.kind != ApplicationKind.ORIGINAL or application.license_type == LicenseType.MULTIHALL
    if needs_base and base is None:
        raise ValidationError({"base_license": _("A renewal, an amendment or a multi-hall add-on names its license.")})
    if application.kind == ApplicationKind.AMENDMENT:
        if base.status != LicenseStatus.ACTIVE:
            raise RuleViolation(Finding(
                AMENDMENT_RULE, gettext("only a license in force can be amended."),
                field="base_license",
            ))
        return LicenseTerms(effective_on=base.effective_on, expires_on=base.expires_on, parent=base)

    if application.kind == ApplicationKind.RENEWAL:
        effective = max(today, base.expires_on + dt.timedelta(days=1))
    else:
        effective = today
    # The term in force on the day the license takes effect: a renewal effective after a change runs the new term.
    expires = effective + dt.timedelta(days=value("license.term_days", effective) - 1)
    if application.license_type == LicenseType.MULTIHALL:
        bingo = _bingo_license_for(base)
        if bingo is None or bingo.status != LicenseStatus.ACTIVE or bingo.expires_on < effective:
            raise RuleViolation(Finding(
                MULTIHALL_RULE,
                gettext("a multi-hall license needs a bingo license in force for its whole term."),
                field="base_license",
            ))
        expires = min(expires, bingo.expires_on)
    return LicenseTerms(effective_on=effective, expires_on=expires, parent=base)


def license_schedule(*, application: Application) -> list[dict]:
    """The schedule as licensed: bingo occasions (1202.2(m)), the Monte Carlo Night (1202.2(o)) or the
    raffle drawing (1202.2(n))."""
    if application.license_type in (LicenseType.BINGO, LicenseType.MULTIHALL):
        return [
            {"date": o.date.isoformat(), "starts_at": o.starts_at.strftime("%H:%M"),
             "ends_at": o.ends_at.strftime("%H:%M"), "premises": o.premises_id}
            for o in application.occasions.order_by("date", "starts_at")
        ]
    if application.license_type == LicenseType.MONTECARLO and application.event_starts_at:
        starts = timezone.localtime(application.event_starts_at)
        ends = timezone.localtime(application.event_ends_at) if application.event_ends_at else None
        return [{"date": starts.date().isoformat(), "starts_at": starts.strftime("%H:%M"),
                 "ends_at": ends.strftime("%H:%M") if ends else None, "premises": application.premises_id}]
    if application.license_type == LicenseType.RAFFLE and application.drawing_at:
        drawing = timezone.localtime(application.drawing_at)
        return [{"date": drawing.date().isoformat(), "starts_at": drawing.strftime("%H:%M"), "ends_at": None,
                 "premises": None, "place": application.drawing_place}]
    return []


def _next_number(license_type: str, year: int) -> str:
    prefix = f"{NUMBER_PREFIXES[LicenseType(license_type)]}-{year}-"
    # Zero-padded, so the highest number sorts last as text.
    last = (
        License.objects.filter(number__startswith=prefix).order_by("-number").values_list("number", flat=True).first()
    )
    sequence = int(last.rsplit("-", 1)[1]) + 1 if last else 1
    return f"{prefix}{sequence:0{NUMBER_DIGITS}d}"


def fee_settled_require(*, application: Application) -> None:
    """A license issues only once its application's fee is paid in full or waived (licensing.fees): the
    application carries its license fee (30 DCMR 1202.2(r)), whose amount 1204 sets."""
    settlement = fee_settlement(application=application)
    if not settlement.settled:
        raise ValidationError({"fee": gettext(
            "The application fee of %(due)s is not settled: %(balance)s remains to be paid. The license issues "
            "once the fee is paid in full or waived (30 DCMR 1202.2(r)).") % {"due": money_text(settlement.due),
                                                          "balance": money_text(settlement.balance)}},
            code="fee_unsettled")


def licensed_name(application: Application) -> str:
    """The name the Board decided on: the organization's as the application was submitted (its snapshot)."""
    return (application.submitted_snapshot or {}).get("organization", {}).get("name") or application.organization.name


def _certificate_build_after_commit(license: License) -> None:
    """Record that a certificate is owed, in the caller's transaction, and start its build after the commit. The
    broker down then: the license is issued all the same, the certificates' sweep starts the build (core.queue)."""
    requested_at = timezone.now()
    License.objects.filter(pk=license.pk).update(certificate_requested_at=requested_at)
    license.certificate_requested_at = requested_at
    enqueue_on_commit(license_certificate_build, license_id=license.pk, requested_at=requested_at.isoformat())


@transaction.atomic
def license_issue(*, application: Application, today: dt.date | None = None) -> License:
    """Issue the license of an approved application (or amend its base license); returns that license."""
    today = today or timezone.localdate()
    application = Application.objects.select_for_update().get(pk=application.pk)
    if application.status != ApplicationStatus.APPROVED:
        raise ValidationError({"status": _("A license issues only for an approved application.")})
    if License.objects.filter(application=application).exists():
        # One application, one license and one fee, co-sponsors included: they hold one license, pay one fee and
        # file one financial report (30 DCMR 1203.2).
        raise ValidationError({"status": _("This application's license has already been issued: one application "
                                           "holds one license, co-sponsors included (30 DCMR 1203.2).")})
    fee_settled_require(application=application)
    terms = license_terms(application=application, today=today)
    schedule = license_schedule(application=application)
    if application.kind == ApplicationKind.AMENDMENT:
        return _license_amend(application=application, schedule=schedule)

    for attempt in range(NUMBER_ATTEMPTS):
        number = _next_number(application.license_type, today.year)
        try:
            with transaction.atomic():
                license = License.objects.create(
                    number=number, organization=application.organization, licensed_name=licensed_name(application),
                    application=application,
                    license_type=application.license_type, license_class=application.license_class,
                    period=application.period, effective_on=terms.effective_on, expires_on=terms.expires_on,
                    premises=application.premises, schedule=schedule, parent=terms.parent,
                )
            break
        except IntegrityError:
            if attempt == NUMBER_ATTEMPTS - 1:
                raise
    events.license_issued(application=application, license=license, parent=terms.parent)
    if license.licensed_name != application.organization.name:
        # Renamed while the application was pending: the license carries the name filed, and the new one
        # needs its amended application like any change after issue (30 DCMR 1202.3).
        substantial_change_record(actor=None, organization=application.organization, kind=ChangeKind.NAME,
                                  changes={"name": [license.licensed_name, application.organization.name]},
                                  licenses=[license])
    if application.kind == ApplicationKind.RENEWAL and license.effective_on <= today:
        license_predecessor_supersede(license=license, today=today)
    _certificate_build_after_commit(license)
    return license


def _license_amend(*, application: Application, schedule: list[dict]) -> License:
    base = License.objects.select_for_update().get(pk=application.base_license_id)
    before = {"premises": base.premises_id, "schedule": base.schedule, "licensed_name": base.licensed_name}
    if application.premises_id:
        base.premises_id = application.premises_id
    if schedule:
        base.schedule = schedule
    base.licensed_name = licensed_name(application)  # the public lookup shows the new name from now on
    base.save(update_fields=["premises", "schedule", "licensed_name"])
    taken_in = substantial_changes_take_in(application=application, license=base)
    events.license_amended(application=application, base=base, before=before, taken_in=taken_in)
    _certificate_build_after_commit(base)  # the certificate shows the premises and schedule
    return base


@transaction.atomic
def license_predecessor_supersede(*, license: License, today: dt.date | None = None) -> License | None:
    """The renewed license stops being the one in force when its successor starts."""
    if license.parent_id is None or license.effective_on > (today or timezone.localdate()):
        return None
    parent = License.objects.select_for_update().get(pk=license.parent_id)
    if parent.status != LicenseStatus.ACTIVE:
        return None
    parent.status = LicenseStatus.SUPERSEDED
    parent.save(update_fields=["status"])
    events.license_superseded(license=license, parent=parent)
    return parent


def licenses_supersede_started(*, today: dt.date | None = None) -> list[License]:
    """Daily: retire every renewed license whose successor has started. Safe to run again."""
    today = today or timezone.localdate()
    started = License.objects.filter(
        application__kind=ApplicationKind.RENEWAL, effective_on__lte=today, status=LicenseStatus.ACTIVE,
        parent__status=LicenseStatus.ACTIVE,
    ).select_related("parent")
    return [parent for license in started if (parent := license_predecessor_supersede(license=license, today=today))]
